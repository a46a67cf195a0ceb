# A command on a pseudo-terminal that the test hangs up (test/hangup.test.ts): python3's pty module
# opens it and makes it the controlling terminal of a new session. Lines on stdin say what to do:
# "hangup" closes the terminal's master side (the kernel then sends SIGHUP to the session's leader,
# as when a terminal window closes), "TERM", "HUP" or "INT" sends that signal to the command.
# With --background the command runs in a process group of its own under the session leader, so the
# hang-up reaches the leader only and the command lives on with a dead terminal (this helper adopts
# it as a subreaper). Prints what the terminal shows, then "pid N" on stderr at the start, and at
# the end a last stdout line "status: exit N" or "status: signal N".
import ctypes, os, pty, select, signal, sys, threading

background = sys.argv[1] == "--background"
argv = sys.argv[2:] if background else sys.argv[1:]
if background:
    PR_SET_CHILD_SUBREAPER = 36
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
report_r, report_w = os.pipe()
pid, master = pty.fork()
if pid == 0:
    os.close(report_r)
    if background:
        child = os.fork()
        if child == 0:
            os.setpgid(0, 0)
            os.write(report_w, b"%d\n" % os.getpid())
            os.execvp(argv[0], argv)
        signal.pause()  # the session leader waits for the hang-up, and dies of it
        os._exit(0)
    os.write(report_w, b"%d\n" % os.getpid())
    os.execvp(argv[0], argv)
os.close(report_w)
target = int(os.fdopen(report_r).readline())
sys.stderr.write("pid %d\n" % target)
sys.stderr.flush()
lock = threading.Lock()
state = {"open": True}


def commands():
    for line in sys.stdin:
        cmd = line.strip()
        if cmd == "hangup":
            with lock:
                if state["open"]:
                    state["open"] = False
                    os.close(master)
        elif cmd:
            try:
                os.kill(target, getattr(signal, "SIG" + cmd))
            except ProcessLookupError:
                pass


threading.Thread(target=commands, daemon=True).start()
while True:
    with lock:
        if not state["open"]:
            break
        try:
            ready, _, _ = select.select([master], [], [], 0.05)
            data = os.read(master, 65536) if ready else b""
        except OSError:
            break
    if ready and not data:
        break
    if data:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
while True:
    done, status = os.waitpid(-1, 0)
    if done == target:
        break
if os.WIFSIGNALED(status):
    print("status: signal %d" % os.WTERMSIG(status), flush=True)
else:
    print("status: exit %d" % os.WEXITSTATUS(status), flush=True)
