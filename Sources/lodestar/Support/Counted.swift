/// A count and its noun, singular or plural as the count asks: `1 epoch`, `0 epochs`, `3 lines`.
enum Counted {
    /// `count` and `noun`, with `plural` (default `noun` + "s") unless the count is 1.
    static func text(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
