#!/bin/sh
# The full fusion ensemble (issue 23): every scenario class under both receiver error models, 30
# seeds a cell at 1 Hz and 10 Hz, pooled; prints the tables docs/fusion.md quotes. Release build.
# `make test` runs the reduced size through FusionEnsembleTests instead.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product FusionEnsembleRun
exec .build/release/FusionEnsembleRun "$@"
