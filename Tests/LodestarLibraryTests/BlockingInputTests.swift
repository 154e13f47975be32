import Foundation
import GNSS
import Glibc
import Lodestar
import Testing

/// Traces read from FIFOs whose writer is silent: the reads block, but never a task of the
/// cooperative pool (which has one thread per core).
@Suite("reading a silent input blocks no task", .timeLimit(.minutes(5)))
struct BlockingInputTests {
    /// A FIFO in a fresh directory, opened read-write here so that the trace's open does not wait
    /// for a writer; its reads then block until something is written.
    final class SilentFIFO {
        let path: String
        let descriptor: Int32

        init() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-fifo-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent("trace.nmea").path
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            descriptor = open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        }

        func write(_ text: String) {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        }

        deinit {
            close(descriptor)
            unlink(path)
            rmdir((path as NSString).deletingLastPathComponent)
        }
    }

    @Test("managers reading silent FIFOs on every clock leave the pool free, and stop when cancelled")
    func silentFIFOs() async throws {
        let clocks: [ReplayClock] = [.virtual, .virtual, .realTime, .realTime, .speed(10), .virtual]
        let fifos = try clocks.map { _ in try SilentFIFO() }
        var readers: [Task<Int, Never>] = []
        for (fifo, clock) in zip(fifos, clocks) {
            let manager = LocationManager(source: try NMEATraceSource(path: fifo.path), clock: clock)
            readers.append(
                Task {
                    var locations = 0
                    for await event in manager.updates() { if case .location = event { locations += 1 } }
                    return locations
                })
        }
        try await Task.sleep(for: .milliseconds(300))
        // More blocked readers than the pool has threads: a new task still runs at once.
        let answer = await Task.detached { 6 * 7 }.value
        #expect(answer == 42)
        // One epoch on the first FIFO reaches its reader; then every reader is cancelled.
        fifos[0].write("$GPGGA,120000.00,5130.0000,N,00007.0000,W,1,08,1.0,20.0,M,46.0,M,,*7C\r\n")
        fifos[0].write("$GPGGA,120001.00,5130.0000,N,00007.0000,W,1,08,1.0,20.0,M,46.0,M,,*7D\r\n")
        try await Task.sleep(for: .milliseconds(300))
        for reader in readers { reader.cancel() }
        var counts: [Int] = []
        for reader in readers { counts.append(await reader.value) }
        #expect(counts.count == clocks.count, "every reader ended after its task was cancelled")
    }
}
