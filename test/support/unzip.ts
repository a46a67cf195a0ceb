// Reading a zip the way other programs do, to hold the fake server's zips to the format: Python's
// zipfile (python3 is on every machine of this project's kind), which checks the central directory,
// the local headers and every entry's CRC-32 (testzip), never our own writer's idea of the format.
import { spawnSync } from 'node:child_process';

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

/** The entries of a zip as Python's zipfile reads them; throws with Python's words when it is not a valid zip. */
export function unzip(bytes: Buffer): UnzippedEntry[] {
  const r = spawnSync('python3', ['-c', READ], { input: bytes, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`not a valid zip: ${r.stderr.trim().split('\n').pop()}`);
  return (JSON.parse(r.stdout) as { name: string; method: number; data: string }[]).map((e) => ({ ...e, data: Buffer.from(e.data, 'base64') }));
}
