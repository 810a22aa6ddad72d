"""The servers of the side-by-side bench (side_by_side.py): Waymark and the reference started fresh, and what a
phase costs them: wall time, CPU of the whole process tree (with reaped children) plus the PostgreSQL backends of
its database, peak memory of the tree (RSS summed, and PSS summed) and the load average."""

import os
import shutil
import signal
import subprocess
import threading
import time
import urllib.request

from mergin import MerginClient

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PASSWORD = "Bench-pass1"
MIB = 1024 * 1024
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


# --- the server's processes ---------------------------------------------------------------------------------


def children_of():
    """Parent pid → child pids, over every process now."""
    tree = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
            tree.setdefault(ppid, []).append(int(entry))
    return tree


def tree_of(root):
    tree, found, todo = children_of(), [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(tree.get(pid, []))
    return found


def cpu_of(pid, reaped=True):
    """CPU seconds of a process (user + system), with those of its reaped children."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()
    ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if reaped else 0)
    return ticks / TICK


def name_of(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return "?"


def rss_of(pid):
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE
    except OSError:
        return 0


def pss_of(pid):
    """Proportional set size: shared pages split among the processes sharing them (forked workers do)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def backends(database):
    if not database:
        return []
    sql = f"select pid from pg_stat_activity where datname = '{database}' and pid <> pg_backend_pid()"
    out = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-Atc", sql],
        capture_output=True, text=True, check=True,
    ).stdout
    return [int(line) for line in out.split()]


class Meter:
    """Measures one phase of one server: wall, CPU of the tree and of the backends, peak RSS, load average."""

    def __init__(self, server):
        self.server = server

    def __enter__(self):
        self.peak = self.peak_pss = 0
        self.stop = threading.Event()
        self.pids = tree_of(self.server.pid)
        self.cpu0 = {p: cpu_of(p) for p in self.pids}
        self.db0 = {p: cpu_of(p, reaped=False) for p in backends(self.server.database)}
        self.sampler = threading.Thread(target=self.sample, daemon=True)
        self.sampler.start()
        self.t0 = time.monotonic()
        return self

    def sample(self):
        while not self.stop.is_set():
            pids = tree_of(self.server.pid)
            self.pids = sorted(set(self.pids) | set(pids))
            self.peak = max(self.peak, sum(rss_of(p) for p in pids))
            self.peak_pss = max(self.peak_pss, sum(pss_of(p) for p in pids))
            self.stop.wait(0.1)

    def __exit__(self, *error):
        self.t1 = time.monotonic()
        self.wall = self.t1 - self.t0
        self.stop.set()
        self.sampler.join()
        if error[0]:
            return False
        pids = set(self.pids) | set(tree_of(self.server.pid))
        # A process of the tree gone during the phase: its CPU is in its parent's reaped children (counted).
        # By command name too (nginx, gunicorn, node…), to tell where the CPU goes.
        self.by_name = {}
        for p in pids:
            if os.path.exists(f"/proc/{p}"):
                name = name_of(p)
                self.by_name[name] = self.by_name.get(name, 0) + cpu_of(p) - self.cpu0.get(p, 0)
        gone = sum(c for p, c in self.cpu0.items() if not os.path.exists(f"/proc/{p}"))
        self.cpu = sum(self.by_name.values()) - gone
        self.db = sum(cpu_of(p, reaped=False) - self.db0.get(p, 0) for p in backends(self.server.database))
        self.load = os.getloadavg()
        return False


# --- the servers --------------------------------------------------------------------------------------------


def psql(database, sql):
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", database, "-qc", sql], check=True,
                   capture_output=True)


def wait_ping(url, proc):
    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError(f"server at {url} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/ping", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server at {url} did not start")


class Server:
    """One server under test: "reference" (bench/reference/serve.sh, from the folder setup.sh built) or Waymark
    (the build `dist` of apps/server; on PostgreSQL when `database` is given, else on PGlite)."""

    def __init__(self, name, port, database, work, reference, dist):
        self.name, self.port, self.database, self.work = name, port, database, work
        self.reference, self.dist = reference, dist
        self.url = f"http://127.0.0.1:{port}"
        self.namespace = "mergin" if name == "reference" else "admin"

    def start(self):
        data = os.path.join(self.work, f"data-{self.name}")
        shutil.rmtree(data, ignore_errors=True)
        os.makedirs(data)
        self.log = open(os.path.join(self.work, f"{self.name}.log"), "ab")
        if self.name == "reference":
            env = dict(os.environ, OUT=self.reference, PORT=str(self.port), DATABASE=self.database, DATA=data,
                       PASSWORD=PASSWORD)
            command = ["bash", os.path.join(REPO, "bench/reference/serve.sh")]
            cwd = REPO
        else:
            env = {
                "PATH": os.environ["PATH"], "DATA_DIR": data, "PORT": str(self.port), "HOST": "127.0.0.1",
                "ADMIN_PASSWORD": PASSWORD, "LOG_LEVEL": "warn", "WEB_DIST": os.path.join(data, "no-web"),
                "DEFAULT_STORAGE": str(100 * 1024 * MIB), "MALLOC_TRIM_THRESHOLD_": "131072",
            }
            # Options for Waymark's Node, as bench/lib/server-process.ts takes them (e.g. `--cpu-prof`).
            if os.environ.get("BENCH_NODE_OPTIONS"):
                env["NODE_OPTIONS"] = os.environ["BENCH_NODE_OPTIONS"]
            if self.database:
                psql(self.database, "drop schema if exists public cascade; drop schema if exists pgboss cascade;"
                     " drop schema if exists drizzle cascade; create schema public")
                env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{self.database}"
            # As `npm start` runs it (apps/server/package.json) and bench/lib/server-process.ts starts it.
            command = ["node", "--max-semi-space-size=16", f"{self.dist}/main.mjs"]
            cwd = os.path.join(REPO, "apps/server")
        self.proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=self.log, stderr=self.log,
                                     start_new_session=True)
        self.pid = self.proc.pid
        wait_ping(self.url, self.proc)
        self.client = MerginClient(self.url, login="admin", password=PASSWORD)

    def stop(self):
        try:
            os.killpg(self.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.pid, signal.SIGKILL)
        self.log.close()
        shutil.rmtree(os.path.join(self.work, f"data-{self.name}"), ignore_errors=True)
