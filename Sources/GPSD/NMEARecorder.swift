#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Copies the raw NMEA 0183 sentences gpsd relays into a trace file, one sentence per line with
/// CR LF line ends, exactly as received and in order, so that replaying the file gives the same
/// fixes.
///
/// Each sentence is written with one `write(2)` as it arrives, so a recording cut short by a crash
/// or a kill loses at most the sentence being written. gpsd relays only the sentences its packet
/// lexer accepts (bad checksums are dropped), and only from the moment the source joined.
public final class NMEARecorder: Sendable {
    /// The file being written.
    public let path: String
    private let descriptor: Int32
    private let written = Atomic<Int>(0)
    private let failures = Atomic<Int>(0)

    /// Creates (or truncates) the file at `path`, mode 0644.
    /// - Throws: ``NMEARecorderError`` when the file cannot be created.
    public init(path: String) throws(NMEARecorderError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.descriptor = fd
    }

    deinit { close(descriptor) }

    /// Sentences written so far.
    public var sentencesWritten: Int { written.load(ordering: .relaxed) }
    /// Sentences that could not be written (disk full, I/O error).
    public var writeFailures: Int { failures.load(ordering: .relaxed) }

    /// Appends one sentence (its own line end, if any, is replaced by CR LF).
    /// - Returns: false when the write failed.
    @discardableResult
    public func record(_ sentence: String) -> Bool {
        var line = sentence
        while let last = line.last, last == "\r" || last == "\n" { line.removeLast() }
        line += "\r\n"
        let ok = writeAll(Array(line.utf8))
        if ok { written.add(1, ordering: .relaxed) } else { failures.add(1, ordering: .relaxed) }
        return ok
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = write(descriptor, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}

/// Why a recording could not start.
public enum NMEARecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open(2)` failed; `reason` is its error message.
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create the recording '\(path)': \(reason)"
        }
    }
}
