// Issue 47.2: the progress line starts where a request starts (the request core), not when a command
// gets the client. A run that gets the client and asks nothing draws nothing on its terminal, beside a
// control that asks and is held at a gate: once the control's line is on its stderr, the run under
// test has waited at least as long (the same delay, armed no later). Synchronised on output, not time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { startGate } from './support/gate.js';
import { testContext } from './support/run.js';
import { IOStreams } from '../src/io/streams.js';
import { openRun } from '../src/remote/run.js';
import { loadSettings } from '../src/config/load.js';

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate();
});
afterAll(async () => {
  await fake.close();
});

/** The Weblate object of a run on a pretend terminal (stdout and stderr TTYs), its server the one at url. */
function runOn(url: string) {
  const ctx = testContext({ tty: true, env: { WLI_URL: url } });
  const io = new IOStreams(ctx);
  const { weblate } = openRun(ctx, io, loadSettings({}, ctx).settings, 'test', 'translation');
  return { ctx, weblate };
}

describe('the progress line starts with a request', () => {
  it('getting the client draws nothing; a held request beside it draws "translation …"', async () => {
    const TRANSLATION = (u: string) => u.includes('/translations/big/strings/xx/');
    const gate = await startGate(fake, TRANSLATION);
    const idle = runOn(gate.url);
    const asking = runOn(gate.url);
    idle.weblate.client();
    const answer = asking.weblate.client().getJson('translations/big/strings/xx/');
    try {
      await gate.holding();
      await vi.waitFor(() => expect(asking.ctx.stderr.text).toMatch(/translation …/), { timeout: 20_000, interval: 20 });
      expect(idle.ctx.stderr.text).toBe('');
      gate.release();
      expect((await answer).status).toBe(200);
    } finally {
      gate.release();
      await answer.catch(() => undefined);
      await idle.weblate.close();
      await asking.weblate.close();
      await gate.close();
    }
  });
});
