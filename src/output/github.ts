// -f github: GitHub Actions workflow commands. One `::error` annotation per failing subject of the
// verdict (each of its failures said), on its repository file when it has one (GitHub shows it on
// that file in the pull request); passing ones print nothing. When the runner names a job summary file
// ($GITHUB_STEP_SUMMARY), the table of the rows and the verdict's line are appended to it, whatever
// happens to stdout (a reader that left does not take the summary with it). Stdout carries the
// workflow commands only.
import { resolve } from 'node:path';
import { GITHUB_ANNOTATIONS_PER_STEP, GITHUB_STEP_SUMMARY_BYTES, GITHUB_STEP_SUMMARY_TEXT } from '../core/limits.js';
import { pageOf, type Page } from '../core/page.js';
import { escapeChar, escapeUnshown, msg, type Msg } from '../core/text.js';
import { appendText, fileSize } from '../files/disk.js';
import { countsOf, verdictLine } from '../gate/verdict.js';
import type { CheckReport } from './result.js';
import { markdownCell, writeMarkdownList } from './markdown.js';
import type { Sink } from './sink.js';

/**
 * Text as the runner reads it back: CR and LF %-escaped as actions/toolkit's escapeData does (so a
 * line break in server text can never end the command and start another), and every other control,
 * bidirectional or invisible character shown as a visible escape (a log viewer must not act on it).
 */
function escapeData(text: string): string {
  return escapeUnshown(text, (c) => (c === '\r' || c === '\n' ? c : escapeChar(c)))
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A');
}

/** A property's value (file=, title=): escapeData, and `:` and `,` that would end it (toolkit's escapeProperty). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::name key=value,key=value::message`, one line. */
export function workflowCommand(name: string, properties: Record<string, string | undefined>, message: string): string {
  const props = Object.entries(properties)
    .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${name}${props ? ` ${props}` : ''}::${escapeData(message)}\n`;
}

interface GithubOptions {
  /** The run's environment (GITHUB_STEP_SUMMARY) and where a relative path in it starts. */
  env: Record<string, string | undefined>;
  cwd: string;
  warn: (message: Msg) => void;
}

export async function writeGithub(out: Sink, report: CheckReport, o: GithubOptions): Promise<void> {
  const { verdict } = report;
  const failing = verdict.subjects.filter((s) => s.judgement === 'fail');
  let text = '';
  for (const s of failing.slice(0, GITHUB_ANNOTATIONS_PER_STEP)) {
    const title = s.failures.map((f) => f.title).join('; ');
    text += workflowCommand('error', { file: s.file, title }, s.failures.map((f) => f.message).join('; '));
  }
  const more = failing.length - GITHUB_ANNOTATIONS_PER_STEP;
  if (more > 0) {
    // A notice, not an error: GitHub drops an 11th error annotation of the step.
    const where = o.env.GITHUB_STEP_SUMMARY ? 'the job summary and the log name every one' : 'the log names every one';
    text += workflowCommand(
      'notice',
      { title: `${verdict.suite}: ${more} more not annotated` },
      `${more} more ${verdict.noun}${more === 1 ? '' : 's'} failed: GitHub shows at most ${GITHUB_ANNOTATIONS_PER_STEP} error annotations per step; ${where}`,
    );
  }
  try {
    if (text) await out.write(text);
  } finally {
    await appendSummary(report, o);
  }
}

/** The table and the verdict, appended to $GITHUB_STEP_SUMMARY when it names a file. */
async function appendSummary(report: CheckReport, o: GithubOptions): Promise<void> {
  const name = o.env.GITHUB_STEP_SUMMARY;
  if (name === undefined || name.trim() === '') return;
  const path = resolve(o.cwd, name);
  const used = fileSize(path);
  const text = await summaryText(report, GITHUB_STEP_SUMMARY_BYTES - used, used > 0);
  if (text === undefined) {
    o.warn(msg`the job summary ${name} ($GITHUB_STEP_SUMMARY) already holds the ${GITHUB_STEP_SUMMARY_TEXT} GitHub shows of a step: nothing appended`);
    return;
  }
  await appendText(path, text, msg`the job summary ${name} ($GITHUB_STEP_SUMMARY)`);
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The summary within `room` bytes: as many rows of the table as fit (the header with the first), a
 * line saying how many were left out, and the verdict; undefined when not even the verdict fits.
 */
async function summaryText(report: CheckReport, room: number, separate: boolean): Promise<string | undefined> {
  const said = report.summary ?? report.verdict;
  const { failed, judged } = countsOf(said);
  const mark = !said.gated || (said.exitCode === 0 && judged === 0) ? '' : failed || said.exitCode !== 0 ? '❌ ' : '✅ ';
  const verdict = `**${mark}${markdownCell(verdictLine(said))}**\n`;
  const lead = separate ? '\n' : '';
  const rows = report.table ? await markdownRows(report.table) : [];
  const whole = lead + rows.join('') + (rows.length ? '\n' : '') + verdict;
  if (bytes(whole) <= room) return whole;
  const cut = (left: number) => `\n_${left} more row${left === 1 ? '' : 's'} not shown: a job summary holds at most ${GITHUB_STEP_SUMMARY_TEXT}._\n\n`;
  let budget = room - bytes(lead) - bytes(verdict) - bytes(cut(rows.length));
  if (budget < 0) return bytes(lead + verdict) <= room ? lead + verdict : undefined;
  let shown = 0;
  for (const row of rows) {
    if (bytes(row) > budget) break;
    budget -= bytes(row);
    shown++;
  }
  return lead + rows.slice(0, shown).join('') + cut(rows.length - shown) + verdict;
}

/** The table as -f markdown writes it, a row a piece (the header with the first). */
async function markdownRows(table: NonNullable<CheckReport['table']>): Promise<string[]> {
  const rows: string[] = [];
  const pages = (async function* (): AsyncGenerator<Page> {
    for (const item of table.items) yield pageOf([item]);
  })();
  await writeMarkdownList({ write: async (chunk) => void rows.push(String(chunk)) }, pages, () => table.columns);
  return rows;
}
