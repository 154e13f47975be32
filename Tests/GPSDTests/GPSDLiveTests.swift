import Foundation
import GNSS
import Testing

@testable import GPSD

/// Tests against a real gpsd (started by gpsfake, or bare), each on its own loopback port and in
/// its own TMPDIR. They run one at a time: each starts gpsd, gpsfake (Python) and often gpspipe,
/// and on a 2-core machine parallel runs starve each other's timing. The nested suites in the
/// other GPSDLive*.swift files inherit `.serialized`.
@Suite("live gpsd", .serialized)
struct GPSDLiveTests {
    /// Options that make the tests quick: short backoff, short silences.
    static func quickOptions(recorder: NMEARecorder? = nil) -> GPSDSourceOptions {
        GPSDSourceOptions(
            noFixTimeout: .seconds(1), noDataTimeout: .seconds(1),
            backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)),
            pollInterval: .milliseconds(100), recorder: recorder)
    }

    static func source(_ sandbox: Sandbox, recorder: NMEARecorder? = nil) -> GPSDSource {
        GPSDSource(endpoint: GPSDEndpoint(host: "localhost", port: sandbox.port), options: quickOptions(recorder: recorder))
    }
}

extension GPSDLiveTests {
    @Suite("what Lodestar receives equals what gpspipe -w shows")
    struct AgainstGPSPipe {
        @Test("same TPVs, times and positions, as one contiguous run", arguments: ["nl2008u.log", "iTrek.log"])
        func sameEpochsAsGPSPipe(log: String) async throws {
            let lock = try await LiveGPSDLock.acquire()
            defer { lock.release() }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let gpsd = try FakeGPS(log: Traces.gpsdLog(log), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let pipe = try GPSPipe(sandbox: sandbox)
            defer { pipe.process.stop() }
            // gpspipe watches first, so it sees every TPV Lodestar sees, and more.
            try await Task.sleep(for: .milliseconds(500))

            let events = EventLog(GPSDLiveTests.source(sandbox))
            let enough = await events.wait(upTo: .seconds(4)) { evs in
                evs.count { if case .fix(let f) = $0 { f.hasPosition } else { false } } >= 12
            }
            await events.stop()
            pipe.finish()

            #expect(enough, "fewer than 12 positioned fixes from \(log)")
            let received = events.tpvFixes.map(Epoch.init(fix:))
            let reference = pipe.tpvLines.compactMap(Epoch.init(tpvLine:))
            let offset = Epoch.runMatches(received, in: reference)
            #expect(offset != nil, "Lodestar's \(received.count) TPVs are not one run of gpspipe's \(reference.count)")
            if offset == nil {
                print("received:\n" + received.map(\.description).joined(separator: "\n"))
                print("gpspipe:\n" + reference.map(\.description).joined(separator: "\n"))
            }
            #expect(events.fixes.allSatisfy { $0.monotonicTime != nil })

            // TPVEncoder writes each fix back as gpsd wrote it, less what Fix does not keep.
            if let offset {
                let gpsdLines = pipe.tpvLines.filter { Epoch(tpvLine: $0) != nil }
                for (i, fix) in events.tpvFixes.enumerated() {
                    #expect(TPVEncoder.encode(fix) == GPSPipe.withoutUncarriedMembers(gpsdLines[offset + i]))
                }
            }
        }
    }
}
