import Prometheus
import Synchronization

/// The service's Prometheus metrics, in a registry of its own (no process-wide bootstrap, so
/// several servers in one process, as in the tests, each count their own).
///
/// - `http_requests_total{method,route,status}`, `http_request_duration_seconds{method,route}`;
/// - `lodestar_booking_store_duration_seconds`: of each `POST /rides`, the time in the store's
///   booking (RideService's `book`: its transaction and the resolution around it), to set beside
///   the request's whole duration;
/// - `lodestar_rides_booked_total`, `lodestar_vehicle_locations_total`,
///   `lodestar_ride_phase_changes_total{phase}`, `lodestar_event_streams_open`.
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes.
    public let registry = PrometheusCollectorRegistry()
    private let booked: Counter
    private let locations: Counter
    private let streams: Gauge
    private let streamCount = Atomic<Int>(0)
    private let answered = Atomic<Int>(0)

    /// Ride and region event streams open now.
    public var openStreams: Int { streamCount.load(ordering: .relaxed) }
    /// Requests answered since the server started.
    public var requestsAnswered: Int { answered.load(ordering: .relaxed) }

    /// Request durations' bucket bounds: 1 ms to 10 s.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
    ]

    public init() {
        booked = registry.makeCounter(
            descriptor: .init(
                namespace: "lodestar", metricName: "rides_booked", unitName: "total", helpText: "Rides booked by this server."))
        locations = registry.makeCounter(
            descriptor: .init(
                namespace: "lodestar", metricName: "vehicle_locations", unitName: "total",
                helpText: "Vehicle positions stored by this server."))
        streams = registry.makeGauge(
            descriptor: .init(
                namespace: "lodestar", metricName: "event_streams", unitName: "open",
                helpText: "Ride event streams open on this server."))
    }

    /// One request answered.
    func request(method: String, route: String, status: Int, duration: Duration) {
        answered.add(1, ordering: .relaxed)
        let key = RequestKey(method: method, route: route, status: status)
        let known = requestMetrics.withLock { $0[key] }
        let (counter, histogram) = known ?? makeRequestMetrics(key)
        counter.increment()
        histogram.record(duration)
    }

    /// A request's labels: the routes are the router's, so there are few of these.
    private struct RequestKey: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    /// The request counter and duration histogram of each label set seen, so that a request
    /// looks its two up in one dictionary instead of asking the registry for them by name and
    /// labels (issue 24: 19,000 instructions a status read).
    private let requestMetrics = Mutex<[RequestKey: (Counter, DurationHistogram)]>([:])

    private func makeRequestMetrics(_ key: RequestKey) -> (Counter, DurationHistogram) {
        let metrics = (
            registry.makeCounter(
                descriptor: .init(metricName: "http_requests", unitName: "total", helpText: "HTTP requests answered."),
                labels: [("method", key.method), ("route", key.route), ("status", String(key.status))]),
            registry.makeDurationHistogram(
                descriptor: .init(
                    metricName: "http_request_duration", unitName: "seconds", helpText: "Time to the response's head."),
                labels: [("method", key.method), ("route", key.route)], buckets: Self.buckets)
        )
        // A client may send any method name: past 1,000 label sets, nothing more is kept here.
        requestMetrics.withLock { if $0.count < 1_000 { $0[key] = metrics } }
        return metrics
    }

    func rideBooked() { booked.increment() }

    /// The time one booking spent in the store.
    func bookingStore(_ duration: Duration) {
        registry.makeDurationHistogram(
            descriptor: .init(
                namespace: "lodestar", metricName: "booking_store_duration", unitName: "seconds",
                helpText: "Time each booking spent in the store's booking transaction."),
            buckets: Self.buckets
        ).record(duration)
    }

    func locationsStored(_ count: Int) { locations.increment(by: Int64(count)) }

    func phaseChanged(to phase: String) {
        registry.makeCounter(
            descriptor: .init(
                namespace: "lodestar", metricName: "ride_phase_changes", unitName: "total",
                helpText: "Ride phases advanced by this server from reported positions."),
            labels: [("phase", phase)]
        ).increment()
    }

    func streamOpened() {
        streamCount.add(1, ordering: .relaxed)
        streams.increment()
    }

    func streamClosed() {
        streamCount.subtract(1, ordering: .relaxed)
        streams.decrement()
    }

    /// The text exposition format 0.0.4.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}
