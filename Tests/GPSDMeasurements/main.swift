// Live gpsd measurements for BENCHMARKS.md, run by `make bench` (not by the tests, which assert
// behaviour and never a time): against a real gpsd fed by gpsfake on a loopback port, each under
// the live-gpsd lock, so no live test of any checkout runs meanwhile.
//
// - Latency: a raw-socket client (as gpspipe) and Lodestar watch the same gpsd. For each TPV both
//   receive, "consumer − raw" is the time from the raw client's `recv` returning the line to
//   Lodestar's consumer task receiving the Fix; "consumer − shim" is the part spent inside
//   Lodestar (from `gps_read` returning to the consumer).
// - Idle CPU: connected to a gpsd that sends nothing, for 10 s. Process = utime + stime of the
//   whole process (/proc/self/stat); reader = the reader thread alone (/proc/self/task/TID/stat
//   of the thread named "lodestar gpsd").
//
// It exits non-zero when a run could not measure what it measures (too few TPVs, TPVs that do
// not match, no reader thread), printing why.

import Foundation
import GNSS
import GPSD
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Why a measurement run could not measure.
struct MeasurementFailure: Error, CustomStringConvertible {
    let description: String
}

/// The source the tests use too: short backoff, short silences, a 0.1 s poll.
func quickSource(port: UInt16) -> GPSDSource {
    GPSDSource(
        endpoint: GPSDEndpoint(host: "localhost", port: port),
        options: GPSDSourceOptions(
            noFixTimeout: .seconds(1), noDataTimeout: .seconds(1),
            backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)),
            pollInterval: .milliseconds(100)))
}

func latency() async throws {
    let sandbox = try await Sandbox.acquire()
    defer { sandbox.release() }
    let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("haicom-305N.log"), sandbox: sandbox, cycle: 0.01)
    defer { gpsd.stop() }
    let raw = try RawGPSDClient(port: sandbox.port)
    // The raw client receives reports before Lodestar joins, so it sees every TPV Lodestar sees.
    guard await waitUntil(upTo: .seconds(5), { raw.lines.contains { $0.text.hasPrefix(#"{"class":"TPV""#) } }) else {
        raw.stop()
        throw MeasurementFailure(description: "latency: the raw client received no TPV from gpsd")
    }
    let events = EventLog(quickSource(port: sandbox.port))
    _ = await events.wait(upTo: .seconds(8)) { _ in events.tpvFixes.count >= 100 }
    await events.stop()
    raw.stop()

    let received = events.entries.compactMap { e -> (Fix, Duration)? in
        if case .fix(let f) = e.event, f.mode != .unknown { (f, e.received) } else { nil }
    }
    let rawTPVs = raw.lines.filter { $0.text.hasPrefix(#"{"class":"TPV""#) }
    guard received.count >= 100 else { throw MeasurementFailure(description: "latency: only \(received.count) TPVs in 8 s") }
    guard let offset = contiguousRun(received.map { Epoch(fix: $0.0) }, in: rawTPVs.compactMap { Epoch(tpvLine: $0.text) }) else {
        throw MeasurementFailure(description: "latency: Lodestar's TPVs are not one run of the raw client's")
    }
    let endToEnd = received.indices.map { (received[$0].1 - rawTPVs[offset + $0].received).microseconds }
    let inside = received.compactMap { fix, at in fix.monotonicTime.map { (at - $0).microseconds } }
    print(
        """
        GPSD latency over \(received.count) TPVs (haicom-305N.log, gpsfake -c 0.01, loopback):
          consumer − raw client: median \(median(endToEnd)) µs, p90 \(percentile(endToEnd, 0.9)) µs
          consumer − shim read:  median \(median(inside)) µs, p90 \(percentile(inside, 0.9)) µs
        """)
}

func idleCPU() async throws {
    let sandbox = try await Sandbox.acquire()
    defer { sandbox.release() }
    let gpsd = try SilentGPSD(sandbox: sandbox)
    defer { gpsd.stop() }
    var options = GPSDSourceOptions()  // the defaults a user gets: poll 0.25 s
    options.noDataTimeout = .seconds(60)
    let events = EventLog(GPSDSource(endpoint: GPSDEndpoint(host: "localhost", port: sandbox.port), options: options))
    guard await events.wait(upTo: .seconds(3), until: { $0.contains(.state(.connected)) }) else {
        await events.stop()
        throw MeasurementFailure(description: "idle CPU: not connected to the silent gpsd within 3 s")
    }
    // The reader thread, once it is running and named.
    var thread: ReaderThread?
    _ = await waitUntil(upTo: .seconds(2)) {
        thread = ReaderThread.find()
        return thread != nil
    }
    guard let thread else {
        await events.stop()
        throw MeasurementFailure(description: "idle CPU: no thread named \"lodestar gpsd\"")
    }
    let process0 = ReaderThread.cpuTicks("/proc/self/stat")
    let processNanoseconds0 = processCPUNanoseconds()
    let thread0 = thread.cpuTicks
    let threadNanoseconds0 = thread.cpuNanoseconds
    let switches0 = thread.voluntarySwitches
    let wall0 = ContinuousClock.now
    try await Task.sleep(for: .seconds(10))  // the measured interval itself
    let process1 = ReaderThread.cpuTicks("/proc/self/stat")
    let processNanoseconds1 = processCPUNanoseconds()
    let thread1 = thread.cpuTicks
    let threadNanoseconds1 = thread.cpuNanoseconds
    let switches1 = thread.voluntarySwitches
    let wall = Double((ContinuousClock.now - wall0).microseconds) / 1e6
    await events.stop()

    guard events.fixes.isEmpty else { throw MeasurementFailure(description: "idle CPU: the silent gpsd sent fixes") }
    let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
    let processPercent = Double((process1 ?? 0) - (process0 ?? 0)) / hz / wall * 100
    let threadPercent = Double((thread1 ?? 0) - (thread0 ?? 0)) / hz / wall * 100
    let processExact = Double(processNanoseconds1 - processNanoseconds0) / 1e9 / wall * 100
    let threadExact = Double((threadNanoseconds1 ?? 0) - (threadNanoseconds0 ?? 0)) / 1e9 / wall * 100
    let wakeups = Double((switches1 ?? 0) - (switches0 ?? 0)) / wall
    print(
        String(
            format: """
                GPSD idle CPU over %.1f s on a silent gpsd (default 0.25 s poll):
                  /proc/self/stat utime+stime: process %.2f%%, reader thread %.2f%% (%.0f Hz ticks)
                  nanosecond clocks: process %.4f%% (CLOCK_PROCESS_CPUTIME_ID), reader thread %.4f%% (schedstat)
                  reader thread wake-ups: %.1f per second
                """, wall, processPercent, threadPercent, hz, processExact, threadExact, wakeups))
}

/// CPU time of the whole process, nanoseconds.
func processCPUNanoseconds() -> Int {
    var ts = timespec()
    _ = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

func median(_ values: [Int64]) -> Int64 { percentile(values, 0.5) }

func percentile(_ values: [Int64], _ p: Double) -> Int64 {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

extension Duration {
    /// The duration in whole microseconds.
    var microseconds: Int64 {
        let (s, atto) = components
        return s * 1_000_000 + atto / 1_000_000_000_000
    }
}

do {
    try await latency()
    try await idleCPU()
} catch {
    FileHandle.standardError.write(Data("GPSDMeasurements: \(error)\n".utf8))
    exit(1)
}
