#!/bin/sh
# make demo: distance and bearing between two well-known places, on the ellipsoid and on the sphere,
# and the magnetic declination at both. Argument: the path of the lodestar binary.
set -eu
LODESTAR=${1:-.build/debug/lodestar}
"$LODESTAR" --help
