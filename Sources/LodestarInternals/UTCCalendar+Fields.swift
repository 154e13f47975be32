extension UTCCalendar {
    /// The UTC calendar fields of an instant, with the fraction of a second in a stated number of
    /// decimal digits (see ``UTCCalendar/fields(_:fractionDigits:)``).
    package struct Fields: Sendable, Equatable {
        /// Year (proleptic Gregorian; negative before year 0).
        package var year: Int
        /// Month, 1...12.
        package var month: Int
        /// Day of the month, 1...31.
        package var day: Int
        /// Hour, 0...23.
        package var hour: Int
        /// Minute, 0...59.
        package var minute: Int
        /// Second, 0...59 (leap seconds are not counted).
        package var second: Int
        /// The fraction of the second in units of 10⁻``fractionDigits`` s, 0 ..< 10^fractionDigits.
        package var fraction: Int
        /// How many decimal digits ``fraction`` has, 0...9.
        package var fractionDigits: Int
    }
}
