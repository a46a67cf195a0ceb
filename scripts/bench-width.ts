// Display width of table cells: wli's own (src/output/width.ts) against the maintained libraries,
// string-width and fast-string-width, on the cells of a 20,000-row table of mixed scripts. string-width
// is held at 8 (package.json): 9 asks for Node 22, and `npm install` on Node 20 would warn.
// Run: node --import ./scripts/ts.mjs scripts/bench-width.ts   (npm run bench runs it: scenario width)
import stringWidth from 'string-width';
import fastStringWidth from 'fast-string-width';
import { cellWidth, truncateCells } from '../src/output/width.js';
import { seededRandom } from '../test/support/random.js';

const rnd = seededRandom(20261125);
const TEXTS = [
  'Settings',
  'Nastavení',
  'Přihlásit se',
  'Install the app, then open **Settings**.',
  'ファイルを開く',
  '파일 열기',
  '学生の皆さん、こんにちは！',
  'नमस्ते दुनिया',
  'क्षत्रिय',
  'สวัสดีครับ',
  'مرحبا بالعالم',
  'e\u0301le\u0300ve',
  '👨\u200d👩\u200d👧 family',
  '🇨🇿 flag',
  '👍🏽 ok',
  '©\ufe0f 2026',
  'Sdílet',
  '%d items',
  'Log in',
];
const cell = () => {
  const parts: string[] = [];
  for (let i = 0, n = 1 + Math.floor(rnd() * 4); i < n; i++) parts.push(TEXTS[Math.floor(rnd() * TEXTS.length)]!);
  return parts.join(' ');
};
const CELLS = Array.from({ length: 20_000 * 3 }, cell);

function time(fn: () => void): number {
  for (let i = 0; i < 2; i++) fn(); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t0);
    runs.push((d.user + d.system) / 1000);
  }
  return runs.sort((a, b) => a - b)[3]!;
}

let sink = 0;
const ours = time(() => {
  for (const c of CELLS) sink += cellWidth(c) + truncateCells(c, 24).length;
});
const sw = time(() => {
  for (const c of CELLS) sink += stringWidth(c);
});
const fsw = time(() => {
  for (const c of CELLS) sink += fastStringWidth(c);
});
const differ = (f: (s: string) => number) => new Set(CELLS.filter((c) => f(c) !== cellWidth(c))).size;
console.log(`cells ${CELLS.length}; sink ${sink}`);
console.log(`wli width+truncate ${ours.toFixed(1)} ms`);
console.log(`string-width width ${sw.toFixed(1)} ms; differs on ${differ(stringWidth)} cells`);
console.log(`fast-string-width width ${fsw.toFixed(1)} ms; differs on ${differ(fastStringWidth)} cells`);
