import LodestarInternals
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies the raw NMEA 0183 sentences gpsd relays into a trace file, one sentence per line with
/// CR LF line ends, exactly as received and in order, so that replaying the file gives the same
/// fixes.
///
/// Each sentence is written with one `write(2)` as it arrives, so a recording cut short by a crash
/// or a kill loses at most the sentence being written. gpsd relays only the sentences its packet
/// lexer accepts (bad checksums are dropped), and only from the moment the source joined.
///
/// ``close()`` ends the recording: it waits for a sentence being written, closes the file and
/// drops what arrives later (the reader thread of a stopped source may still read a sentence
/// within its poll interval), so that ``sentencesWritten`` is then the number of lines in the file.
public final class NMEARecorder: Sendable {
    /// The file being written.
    public let path: String
    private let state: Mutex<State>

    private struct State {
        /// The open file, nil once closed.
        var descriptor: Int32?
        var written = 0
        var failures = 0
    }

    /// Creates (or truncates) the file at `path`, mode 0644.
    /// - Throws: ``NMEARecorderError`` when the file cannot be created.
    public init(path: String) throws(NMEARecorderError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        state = Mutex(State(descriptor: fd))
    }

    deinit { close() }

    /// Sentences written so far.
    public var sentencesWritten: Int { state.withLock { $0.written } }
    /// Sentences that could not be written (disk full, I/O error).
    public var writeFailures: Int { state.withLock { $0.failures } }

    /// Appends one sentence (its own line end, if any, is replaced by CR LF). After ``close()``
    /// the sentence is dropped.
    /// - Returns: false when the write failed (not when the recording was closed).
    @discardableResult
    public func record(_ sentence: String) -> Bool {
        var line = sentence
        // By scalars: "\r\n" is one Character, equal to neither "\r" nor "\n".
        while let last = line.unicodeScalars.last, last == "\r" || last == "\n" { line.unicodeScalars.removeLast() }
        line += "\r\n"
        let bytes = Array(line.utf8)
        return state.withLock { state in
            guard let fd = state.descriptor else { return true }
            let ok = bytes.withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) }
            if ok { state.written += 1 } else { state.failures += 1 }
            return ok
        }
    }

    /// Ends the recording: waits for a sentence being written and closes the file. Later
    /// sentences are dropped. Safe from any thread, and more than once.
    public func close() {
        state.withLock { state in
            guard let fd = state.descriptor else { return }
            closeDescriptor(fd)
            state.descriptor = nil
        }
    }
}

/// `close(2)`, out of reach of ``NMEARecorder/close()``'s name.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
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
