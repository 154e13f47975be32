import GNSS
import Geodesy

/// Collects what the sentences of one cycle say, then resolves it into a ``Fix``.
///
/// Merge rules (each field: the last sentence that gives it wins, unless stated):
/// - Position from GGA, GNS, RMC or GLL; altitude and geoid separation from GGA or GNS; altitude
///   above the ellipsoid = MSL altitude + geoid separation, only when both are given.
/// - Speed from RMC or VTG (knots, else km/h); course from RMC or VTG; a VTG whose mode is `N`
///   contributes no values and says "no fix".
/// - Validity: any of RMC status `V`, GLL status `V`, mode indicator `N`, GGA quality 0, GGA
///   with 0 satellites used, GNS all `N`, or every GSA saying "no fix" makes the epoch a no-fix; the NMEA 4.1 navigational status
///   is ignored. Otherwise the mode is the best GSA fix type, or 3D when GGA/GNS gives an altitude
///   with at least 4 satellites used (a 3D solution needs 4 unknowns solved), or 2D when there is
///   a position.
/// - A no-fix epoch keeps its time, satellites and DOPs but drops position, altitude, speed, course
///   and error estimates: they are not a measurement.
/// - A magnetic variation of exactly 0 is taken as "not computed" (receivers without a magnetic
///   model send `0.0,E`); the sentence itself still reports 0.
struct EpochBuilder {
    var timeOfDay: TimeOfDay?
    var date: CalendarDate?
    var firstLine = 0
    var lastLine = 0
    var sentenceCount = 0
    /// The cycle holds a sentence whose time field was empty.
    var holdsEmptyTime = false

    // Repetition detection: (talker, type) keys already seen in this cycle.
    var seenKeys = InlineArray<16, UInt64>(repeating: 0)
    var seenCount = 0

    @CompactDouble var latitude: Double? = nil
    @CompactDouble var longitude: Double? = nil
    @CompactDouble var altitudeMSL: Double? = nil
    @CompactDouble var geoidSeparation: Double? = nil
    var ggaQuality: FixQuality?
    var modeQuality: FixQuality?
    var satellitesUsed: Int?
    var gsaSatellites = 0
    var sawGSA = false
    /// The satellites this cycle's GSA sentences name as used, as gpsd numbers them (its `PRN`).
    var usedPRNs = UsedSatellites()
    @CompactDouble var hdop: Double? = nil
    @CompactDouble var vdop: Double? = nil
    @CompactDouble var pdop: Double? = nil
    var bestGSAFix = 0
    @CompactDouble var speed: Double? = nil
    @CompactDouble var course: Double? = nil
    @CompactDouble var magneticVariation: Double? = nil
    var gst: GST?
    var heading = HeadingReading()
    var hasHeading = false
    /// The satellites of this cycle's GSV sentences. Holds the previous cycle's satellites while
    /// `satellitesStale` is set (see ``reset()``); read only when `sawGSV`.
    var satellites: [SatelliteInView] = []
    var satellitesStale = false
    var sawGSV = false

    var saysInvalid = false
    var saysValid = false

    init() {}

    var isEmpty: Bool { sentenceCount == 0 }

    /// Empties the builder for a new cycle, in place. It keeps the satellites array's buffer,
    /// which the epoch just emitted shares, and empties it on first use: by then the caller has
    /// usually dropped that epoch, so the buffer is unique again and is reused instead of
    /// reallocated; if the caller kept the epoch, emptying it copies on write.
    mutating func reset() {
        timeOfDay = nil
        date = nil
        firstLine = 0
        lastLine = 0
        sentenceCount = 0
        holdsEmptyTime = false
        seenCount = 0
        latitude = nil
        longitude = nil
        altitudeMSL = nil
        geoidSeparation = nil
        ggaQuality = nil
        modeQuality = nil
        satellitesUsed = nil
        gsaSatellites = 0
        sawGSA = false
        usedPRNs.beginCycle()
        hdop = nil
        vdop = nil
        pdop = nil
        bestGSAFix = 0
        speed = nil
        course = nil
        magneticVariation = nil
        gst = nil
        heading = HeadingReading()
        hasHeading = false
        satellitesStale = !satellites.isEmpty
        sawGSV = false
        saysInvalid = false
        saysValid = false
    }

    /// The (talker, type) key of a sentence, for the repetition rule.
    @inline(__always)
    static func key(_ talker: Talker, _ type: SentenceType) -> UInt64 {
        UInt64(talker.rawValue) << 32 | UInt64(type.rawValue)
    }

    /// Whether this cycle already holds a sentence with this key; records it if not.
    @inline(__always)
    mutating func repeats(_ key: UInt64) -> Bool {
        for i in 0..<seenCount where seenKeys[i] == key { return true }
        if seenCount < 16 {
            seenKeys[seenCount] = key
            seenCount += 1
        }
        return false
    }

    mutating func note(line: Int) {
        if sentenceCount == 0 { firstLine = line }
        lastLine = line
        sentenceCount += 1
    }

