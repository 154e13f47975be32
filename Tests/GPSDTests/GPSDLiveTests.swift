import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

/// Tests against a real gpsd (started by gpsfake, or bare), each on its own loopback port and in
/// its own TMPDIR. They run one at a time: each starts gpsd, gpsfake (Python) and often gpspipe,
/// and on a 2-core machine parallel runs starve each other's timing. The nested suites in the
/// other GPSDLive*.swift files inherit `.serialized`.
@Suite("live gpsd", .serialized, .tags(.liveGPSD))
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
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog(log), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            // gpspipe watches first and receives reports, so it sees every TPV Lodestar sees, and more.
            let pipe = try await GPSPipe.receiving(sandbox: sandbox)
            defer { pipe.process.stop() }

            let events = EventLog(GPSDLiveTests.source(sandbox))
            let enough = await events.wait(upTo: .seconds(4)) { evs in
                evs.count { if case .fix(let f) = $0 { f.hasPosition } else { false } } >= 12
            }
            await events.stop()
            pipe.finish()

            #expect(enough, "fewer than 12 positioned fixes from \(log)")
            let received = events.tpvFixes.map(Epoch.init(fix:))
            let reference = pipe.tpvLines.compactMap(Epoch.init(tpvLine:))
            let offset = contiguousRun(received, in: reference)
            #expect(offset != nil, "Lodestar's \(received.count) TPVs are not one run of gpspipe's \(reference.count)")
            if offset == nil {
                print("received:\n" + received.map(\.description).joined(separator: "\n"))
                print("gpspipe:\n" + reference.map(\.description).joined(separator: "\n"))
            }
            #expect(events.fixes.allSatisfy { $0.monotonicTime != nil })

            // TPVEncoder writes each fix back as gpsd wrote it, less what Fix does not keep, and
            // magtrack as course − variation where gpsd adds the variation: the two magtracks
            // sum to twice the track (to gpsd's rounding of magvar to 0.1°).
            if let offset {
                let gpsdLines = pipe.tpvLines.filter { Epoch(tpvLine: $0) != nil }
                var magtracks = 0
                for (i, fix) in events.tpvFixes.enumerated() {
                    let ours = TPVEncoder.string(fix)
                    let theirs = gpsdLines[offset + i]
                    #expect(GPSPipe.withoutUncarriedMembers(ours) == GPSPipe.withoutUncarriedMembers(theirs))
                    if let m = GPSPipe.number("magtrack", in: ours), let g = GPSPipe.number("magtrack", in: theirs),
                        let track = fix.course
                    {
                        var excess = (m + g - 2 * track).truncatingRemainder(dividingBy: 360)
                        if excess > 180 { excess -= 360 } else if excess < -180 { excess += 360 }
                        #expect(abs(excess) <= 0.06, "magtrack \(m) vs gpsd's \(g) for track \(track)")
                        magtracks += 1
                    }
                }
                #expect(magtracks > 0)
            }
        }
    }
}

extension GPSDLiveTests {
    /// The logs are ones whose dates gpsd does not shift (after 2017-01-01) and where the NMEA
    /// tests find no difference between gpsd's regression output and Lodestar's in time or
    /// position (no `KnownDifference` applies): nmea-rtk.log (Trimble RTK, 10 Hz, GGA + RMC) and
    /// sirfstarv-nmea.log (SiRFstarV, 1 Hz, GPS and GLONASS GGA, two GSAs, RMC).
    @Suite("what Lodestar receives from gpsd equals what lodestar replay decodes from the same log")
    struct AgainstReplay {
        @Test(
            "every timed position gpsd reports is the replayed epoch's at that time; the times are consecutive epochs",
            arguments: ["nmea-rtk.log", "sirfstarv-nmea.log"])
        func sameTimesAndPositionsAsReplay(log: String) async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog(log), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }

            let events = EventLog(GPSDLiveTests.source(sandbox))
            let enough = await events.wait(upTo: .seconds(5)) { _ in
                events.tpvFixes.count { Epoch(fix: $0).isTimedPosition } >= 15
            }
            await events.stop()
            let received = events.tpvFixes.map(Epoch.init(fix:)).filter(\.isTimedPosition)
            let replayed = try NMEAReplay.epochs(ofFile: SharedTraces.gpsdLog(log))

            #expect(enough, "fewer than 15 timed positions from \(log)")
            let unmatched = Epoch.unmatched(received, in: replayed)
            #expect(
                unmatched.isEmpty,
                "\(log): \(unmatched.count) of \(received.count) not as replayed, first \(unmatched.first?.description ?? "")")
            // gpsd reports each epoch, in order (it may send several TPVs for the first one):
            // its times are consecutive epochs of the log (which gpsfake loops).
            let times = received.compactMap(\.milliseconds).reduce(into: [Int64]()) { if $0.last != $1 { $0.append($1) } }
            let replayedTimes = replayed.compactMap(\.milliseconds)
            #expect(times.count >= 10)
            #expect(
                contiguousRun(times, in: replayedTimes + replayedTimes) != nil, "\(log): times \(times) skip or repeat epochs")
        }
    }
}
