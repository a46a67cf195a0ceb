// Reading a zip the way other programs do, to hold the fake server's zips to the format: Python's
// zipfile (python3 is on every machine of this project's kind), which checks the central directory,
// the local headers and every entry's CRC-32 (testzip), never our own writer's idea of the format.
import { spawn } from 'node:child_process';

export interface UnzippedEntry {
  name: string;
  /** compression method: 0 stored, 8 deflated */
  method: number;
  data: Buffer;
}

const READ = `
import base64, io, json, sys, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
bad = z.testzip()
if bad is not None:
    sys.exit("bad CRC-32 or header: " + bad)
json.dump([{"name": i.filename, "method": i.compress_type, "data": base64.b64encode(z.read(i)).decode()} for i in z.infolist()], sys.stdout)
`;

/**
 * The entries of a zip as Python's zipfile reads them; rejects with Python's words when it is not a
 * valid zip. Asynchronous on purpose: a test that blocks its event loop (spawnSync) while Python
 * starts can hold it past the fake server's keep-alive (5 s) on a loaded machine, and the next
 * request then goes out on a socket the server is closing (ECONNRESET).
 */
export async function unzip(bytes: Buffer): Promise<UnzippedEntry[]> {
  const child = spawn('python3', ['-c', READ], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => out.push(c));
  child.stderr.on('data', (c: Buffer) => err.push(c));
  const closed = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stdin.on('error', () => {}); // Python exits early on a bad zip: its exit says why
  child.stdin.end(bytes);
  const status = await closed;
  if (status !== 0) throw new Error(`not a valid zip: ${Buffer.concat(err).toString('utf8').trim().split('\n').pop()}`);
  const entries = JSON.parse(Buffer.concat(out).toString('utf8')) as { name: string; method: number; data: string }[];
  return entries.map((e) => ({ ...e, data: Buffer.from(e.data, 'base64') }));
}
