import ArgumentParser
import Foundation
import Geodesy
import Lodestar
import LodestarInternals
import TraceSynthesis

/// `lodestar trace synthesize`: an NMEA 0183 trace with correct checksums, and its ground truth.
struct TraceSynthesizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Synthesize an NMEA trace and its ground truth from a route and a receiver profile.",
        discussion: """
            The receiver moves along the route's geodesics (WGS84) at the given speeds and reports \
            each epoch with seeded Gaussian noise, so the same arguments always give the same bytes. \
            The ground truth (true time, position, speed, course and heading, and what was written) \
            goes to a CSV beside the trace.

            Receivers: consumer (GP, 2.3, GGA GSA RMC VTG), multi-gnss (GN, 4.1, GGA GSA GST RMC), \
            marine (GP, GGA GST RMC with variation, HCHDG), vehicle (GN, 4.1, GGA GST RMC, GNHDT), \
            compass (GP, GGA GST RMC, HCHDM), minimal (GP, GGA RMC).

            Example:
              lodestar trace synthesize --route '51.5119,-0.1228;51.5085,-0.1247' --speed 1.4 \\
                --start 2026-03-14T09:30:00Z --output walk.nmea
            """)

    @Option(help: ArgumentHelp("Waypoints 'lat,lon;lat,lon;...' in degrees.", valueName: "waypoints"))
    var route: String

    @Option(help: ArgumentHelp("Speed in m/s, or one per leg: '10,13,8'.", valueName: "m/s"))
    var speed: String = "1.4"

    @Option(help: "Seconds stationary at the first waypoint (the whole trace for a one-point route).")
    var holdStart: Double = 0

    @Option(help: "Seconds stationary at the last waypoint.")
    var holdEnd: Double = 0

    @Option(help: "Epochs per second: 1 or 10.")
    var rate: Int = 1

    @Option(help: "Per-axis position noise σ, metres.")
    var noise: Double = 2.5

    @Option(name: .customLong("noise-from"), help: ArgumentHelp("From SECONDS on, noise σ is SIGMA metres.", valueName: "seconds:sigma"))
    var noiseFrom: [String] = []

    @Option(help: "Seconds with no fix at the start.")
    var coldStart: Double = 0

    @Option(help: ArgumentHelp("No fix from START for DURATION seconds.", valueName: "start+duration"))
    var outage: [String] = []

    @Option(name: .customLong("repeat-epoch"), help: ArgumentHelp("At AT seconds, send the epoch of AGE seconds earlier again.", valueName: "at:age"))
    var repeatEpoch: [String] = []

    @Option(help: "Receiver profile: consumer, multi-gnss, marine, vehicle, compass, minimal.")
    var receiver: String = "multi-gnss"

    @Option(help: "Talker of the position sentences, such as GP or GN (overrides the profile).")
    var talker: String?

    @Option(help: "NMEA version: 2.1, 2.3 or 4.1 (overrides the profile).")
    var nmeaVersion: String?

    @Option(help: "Position sentences, such as 'GGA,RMC,GST' (overrides the profile).")
    var sentences: String?

    @Option(help: "Heading sentence: none, hdt, hdg or hdm (overrides the profile).")
    var heading: String?

    @Option(parsing: .unconditional, help: "True heading minus course, degrees (leeway, crabbing); may be negative.")
    var headingOffset: Double = 0

    @Option(help: "One-sigma heading sensor noise, degrees.")
    var headingNoise: Double = 0

    @Option(parsing: .unconditional, help: "Deviation written in HDG, degrees east positive (west negative).")
    var deviation: Double?

    @Option(help: "UTC start time, YYYY-MM-DDTHH:MM:SS[.s]Z.")
    var start: String

    @Option(help: "Seed of the noise generator.")
    var seed: UInt64 = 1

    @Option(help: "The NMEA file to write.")
    var output: String

    @Option(help: "The ground-truth CSV to write (default: OUTPUT with .truth.csv).")
    var truth: String?

    func validate() throws {
        _ = try specification()
    }

    func run() throws {
        let trace: TraceSynthesizer.Trace
        do {
            trace = try TraceSynthesizer(specification()).synthesize()
        } catch {
            throw ValidationError(String(describing: error))
        }
        let truthPath = truth ?? Self.truthPath(for: output)
        do {
            try Data(trace.nmea.utf8).write(to: URL(fileURLWithPath: output))
            try Data(trace.truthCSV.utf8).write(to: URL(fileURLWithPath: truthPath))
        } catch {
            FileHandle.standardError.write(Data("lodestar: cannot write: \(error.localizedDescription)\n".utf8))
            throw ExitCode.failure
        }
        let fixes = trace.epochs.filter(\.hasFix).count
        print("wrote \(output) (\(trace.epochs.count) epochs, \(fixes) with a fix) and \(truthPath)")
    }

    /// "walk.nmea" → "walk.truth.csv".
    static func truthPath(for output: String) -> String {
        let ext = URL(fileURLWithPath: output).pathExtension
        return (ext.isEmpty ? output : String(output.dropLast(ext.count + 1))) + ".truth.csv"
    }

    func specification() throws -> TraceSpecification {
        let waypoints = try TraceArguments.waypoints(route)
        let speeds = try TraceArguments.numbers(speed, what: "--speed")
        guard var profile = ReceiverProfile.presets[receiver] else {
            throw ValidationError("unknown receiver '\(receiver)'; use one of \(ReceiverProfile.presets.keys.sorted().joined(separator: ", "))")
        }
        if let talker { profile.talker = talker }
        if let nmeaVersion {
            guard let v = ReceiverProfile.Version(rawValue: nmeaVersion) else {
                throw ValidationError("unknown NMEA version '\(nmeaVersion)'; use 2.1, 2.3 or 4.1")
            }
            profile.version = v
        }
        if let sentences { profile.sentences = try TraceArguments.sentences(sentences) }
        if let heading {
            guard let h = ReceiverProfile.HeadingOutput(rawValue: heading.lowercased()) else {
                throw ValidationError("unknown heading sentence '\(heading)'; use none, hdt, hdg or hdm")
            }
            profile = ReceiverProfile(
                talker: profile.talker, version: profile.version, sentences: profile.sentences, heading: h,
                rmcVariation: profile.rmcVariation)
        }
        guard let startDate = ISO8601.parse(start) else {
            throw ValidationError("--start '\(start)' is not YYYY-MM-DDTHH:MM:SS[.s]Z")
        }
        return TraceSpecification(
            waypoints: waypoints, speeds: speeds, holdStart: holdStart, holdEnd: holdEnd, rate: rate, noise: noise,
            noisePhases: try noiseFrom.map(TraceArguments.noisePhase), coldStart: coldStart,
            outages: try outage.map(TraceArguments.outage), replays: try repeatEpoch.map(TraceArguments.replay),
            receiver: profile, start: startDate, seed: seed, headingOffset: headingOffset, headingNoise: headingNoise,
            deviation: deviation)
    }
}
