import GNSS

/// One reporting cycle of a receiver, assembled from the sentences that belong to it.
public struct NMEAEpoch: Sendable, Equatable {
    /// Everything the cycle's sentences said, merged into one fix.
    public var fix: Fix
    /// The receiver's UTC time of day for the cycle, even when no date is known yet (then
    /// `fix.time` is nil). Within a leap second it reads 23:59:60.xx while `fix.time` is held at
    /// 23:59:59.999 (see ``EpochAssembler``).
    public var timeOfDay: TimeOfDay?
    /// Line number (1-based) of the cycle's first sentence.
    public var firstLine: Int
    /// Line number of the cycle's last sentence.
    public var lastLine: Int
    /// Number of decoded sentences in the cycle.
    public var sentenceCount: Int

    /// Makes an epoch.
    public init(fix: Fix, timeOfDay: TimeOfDay?, firstLine: Int, lastLine: Int, sentenceCount: Int) {
        self.fix = fix
        self.timeOfDay = timeOfDay
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.sentenceCount = sentenceCount
    }
}
