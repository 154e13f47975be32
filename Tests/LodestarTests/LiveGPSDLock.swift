import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One live-gpsd test at a time, across test targets and processes: an `flock` on the file the
/// GPSD and CLI tests' locks take (`lodestar-live-gpsd.lock` in the temporary directory). On a
/// 2-core machine two gpsd/gpsfake runs at once starve each other's timing.
final class LiveGPSDLock: Sendable {
    static let path = "\(NSTemporaryDirectory())/lodestar-live-gpsd.lock"
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Waits until no other live test holds the lock. The blocking `flock` runs on a thread of its
    /// own, so no thread of the cooperative pool waits.
    static func acquire() async throws -> LiveGPSDLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw FakeGPSD.Failure(description: "open \(path): \(String(cString: strerror(errno)))") }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
                done.resume()
            }.start()
        }
        return LiveGPSDLock(descriptor: fd)
    }

    /// Releases the lock (closing the file, also by the process ending, releases it too).
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
