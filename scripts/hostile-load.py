#!/usr/bin/env python3
"""The ride service under hostile load (issue 26, acceptance 2): one line per case, held or broke.

    scripts/hostile-load.py [LODESTAR] [--cases a,b,...] [--pg-stop-seconds 75] [--time-limit 240]

LODESTAR is the binary (default .build/release/lodestar). Every server this script talks to is
one it starts itself on 127.0.0.1 (free ports), with its store in a temporary directory: SQLite
files, and a PostgreSQL 15 + PostGIS cluster it initdb's and starts on a free loopback port. All
of them are stopped by their pids when it ends, also on a failure, SIGTERM or Ctrl-C. Every loop
is bounded in count and in time, each case by its own bound and the whole run by --time-limit.

Cases (each prints `hostile: CASE: held (FIGURES)` or `hostile: CASE: broke (WHY; FIGURES)`):
  slowloris      150 connections send a request head at 1 byte/s: closed at --header-timeout,
                 /health answers fast meanwhile (server with a 256-descriptor limit, cap 200).
  idle           300 kept-alive idle connections against --max-connections 200: the 100 beyond
                 are closed at once and the cap is logged, a monitor's kept-alive connection gets
                 /health throughout, the idle ones are closed at --idle-timeout, and a new
                 connection gets /health once they are.
  stream-flood   2,000 event stream requests from one rider beyond its 8 open streams: 429 with
                 Retry-After; riders up to the server's cap (32), then 429 for anyone; the
                 server's CPU and RSS from /proc; a closed client's place back by a heartbeat.
  booking-flood  one rider books in a loop for 2.5 s, on SQLite and on PostgreSQL: one active
                 ride (--max-active-rides 1), then code 9, then 429 with Retry-After; after
                 Retry-After the write is taken again; a second rider still books.
  confirm-spam   6 clients of one rider loop /rides/confirm: 429s, /health stays fast; on
                 PostgreSQL 6 operator clients (not rate-limited) loop confirm while a rider books
                 and cancels the one free vehicle 15 times: every booking succeeds.
  open-streams   2,000 event streams open at once on PostgreSQL (--max-streams-per-token 2000): the
                 database's statement count (pg_stat_statements) over 5 s is the same as with no
                 stream, /health stays fast, and the server's memory per open stream (RSS).
  pg-stop        the PostgreSQL cluster stopped (SIGINT to its postmaster) for --pg-stop-seconds:
                 every request that needs the store answers 503 within 2 s, /health 503,
                 /metrics 200; restarted, the service answers 200 again by itself within 30 s.
  corrupt-store  pages of an SQLite store's ride table overwritten under a running server, then
                 the server restarted on the file: answers are 200 or 503 within 2 s (never a
                 crash or a hang), /health is not 200 while the rides answer 503, the log names
                 the corruption; restarted, serve exits with a one-line error or answers 503 so.

Exit status: 0 when every case held, 1 when one broke, 2 on a usage error.
Python 3 standard library only. Figures are for BENCHMARKS.md ("Hostile load").
"""

import argparse
import http.client
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"
CENTRE = (51.5074, -0.1278)
PG_BIN = "/usr/lib/postgresql/15/bin"
ALL_CASES = ["slowloris", "idle", "stream-flood", "booking-flood", "confirm-spam", "open-streams", "pg-stop", "corrupt-store"]
VERBOSE = False


def log(message):
    if VERBOSE:
        print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


class Broke(Exception):
    """A case that did not hold: the reason, and the figures seen so far."""


class RunTimeout(BaseException):
    """The whole run's bound has passed (raised from SIGALRM)."""


# MARK: HTTP


class Reply:
    def __init__(self, status, headers, body, elapsed, error=None):
        self.status, self.headers, self.body, self.elapsed, self.error = status, headers, body, elapsed, error

    def json(self):
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None

    def __repr__(self):
        what = self.error or self.body[:200].decode("utf-8", "replace")
        return f"{self.status} in {self.elapsed * 1000:.0f} ms: {what}"


