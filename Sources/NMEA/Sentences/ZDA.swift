import GNSS

/// ZDA — time and date, with the local time zone.
///
/// `$GPZDA,172809.456,12,07,1996,00,00*hh`
///
/// Fields: 1 UTC time, 2 day, 3 month, 4 year (four digits), 5 local zone hours (−13...13),
/// 6 local zone minutes. At least 4 fields are required.
public struct ZDA: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// UTC time.
    @CompactTime public var time: TimeOfDay? = nil
    /// UTC date, when day, month and year are all given.
    public var date: CalendarDate?
    /// Local zone offset hours, −13...13, as sent.
    @CompactInt public var zoneHours: Int? = nil
    /// Local zone offset minutes, 0...59, as sent.
    @CompactInt public var zoneMinutes: Int? = nil

    /// A ZDA with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> ZDA {
        try f.require(4)
        var s = ZDA(talker: talker)
        s.time = f.time(1)
        let day = f.integer(2, "day", in: 1...31)
        let month = f.integer(3, "month", in: 1...12)
        let year = f.integer(4, "year", in: 1900...9999)
        if let day, let month, let year {
            guard let date = CalendarDate(year: year, month: month, day: day) else {
                try f.check()
                throw NMEAError(.badField, "ZDA fields 2-4 (date): no such date \(year)-\(month)-\(day)")
            }
            s.date = date
        }
        f.checkLeapSecond(s.time, on: s.date, timeField: 1)
        s.zoneHours = f.signedInteger(5, "zone hours", in: -13...13)
        s.zoneMinutes = f.integer(6, "zone minutes", in: 0...59)
        try f.check()
        return s
    }
}
