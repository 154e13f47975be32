import LodestarInternals
import NMEA

/// The lines of a batch input (`geodesic`, `declination --batch`), read in chunks with bounded
/// memory, split by the NMEA module's line splitter (LF, CR LF or a CR alone ends a line): a line
/// longer than ``maxLength`` (4096 bytes) stops the reading, as a file of zeros or binary data must
/// not be read to its end one unbounded line at a time.
struct InputLines {
    /// Why the reading stopped before the end.
    enum Stop: Error, CustomStringConvertible {
        /// Line `number` is longer than `limit` bytes.
        case tooLong(number: Int, limit: Int)
        /// The input could not be read.
        case unreadable(InputFile.Failure)

        /// `line 1: longer than 4096 bytes; stopped reading`.
        var description: String {
            switch self {
            case .tooLong(let number, let limit): "line \(number): longer than \(limit) bytes; stopped reading"
            case .unreadable(let failure): failure.description
            }
        }
    }

    let input: InputFile
    var maxLength = 4096

    /// Calls `body` with each line (its LF or CR LF removed, invalid UTF-8 repaired) and its
    /// number from 1, and `chunkDone` after each chunk read (a caller flushes its output there,
    /// so that a pipe fed slowly sees the answers as they come). Either returns false to stop
    /// reading (standard output failed: nobody would see the answers).
    /// - Returns: nil at the end of the input or when asked to stop, or why the reading stopped.
    func forEach(_ body: (String, Int) -> Bool, chunkDone: () -> Bool) -> Stop? {
        var splitter = NMEALineSplitter(maxLength: maxLength)
        var stop: Stop?
        var stopped = false
        let limit = maxLength
        func handle(_ piece: NMEALineSplitter.Piece) {
            guard stop == nil, !stopped else { return }
            switch piece {
            case .line(let bytes, let number):
                stopped = !body(String(decoding: bytes, as: UTF8.self), number)
            case .tooLong(_, let number):
                stop = .tooLong(number: number, limit: limit)
            }
        }
        do {
            try input.forEachChunk(chunkSize: 64 * 1024) { chunk in
                splitter.split(chunk, handle)
                if !chunkDone() { stopped = true }
                return stop == nil && !stopped
            }
        } catch {
            return .unreadable(error)
        }
        if stop == nil, !stopped {
            splitter.finish(handle)
            _ = chunkDone()
        }
        return stop
    }
}
