import LodestarInternals

/// What a writer of many TPV objects (`replay --json`) keeps from one epoch to the next, so that
/// what repeats is not worked out again: the time's text up to the seconds, while the minute is
/// the same (`TimeTextMemo`), and the geoid separation's text, which a receiver repeats epoch
/// after epoch (`FixedTextMemo`). The text is the same bytes as without the memo.
///
/// A value type: each writer keeps its own; not shared between threads.
public struct TPVMemo: Sendable {
    var time = TimeTextMemo()
    var geoidSeparation = FixedTextMemo()

    public init() {}
}
