#!/bin/bash
# The ride service's load and fault run (issue 15; figures in BENCHMARKS.md). All on loopback,
# bounded in time, stops by itself:
#  1. PostgreSQL 15 + PostGIS (initdb as the postgres user into a temporary directory, a free
#     port), two `lodestar serve` on it; VEHICLES vehicles report once a second through the
#     batched form, RIDERS riders book, poll and cancel for SECONDS s (RideLoad http); server A is
#     killed with SIGKILL at KILL_AT s and the load moves to B; wrk then reads a ride's status on B
#     for WRK_SECONDS s; the database is checked: no vehicle on two active rides, every ride booked
#     before the kill still there.
#  2. The same with the SQLite backend and one server (no kill).
#  3. The hostile cases of issue 26 (scripts/hostile-load.py, its own servers and PostgreSQL):
#     one line per case, held or broke; the script's status is this one's.
#
# Usage: scripts/ride-load.sh [directory with release lodestar and RideLoad, default .build/release]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-.build/release}
L=$B/lodestar
R=$B/RideLoad
VEHICLES=${VEHICLES:-10000}
RIDERS=${RIDERS:-64}
SECONDS_RUN=${SECONDS_RUN:-60}
KILL_AT=${KILL_AT:-30}
WRK_SECONDS=${WRK_SECONDS:-10}
PG=/usr/lib/postgresql/15/bin
work=$(mktemp -d "${TMPDIR:-/tmp}/lodestar-load-XXXXXX")
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  if [ -f "$work/pg/postmaster.pid" ]; then runuser -u postgres -- "$PG/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_health() {
  python3 - "$1" <<'PY'
import sys, time, urllib.request
for _ in range(600):
    try:
        urllib.request.urlopen(f"{sys.argv[1]}/health", timeout=1)
        sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit(f"{sys.argv[1]} did not answer /health within 60 s")
PY
}
now_ms() { date +%s%3N; }

