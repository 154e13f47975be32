import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// A gpsd stand-in that floods: it accepts one client on 127.0.0.1:``port``, says VERSION, and
/// writes TPV reports as fast as the socket takes them, until stopped or the client goes away.
final class FloodingGPSD: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let listener: Int32
    /// The loopback port it listens on, the kernel's choice: bound at once, so no other process
    /// can take it between a choice and the bind (a free port picked first and bound later was
    /// once taken meanwhile: "cannot start flooding gpsd: Address already in use").
    let port: UInt16
    /// Reports written.
    let written = Atomic<Int>(0)

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length) == 0 && getsockname(fd, p, &length) == 0
            }
        }
        guard fd >= 0, bound, listen(fd, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            throw SpawnError(command: "flooding gpsd", reason: reason)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        defer { close(client) }
        guard send(client, #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\r\n") else {
            return
        }
        var n = 0
        while !stopped.load(ordering: .relaxed) {
            // One report per millisecond of receiver time, positions on a line near London.
            let ms = n % 86_400_000
            let time = String(
                format: "2026-11-24T%02d:%02d:%02d.%03dZ", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
            let line =
                #"{"class":"TPV","device":"/dev/flood","mode":3,"time":"\#(time)","lat":51.5\#(n % 1000),"#
                + #""lon":-0.12,"alt":10.0,"epx":3.0,"epy":3.0,"speed":1.5,"track":90.0}"# + "\r\n"
            guard send(client, line) else { return }
            n += 1
            written.store(n, ordering: .relaxed)
        }
    }

    private func send(_ client: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(client, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}

/// Issue 12: `track` with a stalled standard output and a flooding gpsd grew to 1.1 GB and ignored
/// SIGINT and SIGTERM. Now the newest lines wait in a bounded queue, the rest are counted, and
/// signals end it promptly.
@Suite("lodestar track under a flood", .tags(.liveGPSD))
struct TrackFloodTests {
    /// The child's resident memory, kilobytes.
    static func residentKilobytes(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    @Test(
        "a flooding gpsd and a standard output nobody reads: memory stays bounded, SIGTERM ends it at once with the lines dropped counted"
    )
    func floodWithStalledOutput() async throws {
        let h = try await Sandbox.acquire()
        defer { h.release() }
        let gpsd = try FloodingGPSD()
        defer { gpsd.stop() }
        // Standard output is a FIFO this test opens and never reads: it fills, then stalls.
        let stalled = h.path("stalled.out")
        #expect(mkfifo(stalled, 0o600) == 0)
        let reader = open(stalled, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(reader >= 0)
        defer { close(reader) }
        let track = try ChildProcess(
            CLIRunner.productsDirectory.appendingPathComponent("lodestar").path, ["track", "--gpsd", "127.0.0.1:\(gpsd.port)"],
            environment: h.environment, stdout: stalled, stderr: h.path("track.err"))
        defer { track.stop() }

        // A bound, not a pace: a debug track on a loaded two-core machine reads 200,000 reports in
        // 30-100 s (2026-11-27: more than 60 s once in a full run of the suites).
        let flooding = await waitUntil(upTo: .seconds(240)) { gpsd.written.load(ordering: .relaxed) > 200_000 }
        let early = Self.residentKilobytes(track.pid) ?? 0
        try await Task.sleep(for: .seconds(3))
        let late = Self.residentKilobytes(track.pid) ?? 0
        let sent = gpsd.written.load(ordering: .relaxed)
        let stoppedAt = ContinuousClock.now
        track.send(SIGTERM)
        let status = await track.exited(within: .seconds(30))
        let elapsed = ContinuousClock.now - stoppedAt

        #expect(flooding, "the stand-in sent \(sent) reports")
        #expect(late < 200_000, "resident memory \(early) kB, then \(late) kB")
        #expect(late - early < 50_000, "resident memory \(early) kB, then \(late) kB")
        #expect(status == 0, "SIGTERM must end track (status \(String(describing: status)))")
        // A bound on "at once", not a pace: a debug track under the whole suite's load on two
        // cores took 10.4 s once (2026-11-27 CI); one that ignored SIGTERM never ends (30 s wait).
        #expect(elapsed < .seconds(20), "a loaded machine may take a moment; a track that ignored SIGTERM takes forever")
        let summary = try #require(track.stderrLines.last)
        #expect(summary.hasPrefix("lodestar track: "))
        #expect(summary.contains("not written: standard output did not keep up (the newest were kept)"), "\(summary)")
    }
}
