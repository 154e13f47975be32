#!/bin/sh
# schemathesis (PyPI) against the committed OpenAPI document, on a running `lodestar serve`:
# no 500, and every response as the document says (status, content type, headers, schema).
# The server runs on a free loopback port over a new SQLite file; the run is repeated with a
# rider's, a vehicle's and an operator's token, so that every route is reached with a role that
# may use it. Exit status: schemathesis's (0 = clean).
#
# Usage: scripts/schemathesis.sh [path/to/lodestar] [max-examples per operation, default 20]
set -eu
cd "$(dirname "$0")/.."
L=${1:-.build/debug/lodestar}
N=${2:-${SCHEMATHESIS_MAX_EXAMPLES:-20}}
SPEC=Sources/RideServer/Resources/openapi.json
command -v schemathesis >/dev/null 2>&1 || python3 -m pip install -q schemathesis
dir=$(mktemp -d "${TMPDIR:-/tmp}/lodestar-schemathesis-XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM
db="$dir/rides.sqlite"
rider=$($L serve token create --database "$db" --rider schemathesis | tail -n 1)
# A vehicle of the default simulated fleet (a token for a vehicle the fleet lacks is refused).
vehicle=$($L serve token create --database "$db" --vehicle SIM-N515W0002-0001 | tail -n 1)
operator=$($L serve token create --database "$db" --operator | tail -n 1)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Write limits high enough for schemathesis's pace (the default 429s are documented and tested).
$L serve --listen "127.0.0.1:$port" --database "$db" --simulate-fleet --write-rate 10000 --write-burst 100000 >"$dir/serve.log" 2>&1 &
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
status=0
for token in "$rider" "$vehicle" "$operator"; do
  schemathesis run "$SPEC" --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --max-examples "$N" --seed 15 --workers 1 --phases examples,coverage,fuzzing --no-color \
    || status=$?
done
if grep -q " 500 " "$dir/serve.log"; then echo "schemathesis.sh: the server logged a 500"; status=1; fi
exit $status
