import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

extension GPSDLiveTests {
    @Suite("lifecycle")
    struct Lifecycle {
        @Test("cancelling the consumer makes the reader thread close its connection")
        func cancellingClosesTheConnection() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try SilentGPSD(sandbox: sandbox)
            defer { gpsd.stop() }
            #expect(OpenConnections.count(toPort: sandbox.port) == 0)
            let events = EventLog(GPSDLiveTests.source(sandbox))
            let connected = await events.wait(upTo: .seconds(3)) { $0.contains(.state(.connected)) }
            #expect(connected)
            #expect(OpenConnections.count(toPort: sandbox.port) == 1)
            await events.stop()
            // pollInterval is 0.1 s in these tests; allow scheduling slack.
            let closed = await waitUntil(upTo: .seconds(2)) { OpenConnections.count(toPort: sandbox.port) == 0 }
            #expect(closed)
            #expect(OpenConnections.count(toPort: sandbox.port) == 0)
        }

        @Test("two streams from one source are two independent connections")
        func eachStreamIsItsOwnConnection() async throws {
            let sandbox = try await Sandbox.acquire()
            defer { sandbox.release() }
            let gpsd = try FakeGPS(log: SharedTraces.gpsdLog("iTrek.log"), sandbox: sandbox, cycle: 0.02)
            defer { gpsd.stop() }
            let source = GPSDLiveTests.source(sandbox)
            let a = EventLog(source)
            let b = EventLog(source)
            let both = await a.wait(upTo: .seconds(5)) { _ in a.tpvFixes.count >= 5 && b.tpvFixes.count >= 5 }
            #expect(both)
            #expect(OpenConnections.count(toPort: sandbox.port) == 2)
            await a.stop()
            let moreForB = b.tpvFixes.count + 3
            let bContinues = await b.wait(upTo: .seconds(3)) { _ in b.tpvFixes.count >= moreForB }
            await b.stop()
            #expect(bContinues)
        }
    }
}
