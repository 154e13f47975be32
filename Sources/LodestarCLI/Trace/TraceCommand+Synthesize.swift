import ArgumentParser
import Foundation
import Geodesy
import Lodestar
import LodestarInternals
import NMEA
import TraceSynthesis

extension TraceCommand {
    /// `lodestar trace synthesize`: an NMEA 0183 trace with correct checksums, and its ground truth.
    struct Synthesize: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "synthesize",
            abstract: "Synthesize an NMEA trace and its ground truth from a route and a receiver profile.",
            discussion: """
                The receiver moves along the route's geodesics (WGS84) at the given speeds and reports \
                each epoch with seeded Gaussian noise, so the same arguments always give the same bytes. \
                The ground truth (true time, position, speed, course and heading, and what was written) \
                goes to a CSV beside the trace. The trace is written epoch by epoch (at most 604,801 \
                epochs: 7 days at 1 Hz), and every write is checked. Both files are written to temporary \
                files beside them and renamed into place once both are whole: a failed write (a full \
                disk) leaves neither, and older files of those names as they were.

                Error model: --noise gives white noise. --correlated SIGMA:TAU and --white SIGMA replace \
                it with a per-axis Gauss-Markov error plus white noise; GST then states the total \
                sqrt(SIGMA_gm^2 + SIGMA_w^2) and HDOP is sqrt(2) x that total / 5 m. --doppler sets the \
                speed noise (the course noise is it over the speed); --multipath adds offsets the \
                receiver does not admit; --stop holds the receiver still on the route; --outage \
                sends epochs with time and no position (a tunnel).

                Receivers: consumer (GP, 2.3, GGA GSA RMC VTG), multi-gnss (GN, 4.1, GGA GSA GST RMC), \
                marine (GP, GGA GST RMC with variation, HCHDG), vehicle (GN, 4.1, GGA GST RMC, GNHDT), \
                compass (GP, GGA GST RMC, HCHDM), minimal (GP, GGA RMC).

                Example:
                  lodestar trace synthesize --route '51.5119,-0.1228;51.5085,-0.1247' --speed 1.4 \\
                    --start 2026-03-14T09:30:00Z --output walk.nmea
                """)

        @Option(help: ArgumentHelp("Waypoints 'lat,lon;lat,lon;...' in degrees.", valueName: "waypoints"))
        var route: String

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Speed in m/s (0.01…1000), or one per leg: '10,13,8'.", valueName: "m/s"))
        var speed: String = "1.4"

        @Option(
            parsing: .unconditional,
            help: "Seconds stationary at the first waypoint (the whole trace for a one-point route), 0…604800.")
        var holdStart: Double = 0

        @Option(parsing: .unconditional, help: "Seconds stationary at the last waypoint, 0…604800.")
        var holdEnd: Double = 0

        @Option(parsing: .unconditional, help: "Epochs per second: 1 or 10.")
        var rate: Int = 1

        @Option(
            parsing: .unconditional,
            help: "Per-axis white position noise σ, metres, 0…100 (default 2.5; not with --correlated or --white).")
        var noise: Double?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Per-axis Gauss-Markov error: σ metres (0…100) and correlation time τ seconds (0.1…86400).",
                valueName: "sigma:tau"))
        var correlated: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Per-axis white noise added to the Gauss-Markov error, σ metres (0…100).", valueName: "sigma"))
        var white: Double?

        @Option(parsing: .unconditional, help: ArgumentHelp("One-sigma Doppler speed noise, m/s (0…10).", valueName: "sigma"))
        var doppler: Double = 0.05

        @Option(
            parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                "An offset of METRES (0…1000) towards AZIMUTH (degrees; default drawn from the seed) from AT for DURATION seconds (0…3600), not admitted by GST or HDOP. Repeatable.",
                valueName: "at:duration:metres[:azimuth]"))
        var multipath: [String] = []

        @Option(
            parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                "Stand still where the route has brought the receiver at AT for DURATION seconds, each 0…604800. Repeatable.",
                valueName: "at:duration"))
        var stop: [String] = []

        @Option(
            name: .customLong("noise-from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("From SECONDS on (0…604800), noise σ is SIGMA metres (0…100).", valueName: "seconds:sigma"))
        var noiseFrom: [String] = []

        @Option(parsing: .unconditional, help: "Seconds with no fix at the start, 0…604800.")
        var coldStart: Double = 0

        @Option(
            parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                "No fix (time, no position) from START for DURATION seconds, each 0…604800. Repeatable.",
                valueName: "start+duration"))
        var outage: [String] = []

        @Option(
            name: .customLong("repeat-epoch"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                "At AT seconds (0…604800), send the epoch of AGE seconds earlier (0…AT) again.", valueName: "at:age"))
        var repeatEpoch: [String] = []

        @Option(help: "Receiver profile: consumer, multi-gnss, marine, vehicle, compass, minimal.")
        var receiver: String = "multi-gnss"

        @Option(help: "Talker of the position sentences: GP, GN, GL, GA, GB, BD, GQ, QZ or GI (overrides the profile).")
        var talker: String?

        @Option(help: "NMEA version: 2.1, 2.3 or 4.1 (overrides the profile).")
        var nmeaVersion: String?

        @Option(help: "Position sentences, such as 'GGA,RMC,GST' (overrides the profile).")
        var sentences: String?

        @Option(help: "Heading sentence: none, hdt, hdg or hdm (overrides the profile).")
        var heading: String?

        @Option(parsing: .unconditional, help: "True heading minus course, degrees (leeway, crabbing), -180…180.")
        var headingOffset: Double = 0

        @Option(parsing: .unconditional, help: "One-sigma heading sensor noise, degrees, 0…180.")
        var headingNoise: Double = 0

        @Option(parsing: .unconditional, help: "Deviation written in HDG, degrees east positive (west negative), -180…180.")
        var deviation: Double?

        @Option(help: "UTC start time, YYYY-MM-DDTHH:MM:SS[.s]Z; the trace lies in 1980…2068 (RMC's two-digit year).")
        var start: String

        @Option(help: "Seed of the noise generator.")
        var seed: UInt64 = 1

        @Option(help: "The NMEA file to write.")
        var output: String

        @Option(help: "The ground-truth CSV to write (default: OUTPUT with .truth.csv).")
        var truth: String?

        func validate() throws {
            let spec = try specification()
            do {
                try spec.validate()
            } catch {
                throw ValidationError(String(describing: error))
            }
            if Self.sameFile(output, truthPath) {
                throw ValidationError("--output and --truth name the same file '\(output)'; give two files")
            }
        }

        func run() throws {
            let truthPath = truthPath
            do {
                let spec = try specification()
                let synthesizer = TraceSynthesizer(spec)
                let nmea = try TraceFileWriter(path: output)
                let csv = try TraceFileWriter(path: truthPath)
                try csv.write(synthesizer.truthHeader + "\n")
                let summary = try synthesizer.synthesize { epoch, block in
                    try nmea.write(block)
                    try csv.write(synthesizer.truthRow(epoch) + "\n")
                }
                // Both files whole before either replaces anything: a full disk leaves neither.
                try nmea.close()
                try csv.close()
                try nmea.commit()
                try csv.commit()
                let out = TraceFileWriter(standardOutput: ())
                try out.write(
                    "wrote \(output) (\(Plural.count(summary.epochs, "epoch")), \(summary.fixes) with a fix) and \(truthPath)\n")
                try out.close()
            } catch {
                Diagnostics.error("\(error)")
                throw ExitCode.failure
            }
        }

        /// The ground-truth file: --truth, or OUTPUT with .truth.csv.
        var truthPath: String { truth ?? Self.truthPath(for: output) }

        /// Whether two paths name one file: the same path once resolved, or the same inode.
        static func sameFile(_ a: String, _ b: String) -> Bool {
            func resolved(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path }
            if resolved(a) == resolved(b) { return true }
            var sa = stat()
            var sb = stat()
            return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
        }

        /// "walk.nmea" → "walk.truth.csv".
        static func truthPath(for output: String) -> String {
            let ext = URL(fileURLWithPath: output).pathExtension
            return (ext.isEmpty ? output : String(output.dropLast(ext.count + 1))) + ".truth.csv"
        }

        func specification() throws -> TraceSpecification {
            let waypoints = try TraceArguments.waypoints(route)
            let speeds = try TraceArguments.numbers(speed, what: "--speed")
            for value in speeds { try TraceArguments.check(value, "--speed", TraceLimits.speed, "m/s") }
            for (value, option) in [(holdStart, "--hold-start"), (holdEnd, "--hold-end"), (coldStart, "--cold-start")] {
                try TraceArguments.check(value, option, TraceLimits.time, "seconds")
            }
            guard rate == 1 || rate == 10 else { throw ValidationError("--rate \(rate) is not supported: give 1 or 10") }
            if let noise { try TraceArguments.check(noise, "--noise", TraceLimits.sigma, "metres") }
            if let white { try TraceArguments.check(white, "--white", TraceLimits.sigma, "metres") }
            try TraceArguments.check(doppler, "--doppler", TraceLimits.dopplerSigma, "m/s")
            try TraceArguments.check(headingOffset, "--heading-offset", TraceLimits.headingOffset, "degrees")
            try TraceArguments.check(headingNoise, "--heading-noise", TraceLimits.headingNoise, "degrees")
            if let deviation { try TraceArguments.check(deviation, "--deviation", TraceLimits.deviation, "degrees") }
            var errorModel: TraceErrorModel?
            if correlated != nil || white != nil {
                guard noise == nil, noiseFrom.isEmpty else {
                    throw ValidationError(
                        "--noise and --noise-from cannot be combined with --correlated or --white, which replace them")
                }
                let gm = try correlated.map(TraceArguments.correlated) ?? (sigma: 0, tau: 30)
                errorModel = TraceErrorModel(correlatedSigma: gm.sigma, correlationTime: gm.tau, whiteSigma: white ?? 0)
            }
            guard var profile = ReceiverProfile.presets[receiver] else {
                throw ValidationError(
                    "unknown receiver '\(receiver)'; use one of \(ReceiverProfile.presets.keys.sorted().joined(separator: ", "))")
            }
            if let talker {
                // A talker of a satellite system or GN (combined): what 'replay' reads positions from.
                guard let known = Talker(talker), known == .gnss || known.system != nil else {
                    throw ValidationError("--talker '\(talker)' is not a GNSS talker: give GP, GN, GL, GA, GB, BD, GQ, QZ or GI")
                }
                profile.talker = talker
            }
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
            guard let year = UTCCalendar.fields(startDate, fractionDigits: 2)?.year, TraceLimits.years.contains(year) else {
                throw ValidationError("--start '\(start)' is out of range: give a time in 1980…2068 (RMC's two-digit year)")
            }
            return TraceSpecification(
                waypoints: waypoints, speeds: speeds, holdStart: holdStart, holdEnd: holdEnd, rate: rate, noise: noise ?? 2.5,
                noisePhases: try noiseFrom.map(TraceArguments.noisePhase), coldStart: coldStart,
                outages: try outage.map(TraceArguments.outage), replays: try repeatEpoch.map(TraceArguments.replay),
                receiver: profile, start: startDate, seed: seed, headingOffset: headingOffset, headingNoise: headingNoise,
                deviation: deviation, errorModel: errorModel, dopplerSigma: doppler,
                multipath: try multipath.map(TraceArguments.multipath), stops: try stop.map(TraceArguments.stop))
        }
    }
}
