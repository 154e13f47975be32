import LodestarInternals
import Synchronization

/// How fast one rider or vehicle may write: every request but `GET` and `HEAD` takes one from a
/// bucket of ``burst`` that refills at ``perSecond``; an empty bucket is a 429 with `Retry-After`.
/// The operator's token is not limited (the fleet's own back office reports for every vehicle).
/// Each server process counts its own writes: N servers sharing a database allow N times as many.
public struct WriteRateLimit: Sendable, Equatable, CustomStringConvertible {
    /// Writes a second once the burst is spent, ``rates`` (0.1...10,000). Default 10.
    public var perSecond: Double
    /// Writes at once from a full bucket, ``bursts`` (1...100,000). Default 40.
    public var burst: Int

    /// The rates a configuration may give, writes per second.
    public static let rates = 0.1...10_000.0
    /// The bursts a configuration may give, writes.
    public static let bursts = 1...100_000

    /// Clamps both to their ranges (a rate that is not a number is the default's).
    public init(perSecond: Double = 10, burst: Int = 40) {
        self.perSecond = perSecond.isNaN ? 10 : min(max(perSecond, Self.rates.lowerBound), Self.rates.upperBound)
        self.burst = min(max(burst, Self.bursts.lowerBound), Self.bursts.upperBound)
    }

    /// `10 a second`.
    public var description: String { "\(DecimalText.string(perSecond, decimals: perSecond < 1 ? 1 : 0)) a second" }
}

/// The buckets of ``WriteRateLimit``, one per principal (every token of one rider shares one),
/// in this process's memory. A bucket that has refilled is forgotten once there are more than
/// ``pruneAbove`` of them, so memory stays bounded by the principals writing at the time.
final class WriteRateLimiter: Sendable {
    let limit: WriteRateLimit
    private let buckets = Mutex<[String: Bucket]>([:])

    /// Buckets kept before the full ones are dropped.
    static let pruneAbove = 10_000

    private struct Bucket {
        /// Writes left, 0...burst.
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    init(limit: WriteRateLimit) {
        self.limit = limit
    }

    /// Takes one write for `key`: nil when allowed, else the whole seconds until one is (≥ 1).
    func take(_ key: String, now: ContinuousClock.Instant = .now) -> Int? {
        let burst = Double(limit.burst)
        let rate = limit.perSecond
        return buckets.withLock { all -> Int? in
            var bucket = all[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + max(0, (now - bucket.updated).seconds) * rate)
            bucket.updated = now
            defer {
                all[key] = bucket
                if all.count > Self.pruneAbove {
                    all = all.filter { $0.value.tokens + max(0, (now - $0.value.updated).seconds) * rate < burst }
                }
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
    }
}
