import GNSS

/// Groups the sentences of each reporting cycle into one ``NMEAEpoch``, as gpsd does.
///
/// Cycle boundaries:
/// - A sentence whose UTC time differs from the cycle's time starts a new cycle (GGA, RMC, GLL,
///   GNS, GST, GBS, ZDA have a time field). Sentences without a time field (GSA, GSV, VTG, HDT,
///   ...) belong to the cycle in progress; the first time seen names the cycle.
/// - A sentence whose time field is empty (receivers before their first fix) starts a new cycle
///   when the cycle has a time; and a fix sentence (GGA, RMC, GLL, GNS) with a time starts a new
///   cycle when the cycle has none but already holds a sentence with an empty time field: the
///   two cannot be one cycle. (A ZDA joins such a cycle and names its time.)
/// - While the cycle has no time, a sentence of a (talker, type) it already holds starts a new
///   cycle, so that receivers without a clock and heading-only streams still give one epoch per
///   cycle. GSA (one per constellation) and GSV (multi-part) are exempt. Once the cycle has a
///   time, repeats join it (multiplexers duplicate sentences, heading sensors report several
///   times per GNSS cycle; the last value is kept).
///
/// Dates: a cycle takes the date of its own RMC or ZDA; otherwise the date of the previous cycle,
/// plus one day when the time of day went back by more than 12 hours (midnight rollover), minus
/// one when it jumped forward by more than 12 hours. Two-digit RMC years are pivoted at 69. With
/// no date known yet, ``NMEAEpoch/timeOfDay`` is set and `fix.time` is nil.
///
/// Leap seconds: a cycle at 23:59:60.xx (on a day that ends with a leap second, see
/// ``CalendarDate/endsWithLeapSecond``) is an epoch of its own, after 23:59:59.xx and before the
/// next day's 00:00:00: its ``NMEAEpoch/timeOfDay`` keeps the receiver's label (86 400 s and more
/// since midnight), and its `fix.time` is held at 23:59:59.999 of that day. A `Date` counts no leap
/// seconds (Foundation's time scale is POSIX), so 23:59:60.5 has no `Date` of its own: converted as
/// is it would become 00:00:00.5 of the next day, after the next epoch's 00:00:00.000. Held at the
/// day's last millisecond (the precision of Lodestar's ISO 8601 output), the fix times stay in
/// order — never after the next day's first epoch — and print as 23:59:59.999; several epochs
/// within one leap second (a 10 Hz receiver) share that time and stay distinct epochs. The stream
/// decoder rejects a leap second on a day without one; the assembler alone holds it the same way.
///
/// Validity comes from RMC/GLL status, mode indicators, GGA quality and GSA fix type — never from
/// the NMEA 4.1 navigational status. Error estimates come from GST (one sigma) when the cycle
/// has one, else from DOP × `UserRangeError`.
///
/// The assembler keeps O(1) state (one cycle) and allocates only the satellites-in-view array.
public struct EpochAssembler: Sendable {
    /// Assembly options.
    public struct Options: Sendable, Equatable {
        /// The error model for cycles without GST.
        public var userRangeError: UserRangeError

        /// Default options.
        public init(userRangeError: UserRangeError = UserRangeError()) {
            self.userRangeError = userRangeError
        }
    }

    /// The options in use.
    public var options: Options
    var current = EpochBuilder()
    var lastDate: CalendarDate?
    var lastTime: TimeOfDay?
    /// Number of cycles closed so far.
    var epochsClosed = 0

    /// Makes an assembler.
    public init(options: Options = Options()) { self.options = options }

    /// Adds the sentence read from line `line` (1-based). Returns the previous cycle when this
    /// sentence starts a new one. Undecoded sentences (proprietary, unsupported) are ignored.
    public mutating func add(_ sentence: NMEASentence, line: Int) -> NMEAEpoch? {
        var closed: NMEAEpoch? = nil
        add(sentence, line: line) { closed = $0 }
        return closed
    }

    /// Adds a sentence; when it starts a new cycle, `emit` receives the previous one first.
    mutating func add(_ sentence: NMEASentence, line: Int, emit: (borrowing NMEAEpoch) -> Void) {
        if let s = sentence.registered { add(s, line: line, emit) }
    }

    /// The typed entry point: the stream decoder calls it directly, without an NMEASentence. When
    /// the sentence starts a new cycle, the closed cycle's epoch is built once and lent to `emit`
    /// (nothing large is stored, returned or copied per sentence).
    @inline(__always)
    mutating func add<S: RegisteredSentence>(_ s: S, line: Int, _ emit: (borrowing NMEAEpoch) -> Void) {
        begin(s.talker, S.type, S.carriesTime, s.time, line, emit)
        s.contribute(to: &current)
    }

