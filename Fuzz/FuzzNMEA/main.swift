// libFuzzer's entry for the NMEA parser, the stream decoder and the epoch assembler: the checks
// are `NMEAFuzzing.check`, which the tests also run on the committed corpus (Fuzz/Corpus).
//
// `make fuzz` builds this with `-sanitize=fuzzer,address -DFUZZING`. SwiftPM makes the top-level
// code below the program's `main` (in place of libFuzzer's), so with FUZZING it hands the
// command line to libFuzzer's driver. Built plainly (`swift build`) it runs the checks once on
// each file named on its command line, as libFuzzer does with file arguments.

import NMEAFuzzing

#if FUZZING
import CLibFuzzer
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif

/// Called by libFuzzer with each input: `size` bytes at `data`. Always 0 (a failed check traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEA(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    NMEAFuzzing.check(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

#if FUZZING
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzNMEA))
#else
for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("FuzzNMEA: cannot read \(path)\n".utf8))
        exit(1)
    }
    [UInt8](data).withUnsafeBufferPointer { NMEAFuzzing.check($0) }
    print("\(path): \(data.count) bytes, checks passed")
}
#endif
