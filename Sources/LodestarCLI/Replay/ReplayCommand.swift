import ArgumentParser
import GNSS
import Glibc
import Lodestar
import LodestarInternals
import NMEA

/// `lodestar replay FILE`: decodes an NMEA trace as fast as possible and writes one record per
/// epoch, with a summary on standard error.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Decode an NMEA 0183 trace into one record per receiver epoch.",
        discussion: """
            Reads FILE (or standard input for '-') as fast as possible, groups each reporting \
            cycle's sentences into one fix, and writes one record per epoch to standard output. \
            Lines that are not acceptable sentences (bad checksum, truncated, out-of-range field, \
            binary garbage) are skipped and reported on standard error with their line number \
            and reason; a summary follows. Skipped lines are not an error: the exit status is \
            non-zero only when the file cannot be read.

            With --desired-accuracy or --distance-filter, the location manager's rules are applied \
            as on a virtual clock: only the epochs delivered as locations are written, and the \
            summary counts the others by the reason they were withheld (accuracy, distance filter, \
            no position, stale, out of order). Without them, every epoch is written.

            With --fusion, each epoch is the fused location (see docs/fusion.md): position, \
            altitude, speed, course and accuracies from the filter, and epochs of an outage \
            dead-reckoned for as long as the filter does (gpsd TPV "status":5 in --json). The \
            rule options then apply to the fused locations. --activity sets the motion profile.

            With --smooth, the whole trace is read first, then each epoch is the smoothed \
            location: the fusion filter forward and a Rauch-Tung-Striebel pass backward, so each \
            epoch uses the fixes after it as well as those before, and a tunnel is interpolated \
            from both ends (docs/fusion.md, "Smoothing a recorded trace"). Its 68% radius is the \
            smoothed one. --smooth holds the trace in memory (about 300 bytes an epoch), writes \
            nothing until the end, and does not combine with --desired-accuracy or \
            --distance-filter; --fusion --activity NAME set its motion profile.

            --gpx writes the epochs with a position in time order: an epoch whose time is not \
            after the previous point's (stale, out of order, repeated) is left out and counted, \
            and a new <trkseg> begins after more than 5 s without a position (an outage).
            """
    )

    @Argument(help: "The NMEA trace to replay, or '-' for standard input.")
    var file: String

    @Flag(exclusivity: .exclusive, help: "Output format.")
    var format: ReplayFormat = .text

    @Flag(help: "Accept sentences without a checksum (and a missing '$' before a standard sentence).")
    var lenient = false

    @Option(parsing: .unconditional, help: "Report at most this many skipped lines one by one; the rest are only counted.")
    var maxReports = 20

    @Option(
        name: .customLong("desired-accuracy"), parsing: .unconditional,
        help: ArgumentHelp("Keep only locations whose 68% horizontal accuracy is at most this, metres.", valueName: "metres"))
    var desiredAccuracy: Double?

    @Option(
        name: .customLong("distance-filter"), parsing: .unconditional,
        help: ArgumentHelp(
            "Keep a location only this far, metres, from the last one kept (on the ellipsoid).", valueName: "metres"))
    var distanceFilter: Double?

    @OptionGroup var fusionOptions: FusionOptions

    @Flag(help: "The smoothed track of the whole trace (forward filter and backward pass; read to the end first).")
    var smooth = false

    /// --max-reports: 0 to 10⁹ lines.
    static let maxReportsRange = OptionRange("--max-reports", 0...1_000_000_000, unit: "lines")
    /// --desired-accuracy: 1 mm to 1000 km.
    static let desiredAccuracyRange = OptionRange("--desired-accuracy", 0.001...1_000_000, unit: "metres")
    /// --distance-filter: 1 mm to half the Earth's circumference.
    static let distanceFilterRange = OptionRange("--distance-filter", 0.001...20_004_000, unit: "metres")

    func validate() throws {
        try Self.maxReportsRange.check(maxReports)
        guard !file.isEmpty else { throw ValidationError("FILE must not be empty.") }
        try Self.desiredAccuracyRange.check(desiredAccuracy)
        try Self.distanceFilterRange.check(distanceFilter)
        if smooth, desiredAccuracy != nil || distanceFilter != nil {
            throw ValidationError("--smooth does not combine with --desired-accuracy or --distance-filter.")
        }
    }

    func run() throws {
        let input = try InputOpening.file(file)

        var decoder = NMEADecoder(options: .init(parser: .init(lenient: lenient)))
        var progress = ReplayProgress(total: input.size)
        let format = format
        var output = BlockOutput(fd: 1)
        output.buffer.append(contentsOf: format.header(name: file == "-" ? "stdin" : file))
        let rules: ReplayRules? =
            desiredAccuracy == nil && distanceFilter == nil && !fusionOptions.fusion
            ? nil
            : try ReplayRules(
                desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter,
                fusion: try fusionOptions.setting(), sourceName: input.name)
        var writer = ReplayWriter(
            format: format, output: output, summary: DecodeSummary(maxReports: maxReports), rules: rules,
            smooth: smooth)

        // A pipe or a terminal may be fed slowly: what each read decoded goes out at once. A
        // file is written in large blocks.
        let streaming = input.size == nil
        do {
            try input.forEachChunk { chunk in
                decoder.decode(chunk, epoch: { writer.epoch($0) }, rejected: { writer.rejected($0) })
                progress.advance(by: chunk.count)
                if streaming { writer.output.flush() }
                // Standard output failed: the rest would be decoded for nobody.
                return !writer.output.failed
            }
        } catch {
            progress.finish()
            writer.output.flush()
            Diagnostics.error(error.description)
            throw ExitCode.failure
        }
        decoder.finish(epoch: { writer.epoch($0) }, rejected: { writer.rejected($0) })
        if smooth {
            let held = writer.held
            writer.held = []
            let track = TrackSmoother(fusion: fusionOptions.fusion ? try fusionOptions.setting() : .on)
                .smooth(held.map(\.fix), sourceName: input.name)
            var smoothed = 0
            for (i, var epoch) in held.enumerated() {
                // As with --fusion: an epoch the filter has no location for is not written.
                guard let location = track[i] else {
                    writer.summary.count(epoch)
                    continue
                }
                epoch.fix = epoch.fix.written(as: location)
                smoothed += 1
                writer.write(epoch)
            }
            Diagnostics.text("  smoothed: \(Plural.count(smoothed, "epoch")) of \(held.count)\n")
        }
        writer.output.buffer.append(contentsOf: format.footer)
        writer.output.flush()
        progress.finish()
        writer.summary.print(decoder.statistics, input: input.name)
        if let rules = writer.rules { Diagnostics.text(rules.summary) }
        if format == .gpx { Diagnostics.text(writer.gpx.summary) }
    }
}
