/// The ranges a trace's figures must lie in, so that what the synthesizer writes always replays
/// through Lodestar's own NMEA parser and the trace fits in bounded time. The command line checks
/// each option against these where it parses it.
public enum TraceLimits {
    /// At most this many epochs (7 days at 1 Hz; 16.8 hours at 10 Hz).
    public static let maximumEpochs = 604_801
    /// A time or duration in the trace, seconds (7 days).
    public static let time: ClosedRange<Double> = 0...604_800
    /// A speed on a leg, metres per second.
    public static let speed: ClosedRange<Double> = 0.01...1000
    /// A one-sigma position noise, metres.
    public static let sigma: ClosedRange<Double> = 0...100
    /// A Gauss–Markov correlation time τ, seconds.
    public static let correlationTime: ClosedRange<Double> = 0.1...86_400
    /// The one-sigma Doppler speed noise, metres per second.
    public static let dopplerSigma: ClosedRange<Double> = 0...10
    /// A multipath offset, metres.
    public static let multipathOffset: ClosedRange<Double> = 0...1000
    /// A multipath jump's duration, seconds.
    public static let multipathDuration: ClosedRange<Double> = 0...3600
    /// An azimuth, degrees.
    public static let azimuth: ClosedRange<Double> = 0...360
    /// The heading offset (leeway), degrees.
    public static let headingOffset: ClosedRange<Double> = -180...180
    /// The one-sigma heading sensor noise, degrees.
    public static let headingNoise: ClosedRange<Double> = 0...180
    /// The deviation written in HDG, degrees (the parser reads 0…180 E or W).
    public static let deviation: ClosedRange<Double> = -180...180
    /// Years the RMC two-digit year says without ambiguity (pivot 69) from the start of GPS:
    /// the trace must start on or after 1980-01-01 and end before 2069-01-01.
    public static let years: ClosedRange<Int> = 1980...2068

    /// A range as the command line states it, "0…604800".
    public static func text(_ range: ClosedRange<Double>) -> String {
        func f(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        return "\(f(range.lowerBound))…\(f(range.upperBound))"
    }
}
