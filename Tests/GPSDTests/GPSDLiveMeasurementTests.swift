import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

#if canImport(Glibc)
import Glibc
#endif

extension GPSDLiveTests {
    /// Measurement runs: they print figures for BENCHMARKS.md and assert only what was measured
    /// on (every TPV matched, nothing delivered while idle), never a time.
    @Suite("measurement runs (figures printed, not asserted)")
    struct Measurement {
        /// Latency: a raw-socket client (as gpspipe) and Lodestar watch the same gpsd. For each
        /// TPV both receive, "consumer − raw" is the time from the raw client's `recv` returning
        /// the line to Lodestar's consumer task receiving the Fix; "consumer − shim" is the part
        /// spent inside Lodestar (from `gps_read` returning to the consumer).
        @Test("latency from gpsd's TPV to the consumer's Fix")
        func latency() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("haicom-305N.log"), sandbox: sandbox, cycle: 0.01)
            defer { gpsd.stop() }
            let raw = try RawGPSDClient(port: sandbox.port)
            try await Task.sleep(for: .milliseconds(300))
            let events = EventLog(GPSDLiveTests.source(sandbox))
            _ = await events.wait(upTo: .seconds(8)) { _ in events.tpvFixes.count >= 100 }
            await events.stop()
            raw.stop()

            let received = events.entries.compactMap { e -> (Fix, Duration)? in
                if case .fix(let f) = e.event, f.mode != .unknown { (f, e.received) } else { nil }
            }
            let rawTPVs = raw.lines.filter { $0.text.hasPrefix(#"{"class":"TPV""#) }
            let offset = contiguousRun(received.map { Epoch(fix: $0.0) }, in: rawTPVs.compactMap { Epoch(tpvLine: $0.text) })
            #expect(received.count >= 100)
            #expect(offset != nil)
            guard let offset else { return }
            let endToEnd = received.indices.map { (received[$0].1 - rawTPVs[offset + $0].received).microseconds }
            let inside = received.compactMap { fix, at in fix.monotonicTime.map { (at - $0).microseconds } }
            print("""
                GPSD latency over \(received.count) TPVs (haicom-305N.log, gpsfake -c 0.01, loopback):
                  consumer − raw client: median \(Measurement.median(endToEnd)) µs, p90 \(Measurement.percentile(endToEnd, 0.9)) µs
                  consumer − shim read:  median \(Measurement.median(inside)) µs, p90 \(Measurement.percentile(inside, 0.9)) µs
                """)
        }

        /// Idle CPU: connected to a gpsd that sends nothing, for 10 s. Process = utime + stime of
        /// the whole test process (/proc/self/stat); reader = the reader thread alone
        /// (/proc/self/task/TID/stat of the thread named "lodestar gpsd").
        @Test("CPU while waiting on a silent gpsd for 10 s")
        func idleCPU() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try SilentGPSD(sandbox: sandbox)
            defer { gpsd.stop() }
            var options = GPSDSourceOptions()  // the defaults a user gets: poll 0.25 s
            options.noDataTimeout = .seconds(60)
            let events = EventLog(GPSDSource(endpoint: GPSDEndpoint(host: "localhost", port: sandbox.port), options: options))
            _ = await events.wait(upTo: .seconds(3)) { $0.contains(.state(.connected)) }
            try await Task.sleep(for: .milliseconds(200))
            let process0 = ReaderThread.cpuTicks("/proc/self/stat")
            let processNanoseconds0 = Measurement.processCPUNanoseconds()
            let thread = ReaderThread.find()
            let thread0 = thread?.cpuTicks
            let threadNanoseconds0 = thread?.cpuNanoseconds
            let switches0 = thread?.voluntarySwitches
            let wall0 = ContinuousClock.now
            try await Task.sleep(for: .seconds(10))
            let process1 = ReaderThread.cpuTicks("/proc/self/stat")
            let processNanoseconds1 = Measurement.processCPUNanoseconds()
            let thread1 = thread?.cpuTicks
            let threadNanoseconds1 = thread?.cpuNanoseconds
            let switches1 = thread?.voluntarySwitches
            let wall = (ContinuousClock.now - wall0).seconds
            await events.stop()

            #expect(events.fixes.isEmpty)
            #expect(thread != nil)
            let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
            let processPercent = Double((process1 ?? 0) - (process0 ?? 0)) / hz / wall * 100
            let threadPercent = Double((thread1 ?? 0) - (thread0 ?? 0)) / hz / wall * 100
            let processExact = Double(processNanoseconds1 - processNanoseconds0) / 1e9 / wall * 100
            let threadExact = Double((threadNanoseconds1 ?? 0) - (threadNanoseconds0 ?? 0)) / 1e9 / wall * 100
            let wakeups = Double((switches1 ?? 0) - (switches0 ?? 0)) / wall
            print(String(format: """
                GPSD idle CPU over %.1f s on a silent gpsd (default 0.25 s poll):
                  /proc/self/stat utime+stime: process %.2f%%, reader thread %.2f%% (%.0f Hz ticks)
                  nanosecond clocks: process %.4f%% (CLOCK_PROCESS_CPUTIME_ID), reader thread %.4f%% (schedstat)
                  reader thread wake-ups: %.1f per second
                """, wall, processPercent, threadPercent, hz, processExact, threadExact, wakeups))
        }

        /// CPU time of the whole process, nanoseconds.
        static func processCPUNanoseconds() -> Int {
            var ts = timespec()
            _ = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
            return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
        }

        static func median(_ values: [Int64]) -> Int64 { percentile(values, 0.5) }

        static func percentile(_ values: [Int64], _ p: Double) -> Int64 {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
        }
    }
}

extension Duration {
    var microseconds: Int64 {
        let (s, atto) = components
        return s * 1_000_000 + atto / 1_000_000_000_000
    }
}
