#!/bin/sh
# install-check.sh: the installed tree as a user has it (issue 27's acceptance 1). Installs the
# staged tree (`make stage`) into a temporary prefix, then with only that prefix's bin before
# the system's on PATH, and with the toolchain (/opt/swift) and this build tree hidden by empty
# mounts in a private mount namespace: lodestar --version, lodestar replay of a bundled trace,
# every man page through `man --warnings`, the bash completion of `lodestar gu`, and
# systemd-analyze verify of the units. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
repo=$(pwd -P)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/usr
make --no-print-directory -s install-files PREFIX="$prefix" >/dev/null || { echo "install-check: make install-files failed"; exit 1; }
cp Traces/city-drive.nmea "$tmp/"

passed=0
failed=0
check() { # check NAME COMMAND...: runs COMMAND, counts it
  name=$1; shift
  if out=$("$@" 2>&1); then
    passed=$((passed + 1)); echo "ok    $name"
  else
    failed=$((failed + 1)); echo "FAIL  $name"; printf '%s\n' "$out" | sed 's/^/      /' | head -20
  fi
}

bin=$prefix/bin/lodestar
# What the binary needs from the system: no RUNPATH, no Swift library, nothing of the build tree.
check "no RUNPATH or RPATH" sh -c "! readelf -d '$bin' | grep -E 'RUNPATH|RPATH'"
check "no Swift shared library" sh -c "! ldd '$bin' | grep -E 'swift|not found'"
# Source paths of the build tree stay in messages (BoringSSL's __FILE__, Swift's #filePath):
# what must not is a library or resource bundle there. The run below hides the tree anyway.
check "no library or bundle in the build tree" sh -c "! grep -qaE '$repo/\\.build/[^[:space:]]*\\.(so|bundle|resources)' '$bin'"

# The rest runs as a user would: a mount namespace (root, as in CI) hides the toolchain and
# the build tree; PATH has the prefix and the system only.
if unshare --mount true 2>/dev/null; then
  isolate() { unshare --mount sh -c 'mount -t tmpfs none /opt/swift 2>/dev/null; mount -t tmpfs none "$0/.build" && exec "$@"' "$repo" "$@"; }
else
  echo "install-check: no mount namespace here: the toolchain and build tree stay visible"
  isolate() { "$@"; }
fi
userpath="$prefix/bin:/usr/local/bin:/usr/bin:/bin"
run() { isolate env -i PATH="$userpath" HOME="$tmp" LANG=C.UTF-8 "$@"; }

version=$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/LodestarCLI/Lodestar.swift)
version_line() { v=$(run lodestar --version) && echo "$v" && echo "$v" | grep -Eq "^$version \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)$"; }
check "lodestar --version says $version and the commit" version_line
run lodestar --version | sed 's/^/      /'
replay() { n=$(cd "$tmp" && run lodestar replay city-drive.nmea | wc -l) && echo "$n lines" && [ "$n" -gt 100 ]; }
check "lodestar replay city-drive.nmea" replay

pages() {
  n=0
  for page in "$prefix"/share/man/man1/*.1; do
    warnings=$(run man --warnings -l "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || { echo "$page: $warnings"; return 1; }
    n=$((n + 1))
  done
  echo "$n pages"
  [ "$n" -gt 10 ] && [ -f "$prefix/share/man/man1/lodestar.1" ]
  # And man finds them by name in the prefix.
  run man -M "$prefix/share/man" lodestar.replay 2>&1 | grep -q "lodestar replay"
}
check "man --warnings renders every page without warnings" pages

# A bash that sources the completion: the function `complete -p lodestar` names completes `gu`.
complete_gu() {
  run bash --norc --noprofile -c '
    . "$0"
    fn=$(complete -p lodestar | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
    COMP_WORDS=(lodestar gu); COMP_CWORD=1; COMP_LINE="lodestar gu"; COMP_POINT=${#COMP_LINE}
    "$fn" lodestar gu lodestar
    echo "${COMPREPLY[*]}"
    [ "${COMPREPLY[*]}" = guide ]' "$prefix/share/bash-completion/completions/lodestar"
}
check "bash completes 'lodestar gu' to guide" complete_gu
check "zsh and fish completions are where the shells look" \
  test -s "$prefix/share/zsh/vendor-completions/_lodestar" -a -s "$prefix/share/fish/vendor_completions.d/lodestar.fish"

# systemd-analyze verify of both units (the template through an instance name), with their
# Documentation= pages looked up in the prefix; a user lodestar need not exist for it.
verify() {
  units=$tmp/units
  mkdir -p "$units"
  cp "$prefix/lib/systemd/system/lodestar-serve.service" "$units/"
  cp "$prefix/lib/systemd/system/lodestar-vehicle@.service" "$units/"
  ln -sf "lodestar-vehicle@.service" "$units/lodestar-vehicle@cab-7.service"
  out=$(cd "$units" && MANPATH="$prefix/share/man" systemd-analyze verify \
    ./lodestar-serve.service ./lodestar-vehicle@cab-7.service 2>&1)
  echo "$out"
  [ -z "$out" ]
}
check "systemd-analyze verify lodestar-serve.service lodestar-vehicle@cab-7.service" verify

uninstalled() { make --no-print-directory -s uninstall PREFIX="$prefix" >/dev/null && left=$(find "$prefix" -type f) && echo "$left" && [ -z "$left" ]; }
check "make uninstall removes every file" uninstalled

echo "install-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
