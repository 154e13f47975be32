import GNSS
import NMEA

/// What `lodestar replay` does with what the decoder reports: writes each epoch in the chosen format
/// (after the rules, when there are any), keeps them for `--smooth`, and counts them and the
/// rejected lines for the summary.
///
/// All the state an event touches is in this one value, which the command holds in a local
/// variable and hands to the decoder through non-escaping closures: every access is checked at
/// compile time, and an epoch is borrowed from the decoder, not copied into an event. (A handler
/// closure stored in a constant captured that state in boxes: each access was checked at run time
/// and the epoch copied several times, about 150 instructions a line in every mode; issue 22.)
struct ReplayWriter {
    let format: ReplayFormat
    /// Standard output, in blocks.
    var output: BlockOutput
    var summary: DecodeSummary
    var gpx = GPXTrack()
    /// The TPV writer's memo of the time's and geoid separation's text, from one epoch to the next.
    var tpv = TPVMemo()
    /// The SKY writer's memo of the DOPs and the satellites' text, from one epoch to the next.
    var sky = SKYMemo()
    /// The location manager's rules (`--desired-accuracy`, `--distance-filter`, `--fusion`).
    var rules: ReplayRules?
    /// `--smooth`: the epochs are kept in ``held`` and written at the end.
    let smooth: Bool
    var held: [NMEAEpoch] = []

    init(format: ReplayFormat, output: BlockOutput, summary: DecodeSummary, rules: ReplayRules?, smooth: Bool) {
        self.format = format
        self.output = output
        self.summary = summary
        self.rules = rules
        self.smooth = smooth
    }

    /// An epoch the decoder lends as it closes it.
    mutating func epoch(_ epoch: borrowing NMEAEpoch) {
        if smooth {
            held.append(copy epoch)
        } else if rules == nil {
            write(epoch)
        } else {
            deliver(epoch)
        }
    }

    /// A line the decoder rejected.
    mutating func rejected(_ line: NMEADecoder.RejectedLine) {
        summary.report(line)
    }

    /// An epoch as the rules deliver it: written as the location they make of it, or only
    /// counted when they withhold it.
    private mutating func deliver(_ epoch: borrowing NMEAEpoch) {
        guard let location = rules?.deliver(epoch.fix) else {
            summary.count(epoch)
            return
        }
        var delivered = copy epoch
        delivered.fix = epoch.fix.written(as: location)
        write(delivered)
    }

    /// Writes one epoch in the chosen format and counts it.
    mutating func write(_ epoch: borrowing NMEAEpoch) {
        if format == .gpx {
            gpx.append(epoch.fix, to: &output.buffer)
        } else {
            format.append(epoch, to: &output.buffer, tpv: &tpv, sky: &sky)
        }
        output.flushIfFull()
        summary.count(epoch)
    }
}
