#!/bin/sh
# Writes Sources/CBuildCommit/commit.h, the commit `lodestar --version` prints, when it changed
# (so that an unchanged commit rebuilds nothing). The commit is git's when this is a clone (with
# "-dirty" when tracked files differ from it); in a tarball made by `git archive` it is the one
# git wrote into packaging/commit (export-subst, .gitattributes); otherwise "unknown".
set -eu
cd "$(dirname "$0")/.."
header=Sources/CBuildCommit/commit.h
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
  commit=$(git rev-parse --short=12 HEAD)
  git diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
elif grep -Eq '^[0-9a-f]{7,40}$' packaging/commit 2>/dev/null; then
  commit=$(cut -c1-12 packaging/commit)
else
  commit=unknown
fi
line="#define LODESTAR_COMMIT \"$commit\""
if [ "$(cat "$header" 2>/dev/null)" != "$line" ]; then
  # A header that did not exist is not among the C file's recorded dependencies: touch it.
  [ -f "$header" ] || touch Sources/CBuildCommit/BuildCommit.c
  echo "$line" > "$header"
fi
echo "$commit"
