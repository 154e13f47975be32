/// How a ``GPSDSource`` waits, reports silence and reconnects.
public struct GPSDSourceOptions: Sendable {
    /// After this long connected without a 2D or 3D fix, the source reports
    /// ``GNSS/SourceState/noFix(for:)``, and again at every further multiple. Default 10 s.
    public var noFixTimeout: Duration
    /// After this long connected without a single line from gpsd, the source reports
    /// ``GNSS/SourceState/noData(for:)``, and again at every further multiple. Default 5 s.
    public var noDataTimeout: Duration
    /// Waits between failed attempts to reach gpsd.
    public var backoff: ReconnectBackoff
    /// The longest the reader thread blocks in one wait for gpsd (`gps_waiting`), and so the
    /// longest it takes to notice cancellation. Default 0.25 s; between 1 ms and 10 s.
    public var pollInterval: Duration
    /// Where to copy the raw NMEA sentences gpsd relays, or nil. Setting it adds NMEA to the watch.
    public var recorder: NMEARecorder?
    /// Read magnetic headings (`HDG`, `HDM`) from the raw NMEA gpsd relays, and report each as a
    /// fix carrying only a ``GNSS/HeadingReading`` with `magneticHeading` (and HDG's deviation and
    /// variation), as ATT headings are reported. gpsd 3.22 relays these sentences but reports no
    /// heading of them, so without this a magnetic compass's heading is lost. Setting it adds NMEA
    /// to the watch. Default true.
    public var magneticHeadingsFromNMEA: Bool

    /// Whether the watch asks gpsd for the raw NMEA it relays (for the recorder or the headings).
    var watchesNMEA: Bool { recorder != nil || magneticHeadingsFromNMEA }

    public init(
        noFixTimeout: Duration = .seconds(10), noDataTimeout: Duration = .seconds(5),
        backoff: ReconnectBackoff = ReconnectBackoff(), pollInterval: Duration = .milliseconds(250),
        recorder: NMEARecorder? = nil, magneticHeadingsFromNMEA: Bool = true
    ) {
        self.noFixTimeout = noFixTimeout
        self.noDataTimeout = noDataTimeout
        self.backoff = backoff
        self.pollInterval = min(.seconds(10), max(.milliseconds(1), pollInterval))
        self.recorder = recorder
        self.magneticHeadingsFromNMEA = magneticHeadingsFromNMEA
    }
}
