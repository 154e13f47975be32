import Foundation
import Lodestar
import LodestarInternals

/// The rider's current location as the location manager last delivered it, and the moment its
/// age is measured at.
///
/// For a live source the reference date is the wall clock; for a replayed trace it is the trace's
/// own time (the newest location's timestamp), as the location manager measures fix age on replays.
public struct CurrentLocation: Sendable, Equatable {
    /// The last location delivered; nil when the manager delivered none.
    public var location: Location?
    /// The moment the location's age is measured at.
    public var referenceDate: Date

    public init(location: Location?, referenceDate: Date) {
        self.location = location
        self.referenceDate = referenceDate
    }

    /// No location known.
    public static func unknown(at date: Date) -> CurrentLocation { CurrentLocation(location: nil, referenceDate: date) }

    /// The location's age at ``referenceDate``, seconds; nil without a location.
    public var age: Double? { location.map { referenceDate.timeIntervalSince($0.timestamp) } }

    /// Replays a manager's source to its end (a trace on the virtual clock) and takes the last
    /// location it delivered; the reference date is that location's timestamp (trace time).
    public static func lastLocation(replaying manager: LocationManager) async -> CurrentLocation {
        let events = manager.eventBatches()
        manager.startUpdatingLocation()
        var last: Location?
        for await batch in events {
            for case .location(let location) in batch { last = location }
        }
        manager.stopUpdatingLocation()
        return CurrentLocation(location: last, referenceDate: last?.timestamp ?? Date(timeIntervalSince1970: 0))
    }

    /// Asks a live manager for one location (`LocationManager/requestLocation(timeout:)`). No
    /// location within `timeout` gives an unknown location.
    ///
    /// The age of a live location is how long ago it was received, on the monotonic clock, when
    /// the location has a receive time (gpsd's do); the reference date is its timestamp plus that
    /// age. So a receiver whose clock is wrong (or gpsfake replaying an old log) is judged by when
    /// its fix arrived. Without a receive time, the reference date is the wall clock.
    public static func requesting(from manager: LocationManager, timeout: Duration = .seconds(30)) async -> CurrentLocation {
        do throws(LocationError) {
            let location = try await manager.requestLocation(timeout: timeout)
            guard let received = location.monotonicTime else { return CurrentLocation(location: location, referenceDate: Date()) }
            let seconds = (MonotonicClock.now() - received).seconds
            return CurrentLocation(location: location, referenceDate: location.timestamp.addingTimeInterval(max(0, seconds)))
        } catch {
            return .unknown(at: Date())
        }
    }
}
