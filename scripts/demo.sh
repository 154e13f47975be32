#!/bin/sh
# make demo: London Heathrow to Hong Kong International, on the WGS84 ellipsoid and on the sphere,
# and the magnetic declination at both ends. Argument: the path of the lodestar binary.
set -eu
LODESTAR=${1:-.build/debug/lodestar}
LHR="51.4700 -0.4543"
HKG="22.3080 113.9185"

echo "== Heathrow ($LHR) to Hong Kong ($HKG)"
echo "-- WGS84 ellipsoid (Karney, via PROJ): azi1 azi2 distance_m"
echo "$LHR $HKG" | "$LODESTAR" geodesic inverse
echo "-- sphere R = 6371008.8 m: initial_bearing final_bearing distance_m"
echo "$LHR $HKG" | "$LODESTAR" geodesic inverse --sphere
echo "-- magnetic declination (WMM2025), today"
"$LODESTAR" declination $LHR
"$LODESTAR" declination $HKG
