/// Counts in messages, in the singular for one: `1 epoch`, `2 epochs`, `0 epochs`.
enum Plural {
    /// `count` and `noun`, with an `s` unless `count` is 1 (or `plural` for an irregular noun).
    static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
