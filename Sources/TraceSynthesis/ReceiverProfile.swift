/// What a synthesized receiver sends: talker, NMEA version, sentences and heading sentence.
public struct ReceiverProfile: Sendable, Equatable {
    /// The sentences a receiver can be made to send.
    public enum Sentence: String, Sendable, CaseIterable, Comparable {
        case gga = "GGA"
        case gsa = "GSA"
        case gst = "GST"
        case rmc = "RMC"
        case vtg = "VTG"
        case zda = "ZDA"

        public static func < (a: Sentence, b: Sentence) -> Bool {
            allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
        }
    }

    /// The heading sentence, if any.
    public enum HeadingOutput: String, Sendable, Equatable, CaseIterable {
        /// No heading sensor.
        case none
        /// `$xxHDT`: true heading (gyrocompass, dual-antenna GNSS).
        case hdt
        /// `$xxHDG`: magnetic sensor heading with deviation and variation.
        case hdg
        /// `$xxHDM`: magnetic heading only, no variation.
        case hdm
    }

    /// NMEA 0183 versions, as they change RMC: 2.1 has no mode indicator, 2.3 adds it, 4.1 adds the
    /// navigational status.
    public enum Version: String, Sendable, Equatable, CaseIterable {
        case v21 = "2.1"
        case v23 = "2.3"
        case v41 = "4.1"
    }

    /// Talker of the position sentences: "GP", "GN", "GL", "GA"...
    public var talker: String
    /// Talker of the heading sentence: "HC" (magnetic compass), "HE" (gyro), "GP"...
    public var headingTalker: String
    /// The NMEA version.
    public var version: Version
    /// The position sentences sent each epoch, in this order: GGA, GSA, GST, RMC, VTG, ZDA.
    public var sentences: Set<Sentence>
    /// The heading sentence, sent after the position sentences of each epoch.
    public var heading: HeadingOutput
    /// Whether RMC carries the magnetic variation (from the World Magnetic Model).
    public var rmcVariation: Bool

    public init(
        talker: String, headingTalker: String? = nil, version: Version, sentences: Set<Sentence>,
        heading: HeadingOutput = .none, rmcVariation: Bool = false
    ) {
        self.talker = talker
        self.version = version
        self.sentences = sentences
        self.heading = heading
        self.rmcVariation = rmcVariation
        self.headingTalker = headingTalker ?? (heading == .hdt ? "GP" : heading == .none ? talker : "HC")
    }

    /// A phone-grade or consumer USB receiver: GPS talker, NMEA 2.3, GGA GSA RMC VTG, no GST.
    public static let consumer = ReceiverProfile(talker: "GP", version: .v23, sentences: [.gga, .gsa, .rmc, .vtg])
    /// A multi-constellation receiver: GN talker, NMEA 4.1, GGA GSA GST RMC.
    public static let multiGNSS = ReceiverProfile(talker: "GN", version: .v41, sentences: [.gga, .gsa, .gst, .rmc])
    /// A marine receiver with a magnetic compass: GP, NMEA 2.3, GGA RMC (with variation), HCHDG.
    public static let marine = ReceiverProfile(
        talker: "GP", version: .v23, sentences: [.gga, .gst, .rmc], heading: .hdg, rmcVariation: true)
    /// A vehicle with a dual-antenna heading receiver: GN, NMEA 4.1, GGA GST RMC, GNHDT.
    public static let vehicle = ReceiverProfile(
        talker: "GN", headingTalker: "GN", version: .v41, sentences: [.gga, .gst, .rmc], heading: .hdt)
    /// A handheld with an electronic compass that sends HDM only (no variation): GP, NMEA 2.3.
    public static let compass = ReceiverProfile(talker: "GP", version: .v23, sentences: [.gga, .gst, .rmc], heading: .hdm)
    /// A minimal 10 Hz receiver: GP, NMEA 2.3, GGA and RMC only.
    public static let minimal = ReceiverProfile(talker: "GP", version: .v23, sentences: [.gga, .rmc])

    /// The named presets, for the command line.
    public static let presets: [String: ReceiverProfile] = [
        "consumer": consumer, "multi-gnss": multiGNSS, "marine": marine, "vehicle": vehicle,
        "compass": compass, "minimal": minimal,
    ]
}
