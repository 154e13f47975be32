import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One live-gpsd test at a time, across test suites and processes.
///
/// The live tests of the GPSD and CLI test targets run in one test process whose suites run in
/// parallel, and each starts gpsd, gpsfake (Python) and often gpspipe: on a 2-core machine two
/// such tests at once starve each other's timing. Each live test holds this lock, an `flock` on
/// one file in the temporary directory, which other checkouts' tests take too.
public final class LiveGPSDLock: Sendable {
    public static let path = "\(NSTemporaryDirectory())/lodestar-live-gpsd.lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Waits until no other test, in this process or another, holds the lock. The blocking
    /// `flock` runs on a thread of its own, so no thread of the cooperative pool waits and
    /// nothing polls (the idle-CPU measurement must not see other tests waiting).
    public static func acquire() async throws -> LiveGPSDLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw SpawnError(command: "open \(path)", reason: String(cString: strerror(errno))) }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
                done.resume()
            }.start()
        }
        return LiveGPSDLock(descriptor: fd)
    }

    /// Releases the lock. (Closing the file, also by the process ending, releases it too.)
    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
