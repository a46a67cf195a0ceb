// A reader of stdout that left while nothing is written (`wli changes --follow | head -1` between
// polls), noticed at once, as GNU tail -f notices it by polling its output for an error.
//
// Node has no public way to wait on a descriptor it only writes: its pipe handle watches a pipe only
// while a write waits, a write of zero bytes is not checked against the readers (Linux's pipe_write
// returns 0 first), and libuv will not read a write-only pipe (uv_pipe_open marks it unreadable, and
// tty.ReadStream is refused alike). libuv's TCP handle checks neither the kind nor the access mode of
// the descriptor it opens (uv_tcp_open), so reading it starts epoll on fd 1: on a pipe's write end the
// kernel reports nothing while a reader is there (EPOLLIN is never set on a write-only end) and an
// error as soon as the last reader is gone (pipe_poll: EPOLLERR when !pipe->readers); libuv then
// reads, the read fails (EBADF) and onread is called without data. On a socket (Node's spawn gives
// its children socket pairs) the read sees the end when the other side closes. Held on Node 20, 22
// and 24 by test/commands-options.test.ts.
//
// Where that handle is not there (Bun, the standalone binary, has no process.binding) or not safe
// (not Linux; a FIFO opened for reading too, whose unread output the read would take), nothing is
// watched and the reader that left is noticed at the next write, as before.
//
// The handle is never closed (closing it would close fd 1) and reads only while nothing is written:
// two libuv handles polling one descriptor at once would take each other's events, so the watch
// starts after every write was handed to the OS (IOStreams.watchReader) and stops before the next.
import { fstatSync, readFileSync } from 'node:fs';

interface TcpHandle {
  open(fd: number): number;
  readStart(): number;
  readStop(): number;
  unref?(): void;
  close(): void;
  onread: (data?: ArrayBuffer) => void;
}

/** A watch of stdout's reader: its signal aborts when the reader left; stop() before the next write. */
export interface ReaderWatch {
  readonly signal: AbortSignal;
  stop(): void;
}

const O_ACCMODE = 3;
const O_WRONLY = 1;

/** Only a socket, or a pipe open for writing alone: reading those takes nothing wli wrote. */
function watchable(fd: number): boolean {
  if (process.platform !== 'linux') return false;
  const st = fstatSync(fd);
  if (st.isSocket()) return true;
  if (!st.isFIFO()) return false;
  const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
  return flags !== undefined && (parseInt(flags, 8) & O_ACCMODE) === O_WRONLY;
}

interface TcpWrap {
  TCP: new (type: number) => TcpHandle;
  constants: { SOCKET: number };
}

/** Node's tcp_wrap binding, as far as it is used here. */
function isTcpWrap(v: unknown): v is TcpWrap {
  if (typeof v !== 'object' || v === null || !('TCP' in v) || !('constants' in v)) return false;
  const { TCP, constants } = v;
  return typeof TCP === 'function' && typeof constants === 'object' && constants !== null && 'SOCKET' in constants && typeof constants.SOCKET === 'number';
}

/** The handle on fd 1, once opened; null where it cannot be. */
let opened: TcpHandle | null | undefined;

function handle(fd: number): TcpHandle | null {
  if (opened !== undefined) return opened;
  let h: TcpHandle;
  try {
    if (!watchable(fd)) return (opened = null);
    const binding: unknown = Reflect.get(process, 'binding');
    const wrap: unknown = typeof binding === 'function' ? Reflect.apply(binding, process, ['tcp_wrap']) : undefined;
    // No such binding (Bun): not watched.
    if (!isTcpWrap(wrap)) return (opened = null);
    h = new wrap.TCP(wrap.constants.SOCKET);
  } catch {
    // A runtime that refuses it (--throw-deprecation): not watched.
    return (opened = null);
  }
  // Refused while libuv still watches fd 1 for a write (EEXIST): not now, maybe the next time.
  if (h.open(fd) !== 0) {
    h.close();
    return null;
  }
  h.unref?.();
  h.onread = () => {};
  return (opened = h);
}

/**
 * Watches the reader of fd 1 (a pipe or socket) while nothing is written to it; undefined where that
 * cannot be done (see above). Call only when every write so far has completed.
 */
export function watchReader(fd = 1): ReaderWatch | undefined {
  const h = handle(fd);
  if (!h) return undefined;
  const left = new AbortController();
  // Data (a socket's other side writing, which no reader of stdout does) is dropped; no data is the end.
  h.onread = (data) => {
    if (data === undefined) left.abort();
  };
  if (h.readStart() !== 0) return undefined;
  return {
    signal: left.signal,
    stop() {
      h.readStop();
      h.onread = () => {};
    },
  };
}
