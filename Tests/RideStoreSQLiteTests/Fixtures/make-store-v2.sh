#!/usr/bin/env bash
# Makes store-v2.sqlite (see README.md) with the lodestar of .build/debug, built from commit 3480335:
# bash Tests/RideStoreSQLiteTests/Fixtures/make-store-v2.sh [DIRECTORY]   (default /tmp/fixture-v2)
set -eu
cd "$(dirname "$0")/../../.."
B=$PWD/.build/debug/lodestar
D=${1:-/tmp/fixture-v2}; rm -rf $D; mkdir -p $D; F=$D/store-v2.sqlite
$B ride request --pickup 51.50850,-0.12470 --dropoff 51.50100,-0.12500 --party 2 --yes --fleet Examples/fleet.json --store $F > $D/r1.txt
$B ride request --pickup 51.50800,-0.12810 --party 1 --yes --fleet Examples/fleet.json --store $F > $D/r2.txt
$B ride request --pickup 51.50310,-0.11500 --dropoff 51.51940,-0.12700 --party 5 --option XL --yes --fleet Examples/fleet.json --store $F > $D/r3.txt
R3=$(grep -o 'ride [0-9A-F-]\{36\}' $D/r3.txt | head -1 | cut -d' ' -f2)
$B ride cancel $R3 --store $F > $D/c3.txt
$B serve run --listen 127.0.0.1:0 --database sqlite:$F --fleet Examples/fleet.json > $D/serve.out 2> $D/serve.err &
PID=$!
echo $PID > $D/serve.pid
for i in $(seq 50); do grep -q http $D/serve.out 2>/dev/null && break; sleep 0.2; done
URL=$(grep -o 'http://[0-9.:]*' $D/serve.out | head -1)
RIDER=$($B serve token create --database sqlite:$F --rider ada)
OPER=$($B serve token create --database sqlite:$F --operator)
VEH=$($B serve token create --database sqlite:$F --vehicle LDN-005)
curl -sf -X PUT -H "Authorization: Bearer $OPER" -H 'Content-Type: application/json' -d '{"coordinate":{"latitude":51.5090,"longitude":-0.1260},"horizontalAccuracy":4,"speed":3.5,"course":90}' $URL/vehicles/LDN-002/location; echo
curl -sf -X PUT -H "Authorization: Bearer $VEH" -H 'Content-Type: application/json' -d '{"coordinate":{"latitude":51.5282,"longitude":-0.1337},"speed":0}' $URL/vehicles/LDN-005/location; echo
$B ride request --server $URL --token $RIDER --pickup 51.50850,-0.12470 --dropoff 51.47000,-0.45430 --party 1 > $D/r4.txt
cat $D/r4.txt
R4=$(grep -o 'ride [0-9A-F-]\{36\}' $D/r4.txt | head -1 | cut -d' ' -f2)
# LDN-002 reports 300 m from the pickup: the server's rules move the ride to approachingPickup.
curl -sf -X PUT -H "Authorization: Bearer $OPER" -H 'Content-Type: application/json' -d '{"coordinate":{"latitude":51.5112,"longitude":-0.1247},"horizontalAccuracy":5,"speed":8,"course":180}' $URL/vehicles/LDN-002/location; echo
kill -TERM $PID; wait $PID || true
echo "R3=$R3 R4=$R4" > $D/ids.txt
echo "$RIDER" > $D/rider.token
