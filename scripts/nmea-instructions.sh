#!/bin/sh
# Instructions per line of the NMEA decoder, counted by callgrind (repeatable whatever the host is
# doing; BENCHMARKS.md compares sessions by this figure).
#
#   scripts/nmea-instructions.sh [CORPUS]
#
# Builds, in .build/nmea-instructions, a small release package with the tree's LodestarInternals,
# Geodesy, GNSS and NMEA sources (symlinked) and an executable that decodes a file N times with
# NMEADecoder in 64 KiB chunks, as the NMEA benchmark does; counts the instructions of decoding a
# 200,000-line slice of the benchmark corpus once and twice; prints (twice − once) / lines.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$root/.build/nmea-instructions
corpus=${1:-$root/.build/bench/nmea-corpus.nmea}
[ -f "$corpus" ] || { mkdir -p "$(dirname "$corpus")"; python3 "$root/scripts/make-nmea-corpus.py" "$corpus"; }
mkdir -p "$work/pkg/Sources/nmeacount"
head -n 200000 "$corpus" > "$work/slice.nmea"
for t in CGeographicLib LodestarInternals Geodesy GNSS NMEA; do ln -sfn "$root/Sources/$t" "$work/pkg/Sources/$t"; done
cat > "$work/pkg/Package.swift" <<'PKG'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "NMEACount",
    targets: [
        .target(name: "CGeographicLib", linkerSettings: [.linkedLibrary("GeographicLib")]),
        .target(name: "LodestarInternals"),
        .target(name: "Geodesy", dependencies: ["CGeographicLib", "LodestarInternals"]),
        .target(name: "GNSS", dependencies: ["Geodesy", "LodestarInternals"]),
        .target(name: "NMEA", dependencies: ["GNSS", "Geodesy", "LodestarInternals"]),
        .executableTarget(name: "nmeacount", dependencies: ["NMEA"]),
    ],
    swiftLanguageModes: [.v6]
)
PKG
cat > "$work/pkg/Sources/nmeacount/main.swift" <<'MAIN'
import Foundation
import NMEA
// nmeacount FILE TIMES: decode FILE (read into memory first) TIMES times, as the benchmark does.
let args = CommandLine.arguments
guard args.count == 3, let times = Int(args[2]), let data = FileManager.default.contents(atPath: args[1]) else {
    print("usage: nmeacount FILE TIMES"); exit(2)
}
var lines = 0, epochs = 0
for _ in 0..<times {
    var decoder = NMEADecoder()
    data.withUnsafeBytes { all in
        var offset = 0
        while offset < all.count {
            let end = min(all.count, offset + 65_536)
            decoder.decode(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { event in
                if case .epoch = event { epochs += 1 }
            }
            offset = end
        }
    }
    decoder.finish { event in if case .epoch = event { epochs += 1 } }
    lines += decoder.statistics.lines
}
print("lines \(lines) epochs \(epochs)")
MAIN
(cd "$work/pkg" && swift build -c release >/dev/null)
bin=$work/pkg/.build/release/nmeacount
ir() { valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1.out" "$bin" "$work/slice.nmea" "$1" 2>&1 \
  | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*'; }
one=$(ir 1); two=$(ir 2)
lines=$("$bin" "$work/slice.nmea" 1 | awk '{print $2}')
echo "instructions per line: $(( (two - one) / lines )) (Ir once $one, twice $two, $lines lines per pass)"
