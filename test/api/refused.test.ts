// refusedByServer (src/api/errors.ts): the one place a server's HTTP 400 becomes a usage error with the
// command's words (issue 47.2). A table on plain errors; each command's own 400 is held end to end by
// its tests (changes in history-gates, checks, units, download, memory, exact-search).
import { describe, expect, it } from 'vitest';
import { HttpError, NotFoundError, ServerError, refusedByServer } from '../../src/api/errors.js';
import { EXIT, UsageError } from '../../src/core/errors.js';
import { msg } from '../../src/core/text.js';

const URL_ = 'https://weblate.example/api/units/?q=x';
const http = (status: number, serverMessage?: string) => new HttpError({ status, url: URL_, serverMessage, method: 'POST' });
const hint = msg`check -q`;

describe('refusedByServer', () => {
  it.each([
    [
      'a 400 with the server message',
      http(400, 'Unsupported field: path'),
      msg`the server rejected the query`,
      'the server rejected the query: Unsupported field: path',
    ],
    ['a 400 without one', http(400), msg`the server rejected the query`, 'the server rejected the query: HTTP 400'],
    [
      'a 400 carried as the cause',
      new ServerError(msg`saving failed`, undefined, { cause: http(400, 'no such format') }),
      msg`the server refused the download`,
      'the server refused the download: no such format',
    ],
    [
      'a 400, no words of what was refused: the request as it failed',
      http(400, 'cz not found'),
      undefined,
      `POST ${URL_} failed: HTTP 400 Bad Request: cz not found`,
    ],
  ])('%s: a usage error (exit 2), the hint the command gave', (_name, e, said, text) => {
    const refused = refusedByServer(e, { said, hint });
    expect(refused).toBeInstanceOf(UsageError);
    expect(refused).toMatchObject({ exitCode: EXIT.usage, message: text, hint: 'check -q', cause: e });
  });

  it.each([
    ['a 404', http(404, 'Not found')],
    ['a 500', http(500)],
    ['a not-found error', new NotFoundError(msg`no project 'x'`)],
    ['a plain Error', new Error('boom')],
    ['not an Error', 'a string'],
  ])('%s passes through as it is', (_name, e) => {
    expect(refusedByServer(e, { said: msg`the server rejected the query`, hint })).toBe(e);
  });
});
