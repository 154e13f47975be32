import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 26: `ride status --watch` against a service that stops sending (the connection open,
/// not even the heartbeat promised every 20 s) hung in silence. It gives up after
/// --heartbeat-timeout and connects again with `Last-Event-ID`.
@Suite("ride status --watch against a service that goes silent")
struct RideWatchSilenceTests {
    static let ride = "4F6E6B1C-0000-4000-8000-000000000026"

    /// One Server-Sent Event as an HTTP chunk.
    static func chunk(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8)
    }

    /// A status event: `id: N`, `event: status`, the ride in `phase` (a RideStatus with the
    /// members the API requires; a completed ride says how it ended).
    static func event(id: Int, phase: Int, name: String) -> [UInt8] {
        let completion = name == "completed" ? #","completionStatus":"completed""# : ""
        let dates = #""bookedDate":"2026-11-24T12:00:00.000Z","date":"2026-11-24T12:05:00.000Z""#
        return chunk(
            "id: \(id)\nevent: status\ndata: {\"rideIdentifier\":\"\(ride)\",\"phase\":\(phase),\"phaseName\":\"\(name)\"\(completion),\(dates)}\n\n"
        )
    }

    static let head = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)

    @Test("silent after event 7: reconnects after the 2 s timeout with Last-Event-ID 7, prints the completion, exit 0")
    func reconnectsWithLastEventID() async throws {
        let heads = Mutex<[String]>([])
        let server = try LoopbackServer { connection in
            let head = connection.readRequestHead() ?? ""
            let n = heads.withLock {
                $0.append(head)
                return $0.count
            }
            guard connection.send(Self.head) else { return }
            if n == 1 {
                connection.send(Self.event(id: 7, phase: 5, name: "approachingPickup"))
                connection.hold()  // then nothing, not even a heartbeat
            } else {
                connection.send(Self.event(id: 8, phase: 4, name: "completed"))
                connection.send(Array("0\r\n\r\n".utf8))
                connection.hold(upTo: .seconds(5))
            }
        }
        defer { server.close() }
        let started = ContinuousClock.now
        let r = try await CLIRunner.run(
            ["ride", "status", Self.ride, "--watch", "--server", "http://127.0.0.1:\(server.port)", "--heartbeat-timeout", "2"],
            environment: ["LODESTAR_TOKEN": nil])
        let elapsed = ContinuousClock.now - started
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "ride \(Self.ride)  approachingPickup\nride \(Self.ride)  completed\n")
        #expect(
            r.stderr == "lodestar ride status: the ride service sent nothing, not even a heartbeat, for 2 s; "
                + "reconnecting to http://127.0.0.1:\(server.port) with Last-Event-ID 7\n")
        let requests = heads.withLock { $0 }
        #expect(requests.count == 2)
        #expect(requests.first?.lowercased().contains("last-event-id") == false)
        #expect(requests.last?.contains("GET /rides/\(Self.ride)/events HTTP/1.1") == true)
        #expect(requests.last?.lowercased().contains("\r\nlast-event-id: 7") == true, "\(requests.last ?? "")")
        #expect(elapsed >= .seconds(2), "not before the timeout")
        #expect(elapsed < .seconds(30), "the watchdog checks four times a timeout")
    }

    @Test("a service that never sends: three silent connections, then status 1 and one line more")
    func givesUp() async throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequestHead()
            guard connection.send(Self.head) else { return }
            connection.hold()
        }
        defer { server.close() }
        let r = try await CLIRunner.run(
            ["ride", "status", Self.ride, "--watch", "--server", "http://127.0.0.1:\(server.port)", "--heartbeat-timeout", "1"],
            environment: ["LODESTAR_TOKEN": nil])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        let lines = r.stderrLines
        #expect(lines.count == 3, "\(r.stderr)")
        #expect(
            lines.prefix(2).allSatisfy { $0.hasSuffix("for 1 s; reconnecting to http://127.0.0.1:\(server.port)") }, "\(r.stderr)"
        )
        #expect(
            lines.last
                == "lodestar ride status: the ride service sent nothing, not even a heartbeat, for 1 s on 3 connections in a row to http://127.0.0.1:\(server.port); giving up"[
                    ...])
        #expect(server.connectionsAccepted == 3)
    }
}