    @inline(__always)
    mutating func position(_ lat: Double?, _ lon: Double?) {
        if let lat, let lon {
            latitude = lat
            longitude = lon
        }
    }

    @inline(__always)
    mutating func validity(_ valid: Bool?) {
        guard let valid else { return }
        if valid { saysValid = true } else { saysInvalid = true }
    }

    // MARK: - Sentences

    mutating func add(_ s: GGA) {
        position(s.latitude, s.longitude)
        if let q = s.quality {
            // A fix with no satellites used contradicts itself (Hemisphere receivers send quality 1
            // with 00 satellites while they have no solution); gpsd reads it as no fix too.
            let valid = q != .invalid && s.satellitesUsed != 0
            validity(valid)
            if valid { ggaQuality = q }
        }
        if let a = s.altitudeMSL { altitudeMSL = a }
        if let g = s.geoidSeparation { geoidSeparation = g }
        if let n = s.satellitesUsed { satellitesUsed = n }
        if let h = s.hdop { hdop = h }
    }

    mutating func add(_ s: GNS) {
        position(s.latitude, s.longitude)
        if !s.modes.isEmpty {
            validity(s.isValid)
            if let q = s.modes.quality { modeQuality = q }
        }
        if let a = s.altitudeMSL { altitudeMSL = a }
        if let g = s.geoidSeparation { geoidSeparation = g }
        if let n = s.satellitesUsed { satellitesUsed = n }
        if let h = s.hdop { hdop = h }
    }

    mutating func add(_ s: RMC) {
        if let d = s.date { date = d }
        if let status = s.status { validity(status == .valid) }
        if let mode = s.mode {
            validity(mode != .notValid)
            if let q = mode.quality { modeQuality = q }
        }
        position(s.latitude, s.longitude)
        if let v = s.speedKnots { speed = v * EpochBuilder.knot }
        if let c = s.course { course = c }
        // Receivers without a magnetic model send 0.0: read it as "not computed", so that the
        // heading logic falls back to the World Magnetic Model instead of a wrong 0°.
        if let m = s.magneticVariation, m != 0 { magneticVariation = m }
    }

    mutating func add(_ s: GLL) {
        if let status = s.status { validity(status == .valid) }
        if let mode = s.mode {
            validity(mode != .notValid)
            if let q = mode.quality { modeQuality = q }
        }
        position(s.latitude, s.longitude)
    }

    mutating func add(_ s: GSA) {
        sawGSA = true
        if let t = s.fixType { bestGSAFix = max(bestGSAFix, t) }
        gsaSatellites += s.satelliteIDs.count
        // The NMEA 4.1 system id says which system the ids belong to (gpsd 3.22 reads only the
        // talker, and takes a GNGSA's Galileo ids 1-36 for GPS satellites).
        let system: GNSSSystem? =
            switch s.systemID {
            case 1: .gps
            case 2: .glonass
            case 3: .galileo
            case 4: .beidou
            case 5: .qzss
            case 6: .navic
            default: nil
            }
        // Only ids 1-32 depend on the system; GPS, a GN talker and no system id number them alike.
        let idSystem = system ?? s.talker.system
        usedPRNs.record(s.satelliteIDs, system: idSystem)
        if let v = s.pdop { pdop = v }
        if let v = s.hdop { hdop = v }
        if let v = s.vdop { vdop = v }
    }

    mutating func add(_ s: GSV) {
        sawGSV = true
        if satellitesStale {
            satellites.removeAll(keepingCapacity: true)
            satellitesStale = false
        }
        s.appendSatellites(to: &satellites)
    }

    mutating func add(_ s: VTG) {
        if s.mode == .notValid {
            saysInvalid = true
            return
        }
        if let c = s.course { course = c }
        if let k = s.speedKnots {
            speed = k * EpochBuilder.knot
        } else if let k = s.speedKmh {
            speed = k / 3.6
        }
    }

    mutating func add(_ s: GST) { gst = s }

    mutating func add(_ s: ZDA) {
        if let d = s.date { date = d }
    }

    mutating func add(_ s: HDT) {
        if let h = s.heading {
            heading.trueHeading = Angle.normalizedBearing(h)
            hasHeading = true
        }
    }

    mutating func add(_ s: THS) {
        guard s.mode != .notValid, let h = s.heading else { return }
        heading.trueHeading = Angle.normalizedBearing(h)
        heading.mode = s.mode?.character
        hasHeading = true
    }

    mutating func add(_ s: HDG) {
        guard let r = s.reading else { return }
        heading.magneticHeading = r.magneticHeading
        heading.deviation = r.deviation
        heading.variation = r.variation
        hasHeading = true
    }

    mutating func add(_ s: HDM) {
        if let r = s.reading {
            heading.magneticHeading = r.magneticHeading
            hasHeading = true
        }
    }

    /// Metres per second in one knot (1852 m per hour, exactly).
    static var knot: Double { 1852.0 / 3600.0 }
}