def request(port, method, path, token=None, body=None, timeout=5.0, conn=None):
    """One request; on a kept-alive `conn` when given (http.client reconnects it when closed),
    else on a connection of its own. A failure to connect or read is status 0 with the error."""
    own = conn is None
    c = conn or http.client.HTTPConnection(HOST, port, timeout=timeout)
    headers = {"Host": f"{HOST}:{port}"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if own:
        headers["Connection"] = "close"
    start = time.monotonic()
    try:
        c.request(method, path, body=data, headers=headers)
        r = c.getresponse()
        payload = r.read()
        return Reply(r.status, {k.lower(): v for k, v in r.getheaders()}, payload, time.monotonic() - start)
    except (OSError, http.client.HTTPException) as e:
        c.close()
        return Reply(0, {}, b"", time.monotonic() - start, f"{type(e).__name__}: {e}")
    finally:
        if own:
            c.close()


def keep_alive(port, timeout=5.0):
    return http.client.HTTPConnection(HOST, port, timeout=timeout)


def open_stream(port, path, token, timeout=5.0):
    """An event stream request on a socket of its own: (socket, status); the socket stays open."""
    s = socket.create_connection((HOST, port), timeout=timeout)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAuthorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
    raw = b""
    try:
        while b"\r\n\r\n" not in raw:
            chunk = s.recv(4096)
            if not chunk:
                break
            raw += chunk
    except OSError:
        pass
    m = re.match(rb"HTTP/1\.1 (\d{3})", raw)
    return s, int(m.group(1)) if m else 0


class Prober(threading.Thread):
    """GET /health every `interval` s (on a new connection, or a kept-alive one) until stopped:
    the replies with their times since the prober started."""

    def __init__(self, port, interval=0.5, timeout=5.0, kept_alive=False):
        super().__init__(daemon=True)
        self.port, self.interval, self.timeout = port, interval, timeout
        self.conn = keep_alive(port, timeout) if kept_alive else None
        self.replies = []
        self.halt = threading.Event()
        self.started_at = time.monotonic()

    def run(self):
        while not self.halt.is_set():
            r = request(self.port, "GET", "/health", timeout=self.timeout, conn=self.conn)
            self.replies.append((time.monotonic() - self.started_at, r))
            self.halt.wait(self.interval)

    def stop(self):
        self.halt.set()
        self.join(self.timeout + 2)
        if self.conn:
            self.conn.close()
        return self.replies

    def ok(self):
        return [r for _, r in self.replies if r.status == 200]

    def slowest(self):
        return max((r.elapsed for _, r in self.replies), default=0.0)


def ms(seconds):
    return f"{seconds * 1000:.0f} ms"


def count(statuses):
    """{status: n} as '200 x3, 429 x5'."""
    return ", ".join(f"{k} x{v}" for k, v in sorted(statuses.items()))


# MARK: processes


def proc_stat(pid):
    """(CPU seconds used, RSS in MiB, open descriptors) of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    rss = 0.0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    try:
        fds = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        fds = -1
    return cpu, rss, fds


class Sampler(threading.Thread):
    """A process's CPU (share of one core) and peak RSS while it runs."""

    def __init__(self, pid, interval=0.2):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.halt = threading.Event()
        self.peak_rss = 0.0
        self.peak_fds = 0

    def run(self):
        self.cpu0, _, _ = proc_stat(self.pid)
        self.t0 = time.monotonic()
        while not self.halt.is_set():
            try:
                _, rss, fds = proc_stat(self.pid)
            except OSError:
                break
            self.peak_rss = max(self.peak_rss, rss)
            self.peak_fds = max(self.peak_fds, fds)
            self.halt.wait(self.interval)

    def stop(self):
        self.halt.set()
        self.join(2)
        try:
            cpu1, _, _ = proc_stat(self.pid)
        except OSError:
            return 0.0
        return (cpu1 - self.cpu0) / max(1e-3, time.monotonic() - self.t0)


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def free_port():
    s = socket.socket()
    s.bind((HOST, 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """One `lodestar serve` of this run's, on 127.0.0.1, stopped by its pid."""

    def __init__(self, run, name, database, fleet, args=(), nofile=None):
        self.run, self.name, self.database = run, name, database
        self.log_path = os.path.join(run.work, f"serve-{name}.log")
        self.out_path = os.path.join(run.work, f"serve-{name}.out")
        self.port = free_port()
        command = [run.binary, "serve", "--listen", f"{HOST}:{self.port}", "--database", database, "--fleet", fleet, *args]
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))) if nofile else None
        log(f"{name}: {' '.join(command)}" + (f" (ulimit -n {nofile})" if nofile else ""))
        with open(self.out_path, "wb") as out, open(self.log_path, "ab") as err:
            self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, preexec_fn=limit)
        self.pid = self.proc.pid
        run.servers.append(self)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Broke(f"serve {name} exited with {self.proc.returncode} at start: {self.log_tail()}")
            if "listening on" in open(self.out_path, errors="replace").read():
                if request(self.port, "GET", "/health", timeout=2).status in (200, 503):
                    return
            time.sleep(0.1)
        raise Broke(f"serve {name} did not listen within 60 s: {self.log_tail()}")

    def log_text(self):
        try:
            return open(self.log_path, errors="replace").read()
        except OSError:
            return ""

    def log_tail(self, n=3):
        return " | ".join(self.log_text().strip().splitlines()[-n:])[-600:]

    def stop(self, grace=15):
        """SIGTERM, then SIGKILL after `grace` s: the seconds it took to exit (None if killed)."""
        if self.proc.poll() is not None:
            return 0.0
        start = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(grace)
            return time.monotonic() - start
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            return None


