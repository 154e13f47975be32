import Foundation
import LodestarInternals
import Synchronization

extension HTTPLoad {
    /// What the run measured, shared by every task.
    final class Figures: Sendable {
        private struct State {
            var bookingLatencies: [Double] = []
            var statusLatencies: [Double] = []
            var batchLatencies: [Double] = []
            var codes: [String: Int] = [:]
            var positions = 0
            var cancels = 0
            var errors: [String: Int] = [:]
        }

        private let state = Mutex(State())
        private let fileLock = Mutex(())

        func booking(latency: Duration, code: String) {
            state.withLock {
                $0.bookingLatencies.append(latency.seconds * 1000)
                $0.codes[code, default: 0] += 1
            }
        }

        func statusRead(latency: Duration) { state.withLock { $0.statusLatencies.append(latency.seconds * 1000) } }
        func positions(_ count: Int, latency: Duration) {
            state.withLock {
                $0.positions += count
                $0.batchLatencies.append(latency.seconds * 1000)
            }
        }
        func cancelled() { state.withLock { $0.cancels += 1 } }

        /// Counts an error by its first 80 characters.
        func error(_ text: String) { state.withLock { $0.errors[String(text.prefix(80)), default: 0] += 1 } }

        /// Appends `line` to `file` at once (one write per line).
        func write(_ line: String, to file: FileHandle) {
            fileLock.withLock { _ in file.write(Data(line.utf8)) }
        }

        func summary(elapsed: Double, servers: Servers) -> String {
            let s = state.withLock { $0 }
            func percentiles(_ values: [Double]) -> String {
                guard !values.isEmpty else { return "none" }
                let sorted = values.sorted()
                func p(_ q: Double) -> String {
                    let index = min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))
                    return DecimalText.string(sorted[index], decimals: 1)
                }
                return "p50 \(p(0.5)) ms, p90 \(p(0.9)) ms, p99 \(p(0.99)) ms, max \(p(1)) ms (\(sorted.count))"
            }
            var lines = [
                "elapsed \(DecimalText.string(elapsed, decimals: 1)) s",
                "bookings: \(s.codes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))",
                "booking latency: \(percentiles(s.bookingLatencies))",
                "bookings/s: \(DecimalText.string(Double(s.bookingLatencies.count) / elapsed, decimals: 1))",
                "position updates: \(s.positions), \(DecimalText.string(Double(s.positions) / elapsed, decimals: 0))/s; batch latency \(percentiles(s.batchLatencies))",
                "status reads: \(s.statusLatencies.count), \(DecimalText.string(Double(s.statusLatencies.count) / elapsed, decimals: 0))/s; latency \(percentiles(s.statusLatencies))",
                "cancels: \(s.cancels)",
                "servers down: \(servers.downServers.joined(separator: " ")) (failovers \(servers.failoverCount))",
            ]
            for (text, count) in s.errors.sorted(by: { $0.value > $1.value }).prefix(10) {
                lines.append("error ×\(count): \(text)")
            }
            return lines.joined(separator: "\n")
        }
    }
}
