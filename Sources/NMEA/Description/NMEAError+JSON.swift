import LodestarInternals

extension NMEAError {
    /// The rejection of input line `line` (1-based) as one compact JSON object:
    /// `{"error":"checksum_mismatch","line":3,"detail":"checksum 26 != computed 25"}`.
    /// `error` is the ``Reason`` code (the vectors' `reason` codes, plus `line_too_long`), `detail`
    /// the human-readable explanation.
    public func json(line: Int) -> String {
        var object = JSONObjectText()
        object.add("error", reason.rawValue)
        object.add("line", line)
        object.add("detail", detail)
        return object.json
    }
}
