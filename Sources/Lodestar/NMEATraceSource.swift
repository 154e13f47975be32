import GNSS
import Glibc
import NMEA
import Synchronization

/// An NMEA 0183 trace, a file or standard input, as a `GNSS/FixSource`: each receiver cycle
/// becomes one `Fix` (`NMEA/NMEADecoder`), each line that is not an acceptable sentence a
/// `.warning` with its line number and reason ("skipped line 12: checksum_mismatch: ...").
///
/// ```swift
/// let trace = try NMEATraceSource(path: "Traces/walk-to-pickup.nmea")
/// let manager = LocationManager(source: trace, clock: .virtual)   // or .realTime, .speed(50)
/// ```
///
/// The trace is read in 64 KiB chunks and decoded as it is read, so memory stays bounded whatever
/// its length: on the virtual clock the manager reads it synchronously (`SynchronousFixSource`);
/// on a paced clock ``events()`` reads ahead only as far as the manager has consumed. Either way the
/// reading is done on a thread of its own, never on a task of the cooperative pool.
///
/// Events: `GNSS/SourceState/connected`, the fixes and warnings in trace order, then
/// `GNSS/SourceState/finished`. A trace that cannot be opened gives
/// `GNSS/SourceState/refused(reason:)` and a read error mid-way `GNSS/SourceState/lost(reason:)`
/// (each followed by `finished`); a ``LocationManager`` reports both as
/// ``LocationError/traceUnreadable(path:reason:)``.
public struct NMEATraceSource: FixSource {
    /// Where a trace is read from.
    public enum Input: Sendable, Equatable {
        /// A file, by path.
        case file(String)
        /// The process's standard input (a pipe, a serial line redirected, a file).
        case standardInput
    }

    /// What is read.
    public let input: Input
    /// "trace walk-to-pickup.nmea" (the file's name), or "trace standard input".
    public let name: String
    /// Parser and assembler options (lenient checksums, error model).
    public let options: NMEADecoder.Options

    /// A trace file, checked now so that a missing or unreadable file is reported before any
    /// replay starts.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - options: decoder options; default strict checksums and the standard error model.
    /// - Throws: ``LocationError/traceUnreadable(path:reason:)`` when the file does not exist,
    ///   cannot be opened for reading, or is a directory.
    public init(path: String, options: NMEADecoder.Options = NMEADecoder.Options()) throws(LocationError) {
        do throws(TraceReader.Failure) {
            _ = try TraceReader(.file(path), options: options)
        } catch {
            throw .traceUnreadable(path: error.path, reason: error.reason)
        }
        self.input = .file(path)
        self.name = "trace " + (path.split(separator: "/").last.map(String.init) ?? path)
        self.options = options
    }

    /// The trace on standard input. It can be read once: a second replay finds it at its end.
    /// - Parameter options: decoder options.
    public static func standardInput(options: NMEADecoder.Options = NMEADecoder.Options()) -> NMEATraceSource {
        NMEATraceSource(input: .standardInput, name: "trace standard input", options: options)
    }

    private init(input: Input, name: String, options: NMEADecoder.Options) {
        self.input = input
        self.name = name
        self.options = options
    }

    /// False: a recording, replayed on its own time.
    public var isLive: Bool { false }

    /// The path for messages: the file's, or "-" for standard input.
    public var path: String {
        switch input {
        case .file(let path): path
        case .standardInput: "-"
        }
    }

    /// Reads the trace from its start, calling `body` with each event; stops when `body` returns
    /// false. Reads and decodes as it goes: one chunk at a time.
    package func forEachEvent(_ body: (FixSourceEvent) -> Bool) {
        forEachEvent(body, stop: { false })
    }

    /// ``forEachEvent(_:)`` that also ends when `stop` says so while the input is silent (a pipe
    /// or a FIFO that blocks), asked every 100 ms.
    package func forEachEvent(_ body: (FixSourceEvent) -> Bool, stop: @escaping () -> Bool) {
        let reader: TraceReader
        do throws(TraceReader.Failure) {
            reader = try TraceReader(input, options: options)
        } catch {
            if body(.state(.refused(reason: error.reason))) { _ = body(.state(.finished)) }
            return
        }
        guard body(.state(.connected)) else { return }
        var going = true
        do throws(TraceReader.Failure) {
            while going, try reader.next({ event in if going { going = body(event) } }, stop: stop) {
                if stop() { return }
            }
        } catch {
            if going { going = body(.state(.lost(reason: error.reason))) }
        }
        if going { _ = body(.state(.finished)) }
    }

    /// A fresh stream of the trace's events. It reads the next chunk only when the events decoded
    /// so far have been consumed, so a paced replay holds one chunk's events at most.
    public func events() -> AsyncStream<FixSourceEvent> {
        let stream = TraceStream(input: input, options: options)
        return AsyncStream(unfolding: { await stream.next() }, onCancel: { stream.stop() })
    }
}

extension NMEATraceSource: SynchronousFixSource {
    package func forEachEvent(
        fixes: (UnsafeBufferPointer<Fix>) -> Bool, other: (FixSourceEvent) -> Bool, stop: @escaping () -> Bool
    ) {
        forEachEvent(
            { event in
                guard case .fix(let fix) = event else { return other(event) }
                return withUnsafePointer(to: fix) { fixes(UnsafeBufferPointer(start: $0, count: 1)) }
            }, stop: stop)
    }
}