# Tokens and the fleet for database $1: an operator token, RIDERS rider tokens, VEHICLES vehicles.
setup() {
  local db=$1
  $L serve token create --database "$db" --operator | tail -n 1 >"$work/operator.token"
  : >"$work/riders.tokens"
  for i in $(seq 1 "$RIDERS"); do
    $L serve token create --database "$db" --rider "load-rider-$i" | tail -n 1 >>"$work/riders.tokens"
  done
  seq -f "LOAD-%05g" 1 "$VEHICLES" >"$work/vehicles.ids"
  # The fleet file both servers register on start: the vehicles on a grid over central London.
  python3 - "$work/vehicles.ids" "$work/fleet.json" <<'PY'
import json, math, sys
ids = open(sys.argv[1]).read().split()
side = math.ceil(math.sqrt(len(ids)))
vehicles = [{"identifier": v, "capacity": 4, "rideOptionName": "Standard", "speed": 10,
             "position": {"latitude": 51.48 + 0.06 * (i // side) / side, "longitude": -0.18 + 0.12 * (i % side) / side}}
            for i, v in enumerate(ids)]
json.dump({"name": "load fleet", "vehicles": vehicles}, open(sys.argv[2], "w"))
PY
}

# One run: RideLoad against the servers $1 (comma-separated); KILL_PID killed at KILL_AT s.
load() {
  local servers=$1 label=$2 kill_pid=${3:-}
  : >"$work/booked.txt"
  "$R" http --servers "$servers" --operator-token "$(cat "$work/operator.token")" \
    --rider-tokens "$work/riders.tokens" --vehicle-ids "$work/vehicles.ids" --riders "$RIDERS" \
    --seconds "$SECONDS_RUN" --booked "$work/booked.txt" >"$work/load-$label.txt" 2>&1 &
  local load_pid=$!
  if [ -n "$kill_pid" ]; then
    sleep "$KILL_AT"
    kill_ms=$(now_ms)
    kill -KILL "$kill_pid"
    echo "SIGKILL to server A (pid $kill_pid) at $KILL_AT s"
  fi
  wait "$load_pid"
  echo "== $label: RideLoad http ($VEHICLES vehicles, $RIDERS riders, $SECONDS_RUN s)"
  cat "$work/load-$label.txt"
}

# wrk: GET /rides/ID with the operator token on server $1, WRK_SECONDS s, 64 connections.
status_reads() {
  local url=$1 ride
  ride=$(tail -n 1 "$work/booked.txt" | cut -d' ' -f1)
  if [ -z "$ride" ]; then echo "no ride was booked: no status to read" >&2; return 1; fi
  echo "== wrk: GET /rides/$ride on $url"
  wrk -t 2 -c 64 -d "${WRK_SECONDS}s" --latency -H "Authorization: Bearer $(cat "$work/operator.token")" \
    "$url/rides/$ride" | tee "$work/wrk-service.txt" | grep -E "Requests/sec|Latency|50%|99%|Non-2xx|Socket errors" || true
  # Issue 24's ratio: the same reads from a bare Hummingbird route answering that ride's status
  # as a constant body (RideLoad baseline), same wrk, same machine, same run.
  python3 - "$url/rides/$ride" "$(cat "$work/operator.token")" "$work/status.json" <<'PY'
import sys, urllib.request
request = urllib.request.Request(sys.argv[1], headers={"Authorization": f"Bearer {sys.argv[2]}"})
open(sys.argv[3], "wb").write(urllib.request.urlopen(request, timeout=10).read())
PY
  local bport
  bport=$(free_port)
  "$R" baseline --port "$bport" --body "$work/status.json" >"$work/baseline.log" 2>&1 & local bpid=$!
  wait_health_path "http://127.0.0.1:$bport/rides/$ride"
  echo "== wrk: the bare Hummingbird route (RideLoad baseline), the same $(wc -c <"$work/status.json") bytes"
  wrk -t 2 -c 64 -d "${WRK_SECONDS}s" --latency "http://127.0.0.1:$bport/rides/$ride" |
    tee "$work/wrk-baseline.txt" | grep -E "Requests/sec|Latency|50%|99%|Non-2xx|Socket errors" || true
  kill "$bpid"; wait "$bpid" 2>/dev/null || true
  python3 - "$work/wrk-service.txt" "$work/wrk-baseline.txt" <<'PY'
import re, sys
rate = [float(re.search(r"Requests/sec:\s*([\d.]+)", open(f).read()).group(1)) for f in sys.argv[1:]]
print(f"status reads: {rate[0]:.0f}/s against the bare route's {rate[1]:.0f}/s: {rate[0] / rate[1]:.2f} x (goal >= 0.5)")
PY
}

# Waits for a GET of URL $1 to answer (any status), at most 30 s.
wait_health_path() {
  python3 - "$1" <<'PY'
import sys, time, urllib.request, urllib.error
for _ in range(300):
    try:
        urllib.request.urlopen(sys.argv[1], timeout=1)
        sys.exit(0)
    except urllib.error.HTTPError:
        sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit(f"{sys.argv[1]} did not answer within 30 s")
PY
}

# SQL $2 on PostgreSQL database $1.
pg_sql() { psql -h 127.0.0.1 -p "$pgport" -U postgres -d "$1" -At -c "$2"; }

# The booking's time in the store against its whole time, from server $1's /metrics: the mean
# of lodestar_booking_store_duration_seconds (RideService.book: the store's transaction and the
# resolution around it) and of http_request_duration_seconds for POST /rides, and their ratio.
booking_share() {
  python3 - "$1" <<'PY'
import re, sys, urllib.request
text = urllib.request.urlopen(sys.argv[1] + "/metrics", timeout=10).read().decode()
def value(pattern):
    m = re.search(pattern + r" ([0-9.eE+-]+)$", text, re.M)
    return float(m.group(1)) if m else 0.0
store_sum = value(r"^lodestar_booking_store_duration_seconds_sum")
store_n = value(r"^lodestar_booking_store_duration_seconds_count")
req_sum = value(r'^http_request_duration_seconds_sum\{method="POST",route="/rides"\}')
req_n = value(r'^http_request_duration_seconds_count\{method="POST",route="/rides"\}')
if store_n == 0 or req_n == 0 or req_sum == 0:
    print("booking time in the store: no bookings counted on this server"); sys.exit(0)
print(f"booking time in the store: {1000 * store_sum / store_n:.1f} ms of {1000 * req_sum / req_n:.1f} ms "
      f"per request on the server ({int(store_n)} bookings): {100 * store_sum / req_sum:.0f}%")
PY
}

# The service's ceiling for the batched form: the vehicles alone, each round sent again as soon
# as the last is answered (RideLoad --unpaced --riders 0: batches of 300, 16 in flight), through
# server $1 for WRK_SECONDS s. Prints the positions a second.
ingest_ceiling() {
  "$R" http --servers "$1" --operator-token "$(cat "$work/operator.token")" --rider-tokens "$work/riders.tokens" \
    --vehicle-ids "$work/vehicles.ids" --riders 0 --unpaced --seconds "$WRK_SECONDS" --booked "$work/ingest-booked.txt" \
    >"$work/ingest.txt" 2>&1
  sed -nE 's/.*position updates: [0-9]+, ([0-9]+)\/s.*/\1/p' "$work/ingest.txt"
}

# PostgreSQL's own rate for the store's position upsert: the same two statements in one
# transaction (the unknown vehicles, then INSERT ... ON CONFLICT of one row per vehicle), batches
# of 300 vehicles (RideLoad's --batch), 16 in flight (its concurrency), issued by pgbench for
# WRK_SECONDS s; then the service's ceiling (ingest_ceiling) as a ratio of it.
pg_ingest() {
  local service_rate=$1
  cat >"$work/upsert.sql" <<'SQL'
\set batch random(0, 32)
BEGIN;
SELECT DISTINCT u.id FROM unnest(ARRAY(SELECT 'LOAD-' || lpad((:batch * 300 + g)::text, 5, '0') FROM generate_series(1, 300) g)) AS u(id) WHERE NOT EXISTS (SELECT 1 FROM vehicle v WHERE v.id = u.id);
INSERT INTO vehicle_position (vehicle_id, position, course, speed, reported_at) SELECT DISTINCT ON (r.id) r.id, ST_SetSRID(ST_MakePoint(r.lon, r.lat), 4326)::geography, NULLIF(r.course, 'NaN'), NULLIF(r.speed, 'NaN'), r.at FROM (SELECT 'LOAD-' || lpad((:batch * 300 + g)::text, 5, '0') AS id, 51.48 + random() * 0.06 AS lat, -0.18 + random() * 0.12 AS lon, 'NaN'::float8 AS course, 'NaN'::float8 AS speed, extract(epoch FROM clock_timestamp())::float8 AS at FROM generate_series(1, 300) g) r JOIN vehicle v ON v.id = r.id ORDER BY r.id, r.at DESC ON CONFLICT (vehicle_id) DO UPDATE SET position = excluded.position, course = excluded.course, speed = excluded.speed, reported_at = excluded.reported_at WHERE excluded.reported_at >= vehicle_position.reported_at;
COMMIT;
SQL
  echo "== the service's ingest ceiling (RideLoad http --unpaced --riders 0, ${WRK_SECONDS} s): $service_rate positions/s"
  echo "== pgbench: the store's position upsert directly, batches of 300, 16 clients, ${WRK_SECONDS} s"
  "$PG/pgbench" -n -h 127.0.0.1 -p "$pgport" -U postgres -c 16 -j 2 -T "$WRK_SECONDS" -f "$work/upsert.sql" rides \
    >"$work/pgbench.txt" 2>&1 || { cat "$work/pgbench.txt"; return 0; }
  python3 - "$work/pgbench.txt" "$service_rate" "$VEHICLES" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
tps = float(re.search(r"tps = ([0-9.]+)", text).group(1))
vehicles = int(sys.argv[3])
rows = tps * vehicles / -(-vehicles // 300)  # the batches average vehicles/batches rows
service = float(sys.argv[2])
print(f"PostgreSQL alone: {tps:.1f} batches/s, {rows:.0f} positions/s; the service through HTTP: {service:.0f}/s = {service / rows:.2f} x (goal 0.7 x)")
PY
}

echo "### PostgreSQL + PostGIS, two servers"
mkdir -p "$work/pg"
chown -R postgres:postgres "$work"
runuser -u postgres -- "$PG/initdb" -D "$work/pg" -U postgres -A trust -E UTF8 --locale=C >/dev/null
pgport=$(free_port)
runuser -u postgres -- "$PG/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $pgport -k $work -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
pg_sql postgres "CREATE DATABASE rides" >/dev/null
db="postgres://postgres@127.0.0.1:$pgport/rides"
setup "$db"
porta=$(free_port); portb=$(free_port)
$L serve --listen "127.0.0.1:$porta" --database "$db" --fleet "$work/fleet.json" --write-rate 10000 --write-burst 100000 >"$work/serve-a.log" 2>&1 & pida=$!; pids+=("$pida")
$L serve --listen "127.0.0.1:$portb" --database "$db" --fleet "$work/fleet.json" --write-rate 10000 --write-burst 100000 >"$work/serve-b.log" 2>&1 & pidb=$!; pids+=("$pidb")
wait_health "http://127.0.0.1:$porta"; wait_health "http://127.0.0.1:$portb"
load "http://127.0.0.1:$porta,http://127.0.0.1:$portb" postgres "$pida"
booking_share "http://127.0.0.1:$portb"
pg_ingest "$(ingest_ceiling "http://127.0.0.1:$portb")"
status_reads "http://127.0.0.1:$portb"
echo "== checks in the database"
before=$(awk -v k="$kill_ms" '$3 < k { print $1 }' "$work/booked.txt")
nbefore=$(echo "$before" | grep -c . || true)
missing=$({ echo "CREATE TEMP TABLE booked (id text);"; echo "COPY booked FROM STDIN;"; echo "$before" | grep .;
  printf '%s\n' '\.' "SELECT count(*) FROM booked b WHERE NOT EXISTS (SELECT 1 FROM ride r WHERE r.id = b.id);"; } |
  psql -h 127.0.0.1 -p "$pgport" -U postgres -d rides -At -q | tail -n 1)
echo "rides booked before the kill: $nbefore; missing from the database: $missing"
# Active: not completed (phase 4 is INRidePhase.completed; a cancelled ride is completed too).
double=$(pg_sql rides "SELECT count(*) FROM (SELECT vehicle_id FROM ride WHERE phase <> 4 GROUP BY vehicle_id HAVING count(*) > 1) d")
echo "vehicles on two active rides: $double"
kill "$pidb"; wait "$pidb" 2>/dev/null || true

echo
echo "### SQLite, one server"
sq="$work/rides.sqlite"
setup "$sq"
port=$(free_port)
$L serve --listen "127.0.0.1:$port" --database "$sq" --fleet "$work/fleet.json" --write-rate 10000 --write-burst 100000 >"$work/serve-sqlite.log" 2>&1 & pids_=$!; pids+=("$pids_")
wait_health "http://127.0.0.1:$port"
load "http://127.0.0.1:$port" sqlite
booking_share "http://127.0.0.1:$port"
status_reads "http://127.0.0.1:$port"
kill "$pids_"; wait "$pids_" 2>/dev/null || true

echo
echo "### Hostile load (scripts/hostile-load.py)"
python3 scripts/hostile-load.py "$L"
