/// How a ``GPSDSource`` waits, reports silence and reconnects.
public struct GPSDSourceOptions: Sendable {
    /// After this long connected without a 2D or 3D fix, the source reports
    /// `GNSS/SourceState/noFix(for:)`, and again at every further multiple. Default 10 s.
    public var noFixTimeout: Duration
    /// After this long connected without a single line from gpsd, the source reports
    /// `GNSS/SourceState/noData(for:)`, and again at every further multiple. Default 5 s.
    public var noDataTimeout: Duration
    /// Waits between failed attempts to reach gpsd.
    public var backoff: ReconnectBackoff
    /// The longest the reader thread blocks in one wait for gpsd (`gps_waiting`), and so the
    /// longest it takes to notice cancellation. Default 0.25 s; between 1 ms and 10 s.
    public var pollInterval: Duration
    /// Where to copy the raw NMEA sentences gpsd relays, or nil. Setting it adds NMEA to the watch.
    public var recorder: NMEARecorder?
    /// Read magnetic headings (`HDG`, `HDM`) from the raw NMEA gpsd relays, and report each as a
    /// fix carrying only a `GNSS/HeadingReading` with `magneticHeading` (and HDG's deviation and
    /// variation), as ATT headings are reported. gpsd 3.22 relays these sentences but reports no
    /// heading of them, so without this a magnetic compass's heading is lost. Setting it adds NMEA
    /// to the watch. Default true.
    public var magneticHeadingsFromNMEA: Bool

    /// Called, on the reader thread, with each raw NMEA sentence gpsd relays (without its line
    /// end), as `gpspipe -r` prints them; nil for none. Setting it adds NMEA to the watch.
    public var sentenceHandler: (@Sendable (String) -> Void)?
    /// Report gpsd's SKY objects: each as a fix carrying only the satellites in view (with their
    /// `used` flags, gpsd's PRN numbering) and the DOPs gpsd gives, mode `GNSS/FixMode/unknown`
    /// and no position. Default false (a location consumer has no use for them).
    public var reportsSatellites: Bool
    /// Give a fix the receiver's own one-sigma errors from the `GST` of the same time, read from
    /// the NMEA gpsd relays, instead of gpsd's HDOP × UERE figure (gpsd 3.22 does not use GST):
    /// the errors `lodestar replay` gives the same epoch. Setting it adds NMEA to the watch.
    /// Default false (the fix stays gpsd's TPV).
    public var errorsFromGST: Bool

    /// Whether the watch asks gpsd for the raw NMEA it relays (for the recorder, the headings or
    /// the sentence handler).
    var watchesNMEA: Bool { recorder != nil || magneticHeadingsFromNMEA || sentenceHandler != nil || errorsFromGST }

    public init(
        noFixTimeout: Duration = .seconds(10), noDataTimeout: Duration = .seconds(5),
        backoff: ReconnectBackoff = ReconnectBackoff(), pollInterval: Duration = .milliseconds(250),
        recorder: NMEARecorder? = nil, magneticHeadingsFromNMEA: Bool = true,
        sentenceHandler: (@Sendable (String) -> Void)? = nil, reportsSatellites: Bool = false,
        errorsFromGST: Bool = false
    ) {
        self.errorsFromGST = errorsFromGST
        self.sentenceHandler = sentenceHandler
        self.reportsSatellites = reportsSatellites
        self.noFixTimeout = noFixTimeout
        self.noDataTimeout = noDataTimeout
        self.backoff = backoff
        self.pollInterval = min(.seconds(10), max(.milliseconds(1), pollInterval))
        self.recorder = recorder
        self.magneticHeadingsFromNMEA = magneticHeadingsFromNMEA
    }
}
