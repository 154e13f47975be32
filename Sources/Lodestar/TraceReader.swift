import GNSS
import Glibc
import LodestarInternals
import NMEA

/// Reads an NMEA trace (a file or standard input) in chunks and decodes it as it goes, turning the
/// decoder's epochs into fixes and its rejected lines into warnings.
///
/// Memory is bounded: one chunk buffer, the decoder's partial line and one cycle; nothing grows
/// with the length of the trace. Used by ``NMEATraceSource`` on both its paths; not thread-safe
/// (each path owns its reader).
final class TraceReader {
    /// Why a trace cannot be read: the path as given and the system's reason.
    typealias Failure = InputFile.Failure

    /// Bytes read per `read(2)`.
    static let chunkSize = 64 * 1024

    private let file: InputFile
    private let buffer: UnsafeMutableRawBufferPointer
    private var decoder: NMEADecoder
    private var ended = false

    /// Opens the input. - Throws: ``Failure`` when the file does not exist, cannot be opened or is
    /// a directory.
    init(_ input: NMEATraceSource.Input, options: NMEADecoder.Options) throws(Failure) {
        switch input {
        case .standardInput: file = try InputFile(path: "-")
        case .file(let path): file = try InputFile(path: path == "-" ? "./-" : path)
        }
        buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
        decoder = NMEADecoder(options: options)
    }

    deinit {
        buffer.deallocate()
    }

    /// The decoder's counts so far: lines, sentences, epochs, rejected lines by reason.
    var statistics: NMEAStatistics { decoder.statistics }

    /// Reads and decodes the next chunk, calling `handle` with each fix and warning in trace order.
    /// At the end of the input, decodes a last line without a line end and the last cycle.
    /// - Returns: false once the input has ended (and everything has been handed over).
    /// - Throws: ``Failure`` when a read fails.
    /// - Parameter stop: asked every 100 ms while the input has nothing to read (a silent pipe or
    ///   FIFO); when it says true, returns true with nothing handed over.
    func next(_ handle: (FixSourceEvent) -> Void, stop: () -> Bool = { false }) throws(Failure) -> Bool {
        guard !ended else { return false }
        while !readable(within: 100) {
            if stop() { return true }
        }
        let forward: (NMEADecoder.Event) -> Void = { event in
            switch event {
            case .epoch(let epoch): handle(.fix(epoch.fix))
            case .rejected(let line): handle(.warning(Self.warning(line)))
            }
        }
        let n: Int
        do throws(Failure) {
            n = try file.read(into: buffer)
        } catch {
            ended = true
            throw error
        }
        if n == 0 {
            ended = true
            decoder.finish(forward)
            return false
        }
        decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), forward)
        return true
    }

    /// Whether the input has something to read (or has ended, or failed) within `milliseconds`.
    private func readable(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: file.descriptor, events: Int16(POLLIN), revents: 0)
        let n = poll(&descriptor, 1, milliseconds)
        return n != 0
    }

    /// `skipped line 12: checksum_mismatch: checksum 26 != computed 25: $GPGGA,...`.
    static func warning(_ line: NMEADecoder.RejectedLine) -> String {
        "skipped line \(line.line): \(line.error): \(line.text)"
    }
}
