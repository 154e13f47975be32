import ArgumentParser
import Foundation
import GPSD
import Geodesy
import Lodestar
import LodestarInternals
import RideClient

/// `lodestar vehicle --server URL --id ID --token T [--gpsd HOST[:PORT] | --trace FILE]`: a
/// vehicle of the ride service reports where it is. The location manager (fused locations) runs on
/// the vehicle's own gpsd, or replays a trace; the reporting is RideClient's.
struct VehicleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vehicle",
        abstract: "Report a vehicle's position to the ride service (lodestar serve), from gpsd or a trace.",
        discussion: """
            Runs the location manager (fused locations unless --raw) on the vehicle's gpsd \
            (localhost:2947 unless --gpsd or GPSD_HOST / GPSD_PORT say otherwise), or replays an \
            NMEA trace (--trace, at its own pace, --speed N times faster, or --fast), and sends \
            the vehicle's position to the ride service: the first location, then one whenever \
            the vehicle has moved --distance-filter metres (20) from the last one sent, and at \
            least every --interval seconds (5) of the receiver's time. Each position sent is a \
            line on standard output. A replayed trace's positions are sent without their \
            recorded times: the service stamps them as they arrive.

            When gpsd goes away, vehicle says so once and reconnects with a capped back-off, as \
            track does. When the service does not answer, it says so once, keeps only the latest \
            position (memory does not grow), retries with the same back-off (0.5 s doubling to \
            30 s) and says when the service is back and how many positions the newest replaced. \
            The service refusing the token or the vehicle (401, 403, 404) ends it with status 1.

            At the end of a trace, the last position waits at most 30 s for the service.

            Exit status: 0 when the trace has been replayed, or on Ctrl-C; 1 when the trace \
            cannot be read, its last position could not be sent, the service refuses the \
            vehicle, or standard output fails; 64 for a bad argument.

            Files: /etc/default/lodestar, then /etc/default/lodestar-vehicle-ID: the \
            environment of the systemd service lodestar-vehicle@ID, which reports as vehicle ID \
            (LODESTAR_SERVER, LODESTAR_TOKEN, LODESTAR_VEHICLE_OPTIONS).

            See also: gpsd(8), lodestar.serve.run(1), lodestar.serve.token.create(1).
            """)

    @OptionGroup var serverOptions: RideServerOptions

    @Option(help: ArgumentHelp("The vehicle's identifier, as its token names it.", valueName: "id"))
    var id: String

    @OptionGroup var source: LocationSourceOptions

    @Flag(help: "Report the receiver's own fixes instead of fused locations (fusion is on by default).")
    var raw = false

    @Option(
        name: .customLong("distance-filter"),
        help: ArgumentHelp("Report when the vehicle has moved this far from the last report, metres.", valueName: "metres"))
    var distanceFilter: Double = 20

    @Option(help: ArgumentHelp("Report at least this often, seconds of the receiver's time.", valueName: "seconds"))
    var interval: Double = 5

    /// --distance-filter: 1 m to 100 km.
    static let distanceFilterRange = OptionRange("--distance-filter", 1.0...100_000, unit: "metres")
    /// --interval: 0.1 s to an hour.
    static let intervalRange = OptionRange("--interval", 0.1...3600, unit: "seconds")

    func validate() throws {
        guard try serverOptions.endpoint() != nil else {
            throw ValidationError("--server (or LODESTAR_SERVER) is needed: the ride service to report to.")
        }
        guard (1...64).contains(id.utf8.count),
            id.utf8.allSatisfy({
                UInt8(ascii: "A")...UInt8(ascii: "Z") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "z") ~= $0
                    || UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "-")
            })
        else {
            throw ValidationError("--id must be 1 to 64 letters, digits, '.', '_' or '-' (got '\(id)').")
        }
        try Self.distanceFilterRange.check(distanceFilter)
        try Self.intervalRange.check(interval)
    }

    func run() async throws {
        guard let endpoint = try serverOptions.endpoint() else { throw ExitCode.validationFailure }
        var configuration = LocationConfiguration()
        if raw { configuration.fusion = .off }
        let (manager, sourceName) = try source.manager(configuration: configuration)
        let log = VehicleLog(vehicleID: id, server: endpoint.baseURL, source: sourceName)
        let reporter = PositionReporter(
            client: RideServiceClient(endpoint: endpoint), backoff: { ReconnectBackoff().delay(forAttempt: $0) },
            handler: { log.handle($0) })
        let schedule = ReportSchedule(
            distanceFilter: distanceFilter, maximumInterval: Duration(checkedSeconds: interval) ?? .seconds(5))
        let vehicleID = id
        let replaying = source.trace != nil
        let reporting = Task {
            var schedule = schedule
            var unreadable = false  // or the last position undelivered: status 1
            var warnings = 0
            let events = manager.events()
            manager.startUpdatingLocation()
            for await event in events {
                switch event {
                case .location(let location):
                    log.located()
                    guard schedule.shouldReport(location.coordinate, at: location.timestamp) else { break }
                    var report = PositionReport(
                        vehicleID: vehicleID, coordinate: location.coordinate,
                        horizontalAccuracy: location.horizontalAccuracy, speed: location.speed,
                        course: location.course, timestamp: location.timestamp)
                    // A replayed trace's times are in the past: the service stamps its positions.
                    report.sendsTimestamp = !replaying
                    reporter.submit(report)
                case .sourceState(let state): log.source(state)
                case .warning(let text):
                    // A receiver clock fault, a report gpsd could not parse: the first few, as track and guide.
                    warnings += 1
                    if warnings <= 5 { Diagnostics.warning(text) }
                case .error(let error):
                    if case .traceUnreadable = error {
                        Diagnostics.error("\(error)")
                        unreadable = true
                    }
                default: break
                }
                if Task.isCancelled || log.mustStop || StandardOutput.hasFailed { break }
            }
            manager.stopUpdatingLocation()
            if !Task.isCancelled, !log.mustStop {
                if !(await reporter.finish(within: .seconds(30))) {
                    Diagnostics.error("the last position could not be sent within 30 s; giving up")
                    unreadable = true
                }
            } else {
                reporter.cancel()
            }
            return unreadable
        }
        let unreadable = await SignalCancellation.value(of: reporting)
        reporter.cancel()
        log.summary()
        if log.mustStop || unreadable { throw ExitCode.failure }
    }
}
