// wli config: the effective server, token and default target, each with where it came from, and the
// configuration files read. Needs no server. The token itself is never part of the result.
//
// JSON (stable):
//   {
//     "url":         {"value": "https://host/api/", "source": "WLI_URL"},
//     "token":       {"value": "<redacted>", "source": "/home/u/.config/weblate [keys]"},
//     "translation": {"value": "p/c/l", "source": "/repo/.weblate"},
//     "files":       ["/home/u/.config/weblate", "/repo/.weblate"],
//     "section":     {"value": "weblate", "source": "default"},
//     "runtime":     "node v20.18.1"
//   }
// With --check, "check": {"access": "authenticated" | "anonymous" | "rejected", "version": "weblate-…" | null,
// "rate_limit": {"limit", "remaining", "reset_seconds"} | null} follows (commands/config/check.ts); a rejected
// token exits 4 after the record, an unreachable server is the request's error (exit 1).
// An unset value is {"value": null, "source": null}. A URL that cannot be used is shown as given
// (credentials redacted). "section" is the INI section url, translation and key were read from:
// source "--config-section" when -s named it, "default" for wlc's [weblate]. "runtime" says what runs wli: "node v…" (the npm package) or
// "standalone binary (bun …)" (README, Install).
//
// A combination the other commands refuse (a token from the environment for a server only the
// project file names, a URL that does not parse, a token that cannot travel in a header) is shown
// all the same, and the reason follows on stderr with exit 2: a script that checks `wli config`
// learns that every command would stop here. Sources: "--url", "--token", "WLI_URL", "WLC_URL",
// "WLI_TOKEN", "WLC_KEY", a file path, "<file> [keys]" or "<file> [weblate] key".
import type { Item } from '../../core/page.js';
import { checkServer, type Checked } from './check.js';
import type { Column, Outcome, RecordResult } from '../../output/result.js';
import { EXIT, type UsageError } from '../../core/errors.js';
import { msg } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import { runtimeText } from '../../core/runtime.js';
import type { Sourced } from '../../config/settings.js';
import type { CommandInput } from '../../remote/run.js';

const REDACTED = '<redacted>';

interface Shown {
  value: string | null;
  source: string | null;
}

/** The record wli config writes (see the JSON above), before --check adds its part. */
interface ConfigRecord {
  url: Shown;
  token: Shown;
  translation: Shown;
  files: string[];
  section: Shown;
  runtime: string;
}

const shown = <T>(s: Sourced<T> | undefined, value: (v: T) => string): Shown =>
  s ? { value: value(s.value), source: s.source } : { value: null, source: null };

function sourced(header: string, s: Shown): Column {
  return { header, value: () => s, text: () => (s.value === null ? '(not set)' : `${s.value}  (from ${s.source})`) };
}

/** The lines of the record for table and markdown, read from the record as run() made it. */
const rowsOf = (r: ConfigRecord): Column[] => [
  sourced('URL', r.url),
  sourced('Token', r.token),
  sourced('Default target', r.translation),
  { header: 'Files', value: () => r.files, text: () => (r.files.length ? r.files.map(plainText).join(', ') : '(none)') },
  {
    header: 'Section',
    value: () => r.section,
    text: () => `[${r.section.value}]  (${r.section.source === 'default' ? 'the default' : `from ${r.section.source}`})`,
  },
  { header: 'Runtime', value: () => r.runtime },
];

/** The rows --check adds: what the server made of the token, its version, its rate limit. */
const checkRows = (checked: Checked): Column[] => [
  { header: 'Access', value: () => checked.access },
  {
    header: 'Version',
    value: () => checked.version,
    text: (v) => (typeof v === 'string' ? v : checked.access === 'authenticated' ? '(not told by the server)' : '(told only to a signed-in user)'),
  },
  {
    header: 'Rate limit',
    value: () => checked.rate_limit,
    text: () => {
      const l = checked.rate_limit;
      if (!l) return '(none stated)';
      const left =
        l.remaining !== null && l.limit !== null ? `${l.remaining} of ${l.limit} requests left` : `limit ${l.limit ?? '?'}, ${l.remaining ?? '?'} left`;
      return l.reset_seconds !== null ? `${left}, resets in ${l.reset_seconds} s` : left;
    },
  },
];

/** What the other commands would stop with, said after the record (exit 2). */
function refusal(refused: UsageError): Outcome {
  const hint = refused.hintText;
  return { exitCode: EXIT.usage, messages: [msg`this configuration is refused: ${refused.text}`, ...(hint ? [msg`hint: ${hint}`] : [])] };
}

export async function run({ opts, weblate, settings }: CommandInput<'config'>): Promise<RecordResult> {
  const { refused } = settings;
  const config: ConfigRecord = {
    url: settings.url ? shown(settings.url, (u) => u.href) : shown(settings.urlText, String),
    // Only the fact that there is a token: never its text, not even partly.
    token: shown(settings.token, () => REDACTED),
    translation: shown(settings.defaultTarget, String),
    files: [...settings.files],
    section: shown(settings.section, String),
    runtime: runtimeText(),
  };
  const record: Item = { ...config };
  const rows = rowsOf(config);
  // A refused combination is not tried: the other commands would not send it either.
  if (!opts.check || refused) return { kind: 'record', record, rows, finish: refused ? () => refusal(refused) : undefined };
  const { checked, outcome } = await checkServer(weblate);
  return { kind: 'record', record: { ...record, check: checked }, rows: [...rows, ...checkRows(checked)], finish: outcome ? () => outcome : undefined };
}
