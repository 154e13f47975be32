extension Duration {
    /// This duration in seconds, as a `Double` (exact to the nearest double for durations under
    /// about 10⁸ s; negative for negative durations).
    package var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }

    /// A duration of `seconds`, rounded to the nearest nanosecond, or nil when `seconds` cannot be
    /// one: NaN, infinite, negative (unless `allowingNegative`), or beyond ±9.2 × 10⁹ s (±2⁶³ ns,
    /// where `Duration.seconds(_:)` would trap or lose the value). Never traps.
    ///
    /// - Parameters:
    ///   - seconds: the length in seconds.
    ///   - allowingNegative: whether a negative length is accepted; false by default.
    package init?(checkedSeconds seconds: Double, allowingNegative: Bool = false) {
        guard seconds.isFinite, allowingNegative || seconds >= 0 else { return nil }
        let nanoseconds = (seconds * 1e9).rounded()
        // 2⁶³ is exactly representable; anything at or beyond it does not fit an Int64.
        guard nanoseconds > -0x1p63, nanoseconds < 0x1p63 else { return nil }
        self = .nanoseconds(Int64(nanoseconds))
    }
}
