// -f junit: a JUnit XML report, the form CI systems read test results in (GitLab's
// artifacts:reports:junit, Jenkins, GitHub test reporters): one test suite, one test case per subject
// of the verdict (passing ones too), a <failure> with the reasons of each failing one, and <skipped/>
// for each one no gate judged (a row without a threshold; every row when no gate was asked), so
// tests, failures and skipped are the verdict's counts, as stderr says them. Shaped as the commonly
// used Ant/Jenkins schema takes it (test/fixtures/ci/junit.xsd holds wli to it: at most one
// <failure> per test case, so a subject failing two checks has one, naming both).
import { countsOf } from '../gate/verdict.js';
import type { CheckReport } from './result.js';
import type { Sink } from './sink.js';

/**
 * What XML 1.0 cannot hold at all (other C0 controls, lone surrogates, U+FFFE, U+FFFF), shown as a
 * visible escape instead: no parser reads a document that has one, even as a character reference.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this regex's job
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text as an attribute value or element content that a parser gives back as it was: markup escaped,
 * and CR, LF and tab as character references (an attribute's would become spaces, content's CR an LF).
 */
function xmlText(text: string): string {
  return text.replace(NOT_XML, visible).replace(/[&<>"'\r\n\t]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const attrs = (a: Record<string, string | number>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');

export async function writeJunit(out: Sink, report: CheckReport): Promise<void> {
  const { verdict } = report;
  const { total, failed, notJudged } = countsOf(verdict);
  const counts = { tests: total, failures: failed, errors: 0, skipped: notJudged };
  let text = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: verdict.suite, ...counts })}>\n`;
  text += `  <testsuite${attrs({ name: verdict.suite, ...counts })}>\n`;
  for (const s of verdict.subjects) {
    const head = `    <testcase${attrs({ name: s.id, classname: s.group ?? verdict.suite })}`;
    if (s.judgement === 'pass') {
      text += `${head}/>\n`;
      continue;
    }
    if (s.judgement === 'not judged') {
      text += `${head}>\n      <skipped${attrs({ message: `not judged: ${s.reason ?? 'no gate applies'}` })}/>\n    </testcase>\n`;
      continue;
    }
    const message = s.failures.map((f) => f.message).join('; ');
    const body = s.file ? `${message}\nfile: ${s.file}` : message;
    const type = s.failures.map((f) => f.check).join(' ');
    text += `${head}>\n      <failure${attrs({ message, type })}>${xmlText(body)}</failure>\n    </testcase>\n`;
  }
  text += '  </testsuite>\n</testsuites>\n';
  await out.write(text);
}
