/// The UTC days that end with a leap second (23:59:60), the only place Lodestar knows them.
///
/// Source: IERS Bulletin C (https://hpiers.obspm.fr/iers/bul/bulc/bulletinc.dat) and the IERS
/// list built from it (`Leap_Second.dat`, shipped by tzdata as `leap-seconds.list`). Every leap
/// second since UTC took its present form in 1972 has been positive and inserted at the end of
/// 30 June or 31 December: 27 in all, TAI − UTC going from 10 s to 37 s. The last one ended
/// 31 December 2016 (announced in Bulletin C 52, July 2016); no Bulletin C since — through
/// Bulletin C 70 of July 2025 — has announced another, and the CGPM decided in 2022 (Resolution 4)
/// that leap seconds end by 2035. Should the IERS announce one (at least five months ahead), add
/// it here; nothing else changes.
enum LeapSeconds {
    /// (year, month, day) of each day that ends with a positive leap second, in order.
    static let days: [(year: Int, month: Int, day: Int)] = [
        (1972, 6, 30), (1972, 12, 31), (1973, 12, 31), (1974, 12, 31), (1975, 12, 31),
        (1976, 12, 31), (1977, 12, 31), (1978, 12, 31), (1979, 12, 31), (1981, 6, 30),
        (1982, 6, 30), (1983, 6, 30), (1985, 6, 30), (1987, 12, 31), (1989, 12, 31),
        (1990, 12, 31), (1992, 6, 30), (1993, 6, 30), (1994, 6, 30), (1995, 12, 31),
        (1997, 6, 30), (1998, 12, 31), (2005, 12, 31), (2008, 12, 31), (2012, 6, 30),
        (2015, 6, 30), (2016, 12, 31),
    ]
}

extension CalendarDate {
    /// Whether this UTC day ends with a leap second, 23:59:60 (see `LeapSeconds`: 27 days from
    /// 1972-06-30 to 2016-12-31, after IERS Bulletin C).
    public var endsWithLeapSecond: Bool {
        LeapSeconds.days.contains { $0.year == year && $0.month == month && $0.day == day }
    }
}

extension TimeOfDay {
    /// Nanoseconds of day at which the leap second 23:59:60 begins (86 400 s).
    static var leapSecondStart: Int64 { 86_400_000_000_000 }

    /// Nanoseconds of day of 23:59:59.999, the time a fix within a leap second is given (a `Date`
    /// has no 23:59:60; see ``EpochAssembler``).
    static var leapSecondHold: Int64 { 86_399_999_000_000 }

    /// Whether this is a time within a leap second, 23:59:60 to 23:59:60.999999999.
    public var isLeapSecond: Bool { nanosecondsOfDay >= TimeOfDay.leapSecondStart }
}
