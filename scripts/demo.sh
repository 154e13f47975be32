#!/bin/sh
# make demo: London Heathrow to Hong Kong International, on the WGS84 ellipsoid and on the sphere,
# and the magnetic declination at both ends; then guidance on a bundled walk, replayed at 50x, to
# arrival. Argument: the path of the lodestar binary. Ends with the arrival line; exit 0.
set -eu
LODESTAR=${1:-.build/debug/lodestar}
TRACES="$(dirname "$0")/../Traces"
LHR="51.4700 -0.4543"
HKG="22.3080 113.9185"

echo "== Heathrow ($LHR) to Hong Kong ($HKG)"
echo "-- WGS84 ellipsoid (Karney, via GeographicLib): azi1 azi2 distance_m"
echo "$LHR $HKG" | "$LODESTAR" geodesic inverse
echo "-- sphere R = 6371008.8 m: initial_bearing final_bearing distance_m"
echo "$LHR $HKG" | "$LODESTAR" geodesic inverse --sphere
echo "-- magnetic declination (WMM2025), today"
"$LODESTAR" declination $LHR
"$LODESTAR" declination $HKG
echo
echo "== Guidance to a ride pickup on the Charing Cross forecourt (51.50850, -0.12470),"
echo "   replaying Traces/walk-to-pickup.nmea at 50x: distance, bearing, turn, speed and ETA until arrival"
GUIDE="$LODESTAR guide --to 51.50850,-0.12470 --arrive-within 20 --trace $TRACES/walk-to-pickup.nmea --speed 50"
if [ -t 1 ]; then
  $GUIDE
else
  # Not a terminal: one line per update; show the first two and the last few.
  out=$(mktemp)
  trap 'rm -f "$out"' EXIT
  $GUIDE > "$out"
  head -n 2 "$out"
  echo "   ... ($(wc -l < "$out") lines in all)"
  tail -n 3 "$out"
fi
