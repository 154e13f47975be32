#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock live fixes are stamped with (`CLOCK_MONOTONIC`: time since boot, not
/// counting suspend, never set back). Compare it with ``GNSS/Fix/monotonicTime``.
package enum MonotonicClock {
    /// The current reading, nanosecond resolution.
    package static func now() -> Duration {
        var ts = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }
}
