import Synchronization

/// Ends `lodestar track` from another thread (the NMEA sentence handler, on the source's reader
/// thread, when `-n` is reached): cancels the tracking task once it is known.
final class TrackStop: Sendable {
    private let state = Mutex<(task: Task<TrackPrinter, Never>?, stopped: Bool)>((nil, false))

    /// The task to cancel; cancelled at once when ``stop()`` came first.
    func set(_ task: Task<TrackPrinter, Never>) {
        let stopped = state.withLock { s in
            s.task = task
            return s.stopped
        }
        if stopped { task.cancel() }
    }

    func stop() {
        let task = state.withLock { s in
            s.stopped = true
            return s.task
        }
        task?.cancel()
    }
}

/// `lodestar track --nmea`: writes each relayed sentence, counts them, and stops the command at
/// `-n`. Called on the source's reader thread.
final class SentenceCount: Sendable {
    private let limit: Int?
    private let output: LineQueue<TrackOutput>
    private let stop: TrackStop
    private let count = Atomic<Int>(0)

    init(limit: Int?, output: LineQueue<TrackOutput>, stop: TrackStop) {
        self.limit = limit
        self.output = output
        self.stop = stop
    }

    /// Sentences written so far.
    var printed: Int { min(count.load(ordering: .relaxed), limit ?? .max) }

    func print(_ sentence: String) {
        let n = count.add(1, ordering: .relaxed).newValue
        if let limit, n > limit { return }
        output.append(.sentence(sentence))
        if let limit, n == limit { stop.stop() }
    }
}
