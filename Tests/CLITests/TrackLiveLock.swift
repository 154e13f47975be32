import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One live-gpsd test at a time, across test suites and processes.
///
/// The live tests of the GPSD and CLI test targets run in one test process whose suites run in
/// parallel, and each starts gpsd, gpsfake (Python) and often gpspipe: on a 2-core machine two
/// such tests at once starve each other's timing. Each live test holds this lock, an `flock` on
/// one file in the temporary directory (the GPSD tests' `LiveGPSDLock` takes the same file).
final class TrackLiveLock: Sendable {
    static let path = "\(NSTemporaryDirectory())/lodestar-live-gpsd.lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Waits until no other test, in this process or another, holds the lock. The blocking
    /// `flock` runs on a thread of its own, so no thread of the cooperative pool waits and
    /// nothing polls (the idle-CPU measurement must not see other tests waiting).
    static func acquire() async throws -> TrackLiveLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw TrackHarnessError("open \(path): \(String(cString: strerror(errno)))") }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
                done.resume()
            }.start()
        }
        return TrackLiveLock(descriptor: fd)
    }

    /// Releases the lock. (Closing the file, also by the process ending, releases it too.)
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
