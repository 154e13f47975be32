#!/bin/sh
# schemathesis (PyPI) against the committed OpenAPI document, on a running `lodestar serve`:
# no 500, and every response as the document says (status, content type, headers, schema).
# The server runs on a free loopback port, once over a new SQLite file and once over a PostgreSQL
# 15 + PostGIS cluster this script initdb's into its temporary directory and starts on a free
# loopback port (as the postgres user when run as root), stopped by pid at the end. For each store
# the run is repeated with a rider's, a vehicle's and an operator's token, so that every route is
# reached with a role that may use it. Exit status: 0 when every run is clean.
#
# Usage: scripts/schemathesis.sh [path/to/lodestar] [max-examples per operation, default 20]
#        SCHEMATHESIS_STORES="sqlite postgres" (the default) chooses the stores.
set -eu
cd "$(dirname "$0")/.."
L=${1:-.build/debug/lodestar}
N=${2:-${SCHEMATHESIS_MAX_EXAMPLES:-20}}
SPEC=$PWD/Sources/RideServer/Resources/openapi.json
command -v schemathesis >/dev/null 2>&1 || python3 -m pip install -q schemathesis
STORES=${SCHEMATHESIS_STORES:-sqlite postgres}
PG=/usr/lib/postgresql/15/bin
dir=$(mktemp -d "${TMPDIR:-/tmp}/lodestar-schemathesis-XXXXXX")
chmod 755 "$dir"
pid=
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop_server() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  pid=
}
cleanup() {
  stop_server
  if [ -f "$dir/pg/postmaster.pid" ]; then as_postgres "$PG/pg_ctl" -D "$dir/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

status=0
for store in $STORES; do
  case $store in
  sqlite) db="$dir/rides.sqlite" ;;
  postgres)
    mkdir -p "$dir/pg"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir/pg"
    as_postgres "$PG/initdb" -D "$dir/pg" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
    pgport=$(free_port)
    as_postgres "$PG/pg_ctl" -D "$dir/pg" -l "$dir/pg/postgres.log" -w -t 60 \
      -o "-p $pgport -k $dir/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
    as_postgres "$PG/psql" -h 127.0.0.1 -p "$pgport" -U postgres -q -c "CREATE DATABASE rides" postgres
    db="postgres://postgres@127.0.0.1:$pgport/rides"
    ;;
  *) echo "schemathesis.sh: unknown store $store (sqlite, postgres)" >&2; exit 2 ;;
  esac
  echo "### schemathesis on the $store store"
  rider=$($L serve token create --database "$db" --rider schemathesis | tail -n 1)
  # A vehicle of the default simulated fleet (a token for a vehicle the fleet lacks is refused).
  vehicle=$($L serve token create --database "$db" --vehicle SIM-N515W0002-0001 | tail -n 1)
  operator=$($L serve token create --database "$db" --operator | tail -n 1)
  port=$(free_port)
  # Write limits high enough for schemathesis's pace (the default 429s are documented and tested).
  $L serve --listen "127.0.0.1:$port" --database "$db" --simulate-fleet --write-rate 10000 --write-burst 100000 \
    >"$dir/serve-$store.log" 2>&1 &
  pid=$!
  python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(300):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/health", timeout=1)
        sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit("lodestar serve did not answer /health within 30 s")
PY
  for token in "$rider" "$vehicle" "$operator"; do
    # From the temporary directory: schemathesis keeps its cache (.schemathesis/) where it runs.
    (cd "$dir" && schemathesis run "$SPEC" --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
      --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
      --max-examples "$N" --seed 15 --workers 1 --phases examples,coverage,fuzzing --no-color) \
      || status=$?
  done
  stop_server
  if grep -q " 500 " "$dir/serve-$store.log"; then echo "schemathesis.sh: the server on $store logged a 500"; status=1; fi
done
exit $status
