import GNSS
import NMEA
import Synchronization

/// The pull-driven state behind ``NMEATraceSource/events()``: it opens the trace on the first pull
/// and decodes the next chunk only when the events of the previous one have all been taken, so a
/// slow consumer (a replay paced in real time) never makes it read ahead.
final class TraceStream: Sendable {
    private enum Phase {
        case start, reading, done
    }

    private struct State {
        var phase = Phase.start
        var queue: [FixSourceEvent] = []
        var head = 0
        var reader: TraceReader?
    }

    private let input: NMEATraceSource.Input
    private let options: NMEADecoder.Options
    private let state = Mutex(State())

    init(input: NMEATraceSource.Input, options: NMEADecoder.Options) {
        self.input = input
        self.options = options
    }

    /// The next event, or nil after ``GNSS/SourceState/finished``.
    func next() -> FixSourceEvent? {
        state.withLock { (s: inout State) -> FixSourceEvent? in
            while true {
                if s.head < s.queue.count {
                    defer { s.head += 1 }
                    return s.queue[s.head]
                }
                s.queue.removeAll(keepingCapacity: true)
                s.head = 0
                switch s.phase {
                case .done:
                    s.reader = nil
                    return nil
                case .start:
                    do throws(TraceReader.Failure) {
                        s.reader = try TraceReader(input, options: options)
                        s.phase = .reading
                        return .state(.connected)
                    } catch {
                        s.phase = .done
                        s.queue = [.state(.refused(reason: error.reason)), .state(.finished)]
                    }
                case .reading:
                    guard let reader = s.reader else {
                        s.phase = .done
                        continue
                    }
                    do throws(TraceReader.Failure) {
                        if try !reader.next({ s.queue.append($0) }) {
                            s.phase = .done
                            s.queue.append(.state(.finished))
                        }
                    } catch {
                        s.phase = .done
                        s.queue += [.state(.lost(reason: error.reason)), .state(.finished)]
                    }
                }
            }
        }
    }
}