    /// Applies the cycle-boundary rules for a sentence of `type` with `time` and notes its line.
    /// When the sentence starts a new cycle, the one in progress is closed and lent to `emit`.
    @inline(__always)
    mutating func begin(
        _ talker: Talker, _ type: SentenceType, _ timed: Bool, _ time: TimeOfDay?, _ line: Int,
        _ emit: (borrowing NMEAEpoch) -> Void
    ) {
        let key = EpochBuilder.key(talker, type)
        let startsNew: Bool
        if let time {
            if let t0 = current.timeOfDay {
                startsNew = time != t0
            } else {
                // A fix sentence with a time cannot share a cycle with a sentence whose time field
                // was empty: that one belongs to an earlier, timeless cycle. (A ZDA may: it tells
                // the time even while the fix sentences have none.)
                startsNew = current.holdsEmptyTime && type != .zda && type != .gst && type != .gbs
            }
        } else if timed && current.timeOfDay != nil {
            // An empty time field cannot belong to a cycle whose time is known.
            startsNew = true
        } else if current.timeOfDay == nil && type != .gsa && type != .gsv {
            startsNew = current.repeats(key)
        } else {
            startsNew = false
        }
        if startsNew && !current.isEmpty { close(emit) }
        if current.timeOfDay == nil && type != .gsa && type != .gsv { _ = current.repeats(key) }
        if let time, current.timeOfDay == nil { current.timeOfDay = time }
        if timed && time == nil { current.holdsEmptyTime = true }
        current.note(line: line)
    }

    /// Ends the stream: returns the cycle in progress, if it holds any sentence.
    public mutating func finish() -> NMEAEpoch? {
        var last: NMEAEpoch? = nil
        finish { last = $0 }
        return last
    }

    /// Ends the stream: lends the cycle in progress to `emit`, if it holds any sentence.
    mutating func finish(_ emit: (borrowing NMEAEpoch) -> Void) {
        if !current.isEmpty { close(emit) }
    }

    /// Resolves the current cycle into an epoch, lends it to `emit`, and starts an empty cycle.
    mutating func close(_ emit: (borrowing NMEAEpoch) -> Void) {
        let time = current.timeOfDay
        let date = current.date ?? carriedDate(for: time)
        if time != nil {
            if let date { lastDate = date }
            lastTime = time
        }
        epochsClosed += 1
        emit(current.epoch(date: date, uere: options.userRangeError))
        current.reset()
    }

    /// The previous cycle's date, rolled over midnight when the time of day wrapped.
    func carriedDate(for time: TimeOfDay?) -> CalendarDate? {
        guard let lastDate, let time, let lastTime else { return nil }
        return EpochAssembler.carry(lastDate, from: lastTime, to: time)
    }

    /// The date of a cycle at `time` that follows a cycle on `date` at `previous`: the same day,
    /// or the next (previous) one when the time of day went back (forward) by more than 12 hours.
    static func carry(_ date: CalendarDate, from previous: TimeOfDay, to time: TimeOfDay) -> CalendarDate {
        let halfDay: Int64 = 43_200_000_000_000
        let delta = time.nanosecondsOfDay - previous.nanosecondsOfDay
        if delta < -halfDay { return date.adding(days: 1) }
        if delta > halfDay { return date.adding(days: -1) }
        return date
    }

    /// The date a sentence at `time` falls on: its own (RMC, ZDA), else the date of the cycle in
    /// progress when it joins that cycle, else the date carried over to the cycle it starts. Nil
    /// when no date is known yet.
    func date<S: RegisteredSentence>(of s: S, at time: TimeOfDay) -> CalendarDate? {
        if let rmc = s as? RMC, let date = rmc.date { return date }
        if let zda = s as? ZDA, let date = zda.date { return date }
        guard let t0 = current.timeOfDay, t0 != time else { return current.date ?? carriedDate(for: time) }
        guard let d0 = current.date ?? carriedDate(for: t0) else { return nil }
        return EpochAssembler.carry(d0, from: t0, to: time)
    }

    /// Why a sentence at a leap second `time` (23:59:60.xx) cannot be taken: its date is known
    /// and does not end with a leap second. Nil when the date has one, or is not known.
    func misplacedLeapSecond<S: RegisteredSentence>(_ s: S, at time: TimeOfDay) -> NMEAError? {
        guard let date = date(of: s, at: time), !date.endsWithLeapSecond else { return nil }
        return NMEAError(
            .badField, "\(S.type) time \(time) on \(date): second 60 on a day without a leap second (IERS Bulletin C)")
    }
}