class Postgres:
    """A PostgreSQL 15 cluster of this run's: initdb into the work directory, a free port on
    127.0.0.1 (socket in the work directory), run as the postgres user when this is root."""

    def __init__(self, run):
        self.run = run
        self.dir = os.path.join(run.work, "pg")
        self.data = os.path.join(self.dir, "data")
        os.makedirs(self.data)
        self.as_root = os.getuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
            shutil.chown(self.data, "postgres", "postgres")
        self.port = free_port()
        start = time.monotonic()
        self._run([f"{PG_BIN}/initdb", "-D", self.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
        run.postgres = self
        self.start()
        self.psql("CREATE DATABASE rides")
        log(f"postgres: up on port {self.port} in {time.monotonic() - start:.1f} s")

    def _run(self, argv, timeout=120):
        name = os.path.basename(argv[0])
        if self.as_root:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        r = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, cwd="/")
        if r.returncode != 0:
            raise Broke(f"{name} failed: {r.stderr.decode(errors='replace')[-300:]}")
        return r.stdout.decode()

    def url(self, database="rides"):
        return f"postgres://postgres@{HOST}:{self.port}/{database}"

    def start(self):
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses={HOST} -c max_connections=200"
                   " -c shared_preload_libraries=pg_stat_statements")
        self._run([f"{PG_BIN}/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "postgres.log"), "-w", "-t", "60", "-o", options, "start"])

    def pid(self):
        try:
            return int(open(os.path.join(self.data, "postmaster.pid")).readline())
        except (OSError, ValueError):
            return None

    def stop(self, sig=signal.SIGINT, wait=30):
        """The postmaster stopped by its pid (SIGINT: fast shutdown, sessions ended); SIGKILL when
        it is still there after `wait` s. The seconds it took."""
        pid = self.pid()
        start = time.monotonic()
        if pid is None or not alive(pid):
            return 0.0
        os.kill(pid, sig)
        deadline = start + wait
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
            while alive(pid) and time.monotonic() < deadline + 5:
                time.sleep(0.02)
        return time.monotonic() - start

    def psql(self, sql, database="postgres"):
        argv = [f"{PG_BIN}/psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", HOST, "-p", str(self.port), "-U", "postgres", "-d", database, "-c", sql]
        r = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        if r.returncode != 0:
            raise Broke(f"psql failed: {r.stderr.decode(errors='replace')[-300:]}")
        return r.stdout.decode().strip()


# MARK: the run


def fleet_file(path, prefix, n):
    """n Standard vehicles of 4 seats, 100 m to about 1 km from the centre."""
    vehicles = []
    for i in range(n):
        lat = CENTRE[0] + 0.001 * (1 + i % 5)
        lon = CENTRE[1] + 0.0015 * (1 + i // 5)
        vehicles.append({"identifier": f"{prefix}-{i + 1:02d}", "capacity": 4, "rideOptionName": "Standard", "speed": 10,
                         "position": {"latitude": lat, "longitude": lon}})
    with open(path, "w") as f:
        json.dump({"name": f"hostile {prefix}", "vehicles": vehicles}, f)
    return [v["identifier"] for v in vehicles], vehicles


def ride_request(party=1):
    return {"pickupLocation": {"name": "Pickup", "coordinate": {"latitude": CENTRE[0], "longitude": CENTRE[1]}}, "partySize": party}


class Service:
    """A server with its fleet and tokens: an operator, riders made on demand."""

    def __init__(self, run, name, database, fleet_size, args=(), nofile=None):
        self.run, self.name, self.database = run, name, database
        self.fleet = os.path.join(run.work, f"fleet-{name}.json")
        self.vehicle_ids, self.vehicles = fleet_file(self.fleet, name.upper(), fleet_size)
        self.server = Server(run, name, database, self.fleet, args, nofile)
        self.port = self.server.port
        self.operator = self.token("--operator")
        self.riders = {}

    def token(self, *who):
        r = subprocess.run([self.run.binary, "serve", "token", "create", "--database", self.database, "--fleet", self.fleet, *who],
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        if r.returncode != 0:
            raise Broke(f"token create {' '.join(who)}: status {r.returncode}: {r.stderr.decode(errors='replace').strip()[-300:]}")
        return r.stdout.decode().strip().splitlines()[-1]

    def rider(self, name):
        if name not in self.riders:
            self.riders[name] = self.token("--rider", name)
        return self.riders[name]

    def report_all(self, far=()):
        """Every vehicle reports its stand now (those in `far` 60 km north: out of range)."""
        locations = []
        for v in self.vehicles:
            lat = v["position"]["latitude"] + (0.54 if v["identifier"] in far else 0)
            locations.append({"vehicleIdentifier": v["identifier"], "coordinate": {"latitude": lat, "longitude": v["position"]["longitude"]}})
        r = request(self.port, "POST", "/vehicles/locations", self.operator, {"locations": locations})
        if r.status != 200:
            raise Broke(f"{self.name}: the fleet's report: {r}")

    def cancel_all(self):
        """The operator cancels every active ride: each case starts with a free fleet."""
        r = request(self.port, "GET", "/rides?active=true&limit=1000", self.operator)
        if r.status != 200:
            raise Broke(f"{self.name}: listing active rides: {r}")
        for ride in r.json()["rides"]:
            c = request(self.port, "POST", f"/rides/{ride['rideIdentifier']}/cancel", self.operator)
            if c.status != 200:
                raise Broke(f"{self.name}: cancelling {ride['rideIdentifier']}: {c}")

    def book(self, token):
        r = request(self.port, "POST", "/rides", token, ride_request())
        if r.status != 201:
            raise Broke(f"{self.name}: booking: {r}")
        return r.json()["rideStatus"]["rideIdentifier"]

    def active_rides(self, token):
        r = request(self.port, "GET", "/rides?active=true", token)
        return len(r.json()["rides"]) if r.status == 200 else -1


class Run:
    def __init__(self, args):
        self.binary = os.path.abspath(args.binary)
        self.args = args
        self.work = tempfile.mkdtemp(prefix="lodestar-hostile-")
        os.chmod(self.work, 0o755)
        self.servers = []
        self.postgres = None
        self.services = {}

    # The servers, started on first use.
    def edge(self):
        """Slow and idle clients: a 256-descriptor limit, 200 connections, short timeouts."""
        if "edge" not in self.services:
            self.services["edge"] = Service(
                self, "edge", os.path.join(self.work, "edge.sqlite"), 2,
                ["--max-connections", "200", "--header-timeout", str(self.args.header_timeout), "--idle-timeout",
                 str(self.args.idle_timeout)], nofile=256)
        return self.services["edge"]

    def main(self):
        """SQLite with the default write and ride limits; 32 streams, a 2 s heartbeat."""
        if "main" not in self.services:
            self.services["main"] = Service(
                self, "main", os.path.join(self.work, "main.sqlite"), 12,
                ["--max-streams", "32", "--max-streams-per-token", "8", "--heartbeat", "2"])
        return self.services["main"]

    def pg(self):
        """PostgreSQL + PostGIS with the default limits, three vehicles."""
        if "pg" not in self.services:
            if self.postgres is None:
                Postgres(self)
            self.services["pg"] = Service(self, "pg", self.postgres.url(), 3, ["--heartbeat", "2"])
        return self.services["pg"]

    def streams(self):
        """PostgreSQL, room for 2,000 event streams of one rider, a 5 s heartbeat."""
        if "streams" not in self.services:
            if self.postgres is None:
                Postgres(self)
            self.postgres.psql("CREATE DATABASE streams")
            self.postgres.psql("CREATE EXTENSION pg_stat_statements", database="streams")
            self.services["streams"] = Service(
                self, "streams", self.postgres.url("streams"), 3,
                ["--max-streams", "2100", "--max-streams-per-token", "2000", "--heartbeat", "5", "--max-connections", "2500"],
                nofile=4096)
        return self.services["streams"]

    def cleanup(self):
        for s in self.servers:
            try:
                s.stop(grace=10)
            except Exception as e:  # noqa: BLE001 - cleanup goes on
                print(f"hostile-load: stopping {s.name} (pid {s.pid}): {e}", file=sys.stderr)
        if self.postgres:
            self.postgres.stop(wait=20)
        if self.args.keep:
            print(f"hostile-load: kept {self.work}", file=sys.stderr)
        else:
            shutil.rmtree(self.work, ignore_errors=True)


# MARK: the cases


def case_slowloris(run):
    svc = run.edge()
    n, timeout = 150, run.args.header_timeout
    socks, opened = [], {}
    for _ in range(n):
        s = socket.create_connection((HOST, svc.port), timeout=5)
        opened[s] = time.monotonic()
        s.setblocking(False)
        socks.append(s)
    start = time.monotonic()
    probe = Prober(svc.port, interval=0.5, timeout=5)
    probe.start()
    head = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    sent = {s: 0 for s in socks}
    closed = {}
    deadline = start + timeout + 8
    next_byte = start
    while len(closed) < n and time.monotonic() < deadline:
        now = time.monotonic()
        if now >= next_byte:
            for s in socks:
                if s in closed:
                    continue
                try:
                    s.send(head[sent[s]:sent[s] + 1] if sent[s] < len(head) else b"a")
                    sent[s] += 1
                except OSError:
                    closed[s] = now - opened[s]
            next_byte += 1.0
        for s in socks:
            if s in closed:
                continue
            try:
                if s.recv(4096) == b"":
                    closed[s] = time.monotonic() - opened[s]
            except BlockingIOError:
                pass
            except OSError:
                closed[s] = time.monotonic() - opened[s]
        time.sleep(0.05)
    open_left = n - len(closed)
    for s in socks:
        s.close()
    probe.stop()
    ok = probe.ok()
    times = sorted(closed.values())
    figure = (f"{n} connections at 1 byte/s: {len(closed)} closed after {times[0]:.1f}-{times[-1]:.1f} s "
              f"(header timeout {timeout:g} s, {max(sent.values())} bytes sent), {open_left} still open; "
              f"/health {len(ok)}/{len(probe.replies)} 200, slowest {ms(probe.slowest())}") if times else f"none of {n} closed"
    if open_left or not times:
        raise Broke(figure)
    if times[0] < timeout - 0.5 or times[-1] > timeout + 3:
        raise Broke(f"not closed at the header timeout: {figure}")
    if len(ok) != len(probe.replies) or probe.slowest() > 1.0:
        raise Broke(f"/health slow or failing: {figure}")
    return figure


def case_idle(run):
    svc = run.edge()
    n, cap, timeout = 300, 200, run.args.idle_timeout
    log_before = len(svc.server.log_text())
    # A monitor's kept-alive connection, opened before the flood: /health every 0.5 s throughout.
    monitor = Prober(svc.port, interval=0.5, timeout=3, kept_alive=True)
    monitor.start()
    time.sleep(0.3)
    sampler = Sampler(svc.server.pid)
    sampler.start()
    socks = []
    refused_connect = 0
    start = time.monotonic()
    for _ in range(n):
        try:
            s = socket.create_connection((HOST, svc.port), timeout=5)
        except OSError:
            refused_connect += 1
            continue
        s.setblocking(False)
        socks.append(s)
    get = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    sent_at = {}
    for s in socks:
        sent_at[s] = time.monotonic()
        try:
            s.send(get)
        except OSError:
            pass
    answered, closed = {}, {}
    deadline = start + timeout + 8
    fresh = None  # (seconds since the flood, reply) of the first /health on a new connection answered 200
    next_fresh = start + 1
    while len(closed) < len(socks) and time.monotonic() < deadline:
        for s in socks:
            if s in closed:
                continue
            try:
                data = s.recv(65536)
                if data == b"":
                    closed[s] = time.monotonic() - sent_at[s]
                else:
                    answered.setdefault(s, data[:12])
            except BlockingIOError:
                pass
            except OSError:
                closed[s] = time.monotonic() - sent_at[s]
        now = time.monotonic()
        if fresh is None and now >= next_fresh:
            r = request(svc.port, "GET", "/health", timeout=2)
            if r.status == 200:
                fresh = (time.monotonic() - start, r)
            next_fresh = time.monotonic() + 0.5
        time.sleep(0.05)
    while fresh is None and time.monotonic() < deadline + 3:
        r = request(svc.port, "GET", "/health", timeout=2)
        if r.status == 200:
            fresh = (time.monotonic() - start, r)
        time.sleep(0.25)
    for s in socks:
        s.close()
    cpu = sampler.stop()
    monitor.stop()
    refused = [t for s, t in closed.items() if s not in answered]
    idle_closed = sorted(t for s, t in closed.items() if s in answered)
    still_open = len(socks) - len(closed)
    logged = "connection limit reached" in svc.server.log_text()[log_before:]
    mon_ok = monitor.ok()
    figure = (f"{n} kept-alive connections, cap {cap}: {len(refused) + refused_connect} closed at once "
              f"(within {max(refused, default=0):.1f} s), 'connection limit reached' {'logged' if logged else 'NOT logged'}; "
              f"{len(idle_closed)} answered then closed idle after "
              f"{(idle_closed or [0])[0]:.1f}-{(idle_closed or [0])[-1]:.1f} s (idle timeout {timeout:g} s), {still_open} still open; "
              f"kept-alive monitor /health {len(mon_ok)}/{len(monitor.replies)} 200, slowest {ms(monitor.slowest())}; "
              + (f"a new connection's /health 200 after {fresh[0]:.1f} s" if fresh else "a new connection never got /health"))
    figure += f"; server {sampler.peak_fds} descriptors of 256, CPU {cpu * 100:.0f}%"
    if not fresh or still_open or not logged:
        raise Broke(figure)
    if len(refused) + refused_connect < n - cap - 5 or len(idle_closed) > cap:
        raise Broke(f"the cap did not hold: {figure}")
    if idle_closed and (idle_closed[0] < timeout - 0.5 or idle_closed[-1] > timeout + 3):
        raise Broke(f"not closed at the idle timeout: {figure}")
    if len(mon_ok) != len(monitor.replies) or monitor.slowest() > 1.0:
        raise Broke(f"the monitor's /health failed or was slow: {figure}")
    if fresh[0] > timeout + 3:
        raise Broke(f"/health unanswered too long: {figure}")
    return figure


def case_stream_flood(run):
    svc = run.main()
    svc.cancel_all()
    svc.report_all()
    riders = [svc.rider(f"stream-{i}") for i in range(1, 5)]
    rides = [svc.book(t) for t in riders]
    flood = 2000
    streams = []
    sampler = Sampler(svc.server.pid)
    probe = Prober(svc.port, interval=0.25, timeout=5)
    try:
        for _ in range(8):
            s, status = open_stream(svc.port, f"/rides/{rides[0]}/events", riders[0])
            streams.append(s)
            if status != 200:
                raise Broke(f"the rider's stream {len(streams)} of 8 answered {status}")
        cpu_idle0, rss0, _ = proc_stat(svc.server.pid)
        sampler.start()
        probe.start()
        statuses, retry_after, accepted_beyond = {}, set(), []
        lock = threading.Lock()

        def flooder(k):
            conn = keep_alive(svc.port, timeout=5)
            for _ in range(flood // 4):
                r = request(svc.port, "GET", f"/rides/{rides[0]}/events", riders[0], conn=conn)
                with lock:
                    statuses[r.status] = statuses.get(r.status, 0) + 1
                    if r.status == 429:
                        retry_after.add(r.headers.get("retry-after"))
                    elif r.status == 200:
                        accepted_beyond.append(r)
                if r.status == 200:
                    conn.close()  # a stream: its place is freed at its next heartbeat
            conn.close()

        start = time.monotonic()
        workers = [threading.Thread(target=flooder, args=(k,), daemon=True) for k in range(4)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(60)
        flood_time = time.monotonic() - start
        cpu_flood = sampler.stop()
        probe.stop()
        flood_rss = sampler.peak_rss
        # Other riders up to the server's cap of 32, then the cap for anyone (the operator).
        others = {}
        for t, ride in zip(riders[1:], rides[1:]):
            for _ in range(8):
                s, status = open_stream(svc.port, f"/rides/{ride}/events", t)
                streams.append(s)
                others[status] = others.get(status, 0) + 1
        s, over_total = open_stream(svc.port, f"/rides/{rides[1]}/events", svc.operator)
        s.close()
        # 32 streams open, doing nothing: the server's CPU for 3 s.
        c0, _, _ = proc_stat(svc.server.pid)
        time.sleep(3)
        c1, rss_open, fds = proc_stat(svc.server.pid)
        cpu_open = (c1 - c0) / 3
        # The rider's 8 clients go away: its place is back by the next heartbeat (2 s).
        for s in streams[:8]:
            s.close()
        streams = streams[8:]
        freed_at = None
        t0 = time.monotonic()
        while time.monotonic() - t0 < 8:
            s, status = open_stream(svc.port, f"/rides/{rides[0]}/events", riders[0])
            if status == 200:
                freed_at = time.monotonic() - t0
                streams.append(s)
                break
            s.close()
            time.sleep(0.1)
    finally:
        for s in streams:
            s.close()
        if sampler.is_alive():
            sampler.stop()
        if probe.is_alive():
            probe.stop()
    figure = (f"8 streams then {flood} more from one rider in {flood_time:.1f} s: {count(statuses)} "
              f"(Retry-After {','.join(sorted(str(x) for x in retry_after))}); 3 riders x 8: {count(others)}; "
              f"the server's 33rd: {over_total}; server CPU {cpu_flood * 100:.0f}% during the flood, "
              f"{cpu_open * 100:.1f}% with 32 streams open, RSS {rss0:.0f} -> {flood_rss:.0f} MiB peak ({rss_open:.0f} MiB with 32 open); "
              f"/health slowest {ms(probe.slowest())}; a closed client's place back after "
              + (f"{freed_at:.1f} s (heartbeat 2 s)" if freed_at is not None else "more than 8 s"))
    if accepted_beyond or statuses.get(429, 0) != flood or None in retry_after:
        raise Broke(f"the per-token cap: {figure}")
    if others.get(200, 0) != 24 or over_total != 429:
        raise Broke(f"the server's cap: {figure}")
    if flood_rss > 150 or probe.slowest() > 1.0 or len(probe.ok()) != len(probe.replies):
        raise Broke(f"memory or /health: {figure}")
    if freed_at is None or freed_at > 5:
        raise Broke(f"a closed stream's place: {figure}")
    return figure


def case_open_streams(run):
    svc = run.streams()
    svc.report_all()
    rider = svc.rider("watcher")
    ride = svc.book(rider)
    pid = svc.server.pid

    def statements():
        return int(run.postgres.psql(
            "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE "
            "datname = current_database()) AND query NOT LIKE '%pg_stat_statements%' AND query <> 'SELECT $1'", database="streams"))

    def quiet(seconds=5):
        """Statements the database ran in `seconds` s, and the server's CPU share meanwhile."""
        q0, (c0, _, _) = statements(), proc_stat(pid)
        time.sleep(seconds)
        q1, (c1, _, _) = statements(), proc_stat(pid)
        return q1 - q0, (c1 - c0) / seconds

    time.sleep(1)
    idle_queries, idle_cpu = quiet()
    _, rss0, _ = proc_stat(pid)
    n, streams, statuses = 2000, [], {}
    probe = Prober(svc.port, interval=0.25, timeout=5)
    probe.start()
    try:
        start = time.monotonic()
        for _ in range(n):
            s, status = open_stream(svc.port, f"/rides/{ride}/events", rider)
            streams.append(s)
            statuses[status] = statuses.get(status, 0) + 1
        opened = time.monotonic() - start
        probe.stop()  # /health reads the store: not during the quiet window
        time.sleep(2)  # every stream's first read done
        open_queries, open_cpu = quiet()
        _, rss1, fds = proc_stat(pid)
    finally:
        if probe.is_alive():
            probe.stop()
        for s in streams:
            s.close()
    per_stream = (rss1 - rss0) * 1024 / max(1, statuses.get(200, 0))
    figure = (f"{count(statuses)} streams opened in {opened:.1f} s; statements in 5 s: {idle_queries} with none open, "
              f"{open_queries} with {statuses.get(200, 0)} open; server CPU {idle_cpu * 100:.1f}% -> {open_cpu * 100:.1f}%, "
              f"RSS {rss0:.0f} -> {rss1:.0f} MiB ({per_stream:.1f} KiB a stream), {fds} descriptors; "
              f"/health slowest {ms(probe.slowest())}")
    if statuses.get(200, 0) != n:
        raise Broke(f"not every stream opened: {figure}")
    if open_queries != idle_queries:
        raise Broke(f"open streams ran queries: {figure}")
    if probe.slowest() > 1.0 or len(probe.ok()) != len(probe.replies):
        raise Broke(f"/health: {figure}")
    return figure


def booking_flood(svc, seconds=2.5):
    """One rider books in a loop: (figure, reasons it broke)."""
    svc.cancel_all()
    svc.report_all()
    flood, second = svc.rider("flood"), svc.rider("second")
    statuses, codes, retry_after = {}, {}, set()
    booked = 0
    conn = keep_alive(svc.port)
    start = time.monotonic()
    tries = 0
    last_429 = None
    while time.monotonic() - start < seconds and tries < 2000:
        r = request(svc.port, "POST", "/rides", flood, ride_request(), conn=conn)
        tries += 1
        statuses[r.status] = statuses.get(r.status, 0) + 1
        if r.status == 201:
            booked += 1
        elif r.status == 200:
            name = (r.json() or {}).get("codeName", "?")
            codes[name] = codes.get(name, 0) + 1
        elif r.status == 429:
            retry_after.add(r.headers.get("retry-after"))
            last_429 = r
    conn.close()
    elapsed = time.monotonic() - start
    active = svc.active_rides(flood)
    # Retry-After honoured: the write is taken again (and refused for the active ride, code 9).
    wait = int(last_429.headers.get("retry-after", "0")) if last_429 else 0
    after = None
    if last_429 and 1 <= wait <= 10:
        time.sleep(wait)
        after = request(svc.port, "POST", "/rides", flood, ride_request())
    t = time.monotonic()
    other = request(svc.port, "POST", "/rides", second, ride_request())
    other_time = time.monotonic() - t
    code9 = codes.get("failureRequiringAppLaunchPreviousRideNeedsCompletion", 0)
    after_text = "none refused" if after is None else (f"code {(after.json() or {}).get('code')}" if after.status == 200 else str(after.status))
    figure = (f"{'postgresql' if svc.name == 'pg' else 'sqlite'}: {tries} tries in {elapsed:.1f} s, "
              f"{booked} booked, {code9} code 9, {statuses.get(429, 0)} x 429 (Retry-After {','.join(sorted(str(x) for x in retry_after))}), "
              f"{active} active; after Retry-After {after_text}; a second rider {other.status} in {ms(other_time)}")
    reasons = []
    if booked != 1 or active != 1:
        reasons.append("more than one active ride")
    if not statuses.get(429) or None in retry_after:
        reasons.append("no 429 with Retry-After")
    if any(k >= 500 or k == 0 for k in statuses):
        reasons.append(f"failures {count(statuses)}")
    if after is None or after.status != 200 or (after.json() or {}).get("code") != 9:
        reasons.append("the write after Retry-After was not taken")
    if other.status != 201:
        reasons.append(f"the second rider could not book: {other}")
    return figure, reasons


def case_booking_flood(run):
    figures, reasons = [], []
    for svc in (run.main(), run.pg()):
        f, r = booking_flood(svc)
        figures.append(f)
        reasons += r
    figure = "; ".join(figures)
    if reasons:
        raise Broke(f"{', '.join(reasons)}: {figure}")
    return figure


def case_confirm_spam(run):
    # One rider's six clients on SQLite: refused with 429 once past the rate, /health fast.
    svc = run.main()
    svc.cancel_all()
    svc.report_all()
    spammer = svc.rider("confirm")
    statuses, retry_after, lock = {}, set(), threading.Lock()
    seconds = 3.0

    def spam(token, port, until, tally, halt=None):
        conn = keep_alive(port, 10)
        while time.monotonic() < until and not (halt and halt.is_set()):
            r = request(port, "POST", "/rides/confirm", token, ride_request(), conn=conn)
            with lock:
                tally[r.status] = tally.get(r.status, 0) + 1
                if r.status == 429:
                    retry_after.add(r.headers.get("retry-after"))
                if r.status == 200:
                    name = (r.json() or {}).get("codeName", "?")
                    tally[name] = tally.get(name, 0) + 1
        conn.close()

    probe = Prober(svc.port, interval=0.2, timeout=5)
    probe.start()
    until = time.monotonic() + seconds
    workers = [threading.Thread(target=spam, args=(spammer, svc.port, until, statuses), daemon=True) for _ in range(6)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(seconds + 30)
    probe.stop()
    rider_part = (f"sqlite: 6 clients of one rider, {sum(v for k, v in statuses.items() if isinstance(k, int))} confirms in {seconds:g} s: "
                  f"{statuses.get(200, 0)} answered, {statuses.get(429, 0)} x 429 (Retry-After {','.join(sorted(str(x) for x in retry_after))}), "
                  f"/health {len(probe.ok())}/{len(probe.replies)} 200, slowest {ms(probe.slowest())}")
    reasons = []
    if not statuses.get(429) or None in retry_after:
        reasons.append("no 429 with Retry-After")
    if any(isinstance(k, int) and (k >= 500 or k == 0) for k in statuses):
        reasons.append(f"failures {count({k: v for k, v in statuses.items() if isinstance(k, int)})}")
    if probe.slowest() > 1.0 or len(probe.ok()) != len(probe.replies):
        reasons.append("/health slow or failing")

    # PostgreSQL: six operator clients (no rate limit) confirm in a loop while a rider books and
    # cancels the only vehicle in range 15 times: a confirm must not take what a booking needs.
    pg = run.pg()
    pg.cancel_all()
    pg.report_all(far=pg.vehicle_ids[1:])
    booker = pg.rider("confirm-booker")
    confirms = {}
    halt = threading.Event()
    until = time.monotonic() + 60
    workers = [threading.Thread(target=spam, args=(pg.operator, pg.port, until, confirms, halt), daemon=True) for _ in range(6)]
    for w in workers:
        w.start()
    time.sleep(0.5)
    results = {}
    start = time.monotonic()
    for _ in range(15):
        r = request(pg.port, "POST", "/rides", booker, ride_request(), timeout=10)
        if r.status == 201:
            results["booked"] = results.get("booked", 0) + 1
            c = request(pg.port, "POST", f"/rides/{r.json()['rideStatus']['rideIdentifier']}/cancel", booker, timeout=10)
            if c.status != 200:
                results[f"cancel {c.status}"] = results.get(f"cancel {c.status}", 0) + 1
        else:
            why = (r.json() or {}).get("codeName") if r.status == 200 else str(r.status)
            results[why] = results.get(why, 0) + 1
    took = time.monotonic() - start
    halt.set()
    for w in workers:
        w.join(30)
    n_confirms = sum(v for k, v in confirms.items() if isinstance(k, int))
    pg_part = (f"postgresql: 6 operator clients, {n_confirms} confirms ({confirms.get('ready', 0)} ready) while a rider booked and "
               f"cancelled the one vehicle in range: {results.get('booked', 0)} of 15 booked"
               + (f" ({', '.join(f'{k} x{v}' for k, v in results.items() if k != 'booked')})" if len(results) > 1 or "booked" not in results else "")
               + f" in {took:.1f} s")
    if results.get("booked", 0) != 15:
        reasons.append("bookings failed while confirms ran")
    if any(isinstance(k, int) and (k >= 500 or k == 0) for k in confirms):
        reasons.append(f"confirm failures {count({k: v for k, v in confirms.items() if isinstance(k, int)})}")
    figure = f"{rider_part}; {pg_part}"
    pg.report_all()
    if reasons:
        raise Broke(f"{', '.join(reasons)}: {figure}")
    return figure


def case_pg_stop(run):
    svc = run.pg()
    pgs = run.postgres
    rider = svc.rider("outage")
    before = request(svc.port, "GET", "/rides", rider)
    if before.status != 200:
        raise Broke(f"before the stop: {before}")
    stop_took = pgs.stop(signal.SIGINT)
    stopped_at = time.monotonic()
    log(f"pg-stop: postgres stopped in {stop_took:.2f} s")
    # For the stop's length: each round a listing, a confirm and /health (a new connection each,
    # up to 10 s to answer); /metrics every 5th round.
    slowest, statuses, rounds, wrong = {}, {}, 0, []
    metrics = {}
    while time.monotonic() - stopped_at < run.args.pg_stop_seconds:
        checks = [("GET", "/rides", rider, None, 503), ("POST", "/rides/confirm", rider, ride_request(), 503),
                  ("GET", "/health", None, None, 503)]
        if rounds % 5 == 0:
            checks.append(("GET", "/metrics", None, None, 200))
        for method, path, token, body, expected in checks:
            r = request(svc.port, method, path, token, body, timeout=10)
            key = f"{method} {path}"
            slowest[key] = max(slowest.get(key, 0), r.elapsed)
            statuses.setdefault(key, {})
            statuses[key][r.status] = statuses[key].get(r.status, 0) + 1
            if r.status != expected:
                wrong.append(f"{key} {r}")
            elif expected == 503 and r.headers.get("retry-after") is None:
                wrong.append(f"{key} 503 without Retry-After")
        rounds += 1
        remaining = run.args.pg_stop_seconds - (time.monotonic() - stopped_at)
        time.sleep(min(0.5, max(0, remaining)))
    down_for = time.monotonic() - stopped_at
    alive_after = svc.server.proc.poll() is None
    pgs.start()
    restarted = time.monotonic()
    recovered = None
    while time.monotonic() - restarted < 30:
        r = request(svc.port, "GET", "/rides", rider, timeout=5)
        if r.status == 200:
            recovered = time.monotonic() - restarted
            break
        time.sleep(0.25)
    health = request(svc.port, "GET", "/health")
    booked = request(svc.port, "POST", "/rides/confirm", rider, ride_request())
    worst = max((v for k, v in slowest.items() if k != "GET /metrics"), default=0)
    figure = (f"PostgreSQL stopped {down_for:.0f} s, {rounds} rounds: "
              + ", ".join(f"{k} {count(v)} slowest {ms(slowest[k])}" for k, v in statuses.items())
              + f"; restarted, 200 again after " + (f"{recovered:.1f} s" if recovered is not None else "more than 30 s")
              + f", /health {health.status}, confirm {booked.status}")
    if not alive_after:
        raise Broke(f"serve died: {figure}")
    if wrong:
        raise Broke(f"{len(wrong)} wrong answers (first: {wrong[0]}): {figure}")
    if worst > 2.0:
        raise Broke(f"a 503 took more than 2 s: {figure}")
    if recovered is None or health.status != 200 or booked.status != 200:
        raise Broke(f"no recovery: {figure}")
    return figure


def corrupt_pages(path, tables, seed=26):
    """Overwrites the pages of `tables` (their b-tree roots and every page below, from
    sqlite's dbstat when it has it, else the roots) with seeded random bytes: the pages counted."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
        try:
            pages = [p for (p,) in con.execute(
                f"SELECT pageno FROM dbstat WHERE name IN ({','.join('?' * len(tables))})", tables)]
        except sqlite3.Error:
            pages = [p for (p,) in con.execute(
                f"SELECT rootpage FROM sqlite_master WHERE tbl_name IN ({','.join('?' * len(tables))})", tables)]
    finally:
        con.close()
    rng = random.Random(seed)
    with open(path, "r+b") as f:
        for p in pages:
            if p <= 1:
                continue
            f.seek((p - 1) * page_size)
            f.write(bytes(rng.randrange(256) for _ in range(page_size)))
        f.flush()
        os.fsync(f.fileno())
    return len(pages), page_size


def case_corrupt_store(run):
    path = os.path.join(run.work, "victim.sqlite")
    svc = Service(run, "victim", path, 4, ["--heartbeat", "2"])
    svc.report_all()
    riders = [svc.rider(f"victim-{i}") for i in range(3)]
    for t in riders:
        svc.book(t)
    if request(svc.port, "GET", "/rides", riders[0]).status != 200:
        raise Broke("the store did not answer before it was damaged")
    # The writes are in the WAL until a checkpoint: one from outside, then the ride table's pages
    # (in the file, no longer in the WAL) overwritten.
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    n_pages, page_size = corrupt_pages(path, ["ride"])
    log(f"corrupt-store: {n_pages} pages of {page_size} bytes overwritten")
    # Each round: a write by the server (the fleet's positions: its readers then drop their page
    # caches), listings by a rider and the operator, a booking, /health.
    report = {"locations": [{"vehicleIdentifier": v["identifier"], "coordinate": v["position"]} for v in svc.vehicles]}
    running = {}
    slowest = 0.0
    health_while_rides_503 = []
    start = time.monotonic()
    while time.monotonic() - start < 4:
        for method, path_, token, body in [("POST", "/vehicles/locations", svc.operator, report), ("GET", "/rides", riders[0], None),
                                          ("GET", "/rides", svc.operator, None), ("POST", "/rides", riders[1], ride_request()),
                                          ("GET", "/health", None, None)]:
            r = request(svc.port, method, path_, token, body, timeout=10)
            key = f"{method} {path_}"
            slowest = max(slowest, r.elapsed)
            running.setdefault(key, {})
            running[key][r.status] = running[key].get(r.status, 0) + 1
            if key == "GET /health" and r.status == 200 and running.get("GET /rides", {}).get(503):
                health_while_rides_503.append(r)
        time.sleep(0.2)
    alive_running = svc.server.proc.poll() is None
    logged = re.search(r"corrupt|malformed", svc.server.log_text()) is not None
    # Restarted on the damaged file.
    stop_took = svc.server.stop(grace=15)
    restarted = None
    try:
        restarted = Server(run, "victim-restarted", path, svc.fleet, ["--heartbeat", "2"])
    except Broke as e:
        restarted_error = str(e)
    restart_part = ""
    restart_ok = True
    if restarted:
        answers = {}
        for method, path_, token, body in [("GET", "/rides", riders[0], None), ("POST", "/rides", riders[2], ride_request()),
                                          ("GET", "/health", None, None)]:
            r = request(restarted.port, method, path_, token, body, timeout=10)
            answers[f"{method} {path_}"] = r
            slowest = max(slowest, r.elapsed)
        restart_part = "restarted: " + ", ".join(f"{k} {v.status}" for k, v in answers.items())
        if answers["GET /rides"].status == 503 and answers["GET /health"].status == 200:
            restart_ok = False
        if any(v.status not in (200, 201, 503) for v in answers.values()) or restarted.proc.poll() is not None:
            restart_ok = False
    else:
        line = restarted_error.split(": ", 1)[-1]
        restart_part = f"restarted: serve refused to start ({line[:160]})"
        restart_ok = "corrupt" in line or "malformed" in line
    figure = (f"{n_pages} pages of the ride table overwritten under a running server: "
              + ", ".join(f"{k} {count(v)}" for k, v in running.items())
              + f", slowest {ms(slowest)}, {'corruption logged' if logged else 'nothing logged'}, "
              + (f"stopped in {stop_took:.1f} s" if stop_took is not None else "needed SIGKILL"))
    figure += f"; {restart_part}"
    if not alive_running:
        raise Broke(f"serve died: {figure}")
    if any(k not in (200, 201, 503) for v in running.values() for k in v):
        raise Broke(f"answers other than 200 or 503: {figure}")
    if slowest > 2.0:
        raise Broke(f"an answer took more than 2 s: {figure}")
    if health_while_rides_503:
        raise Broke(f"/health said 200 while the rides answered 503: {figure}")
    if not running.get("GET /rides", {}).get(503):
        raise Broke(f"the damage was never reported: {figure}")
    if not logged:
        raise Broke(f"nothing logged: {figure}")
    if not restart_ok:
        raise Broke(f"after the restart: {figure}")
    return figure


CASES = {
    "slowloris": case_slowloris,
    "idle": case_idle,
    "stream-flood": case_stream_flood,
    "booking-flood": case_booking_flood,
    "confirm-spam": case_confirm_spam,
    "open-streams": case_open_streams,
    "pg-stop": case_pg_stop,
    "corrupt-store": case_corrupt_store,
}


def main():
    global VERBOSE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.split("\n")[2:]))
    parser.add_argument("binary", nargs="?", default=".build/release/lodestar", help="the lodestar binary (default .build/release/lodestar)")
    parser.add_argument("--cases", default=",".join(ALL_CASES), help=f"comma-separated, in this order (default all: {','.join(ALL_CASES)})")
    parser.add_argument("--pg-stop-seconds", type=float, default=75, help="how long PostgreSQL stays stopped (default 75)")
    parser.add_argument("--time-limit", type=float, default=240, help="the whole run's bound, seconds (default 240)")
    parser.add_argument("--header-timeout", type=float, default=5, help="the slowloris server's --header-timeout (default 5)")
    parser.add_argument("--idle-timeout", type=float, default=8, help="the idle server's --idle-timeout (default 8)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (logs, stores)")
    parser.add_argument("-v", "--verbose", action="store_true", help="progress on standard error")
    args = parser.parse_args()
    VERBOSE = args.verbose
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        parser.error(f"unknown case {', '.join(unknown)} (cases: {', '.join(ALL_CASES)})")
    if not os.access(args.binary, os.X_OK):
        parser.error(f"{args.binary} is not an executable (build it: swift build -c release --product lodestar)")
    if not 1 <= args.pg_stop_seconds <= 600 or not 10 <= args.time_limit <= 3600:
        parser.error("--pg-stop-seconds must be 1 to 600 and --time-limit 10 to 3600")
    if "pg-stop" in cases and args.time_limit < args.pg_stop_seconds + 60:
        parser.error("--time-limit must leave 60 s beyond --pg-stop-seconds")
    # Hundreds of sockets of our own.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))

    def on_alarm(signum, frame):
        raise RunTimeout()

    def on_term(signum, frame):
        raise KeyboardInterrupt()

    signal.signal(signal.SIGALRM, on_alarm)
    # Ctrl-C, SIGTERM and SIGHUP end the run with its cleanup (also when the shell that started it
    # in the background left SIGINT ignored).
    signal.signal(signal.SIGINT, on_term)
    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGHUP, on_term)
    signal.alarm(int(args.time_limit))
    began = time.monotonic()
    run = Run(args)
    held, broke = [], []
    try:
        for i, name in enumerate(cases):
            start = time.monotonic()
            log(f"{name}: starting")
            try:
                figure = CASES[name](run)
                print(f"hostile: {name}: held ({figure})", flush=True)
                held.append(name)
            except Broke as e:
                print(f"hostile: {name}: broke ({e})", flush=True)
                broke.append(name)
            except RunTimeout:
                for rest in cases[i:]:
                    print(f"hostile: {rest}: broke (the run's {args.time_limit:g} s bound passed{' during it' if rest == name else ' before it ran'})", flush=True)
                    broke.append(rest)
                break
            except Exception as e:  # noqa: BLE001 - a case that fails in the script is a case that broke
                print(f"hostile: {name}: broke ({type(e).__name__}: {e})", flush=True)
                broke.append(name)
            log(f"{name}: {time.monotonic() - start:.1f} s")
    except KeyboardInterrupt:
        print("hostile-load: interrupted", file=sys.stderr)
        broke.append("interrupted")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        run.cleanup()
    print(f"hostile-load: {len(held)} held, {len(broke)} broke in {time.monotonic() - began:.0f} s", file=sys.stderr)
    return 1 if broke else 0


if __name__ == "__main__":
    sys.exit(main())
