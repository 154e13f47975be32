import Foundation
import GNSS
import GeoMagnetism
import Geodesy

/// Derives a ``Heading`` from a fix, the current location and the World Magnetic Model.
///
/// In order of preference:
/// 1. A true-heading sensor (HDT, THS, gpsd ATT `heading`): ``HeadingSource/trueSensor``.
/// 2. A magnetic sensor (HDG, HDM, gpsd ATT `mheading`): ``HeadingSource/magneticPlusDeclination``.
///    True heading = magnetic heading + declination. The reading's `magneticHeading` is already
///    relative to magnetic north: the NMEA assembler adds HDG's deviation to the sensor heading
///    (and keeps the deviation only for reference), so it is not added again here.
///    The declination is the sentence's (HDG variation, else the fix's RMC magnetic variation) when
///    the receiver gives one, which needs no location; else the World Magnetic Model's at the
///    current location and the fix's date; with neither, the true heading is nil.
/// 3. Course over ground, when the speed is above ``courseThreshold`` and no sensor heading exists:
///    ``HeadingSource/courseOverGround``. Below the threshold, course gives no heading.
///
/// The WMM compass zone is attached wherever a location is known, so a magnetic heading in a
/// blackout or caution zone says so (``Heading/isCompassUnreliable``).
package struct HeadingEstimator: Sendable {
    /// Speed above which course over ground becomes a heading, metres per second (default 1).
    package var courseThreshold: Double
    private var cache = DeclinationCache()

    /// - Parameter courseThreshold: metres per second, ≥ 0; default 1 m/s.
    package init(courseThreshold: Double = 1) {
        self.courseThreshold = courseThreshold
    }

    /// How many times the magnetic model has been evaluated (the rest came from the cache).
    package var modelEvaluations: Int { cache.evaluations }

    /// The heading of `fix`, or nil when it carries none.
    /// - Parameters:
    ///   - fix: the epoch; its time stamps the heading.
    ///   - location: the current position (this fix's, else the last known), or nil.
    ///   - date: the fix's UTC time.
    /// - Complexity: O(1); the magnetic model runs only when the ~1 km cell or the UTC day changes.
    package mutating func heading(for fix: borrowing Fix, location: Coordinate?, date: Date) -> Heading? {
        withUnsafePointer(to: fix) { heading(at: $0, location: location, date: date) }
    }

    /// ``heading(for:location:date:)`` reading the fix in place, field by field.
    mutating func heading(at fix: UnsafePointer<Fix>, location: Coordinate?, date: Date) -> Heading? {
        let reading = fix.pointee.heading
        if let trueHeading = reading?.trueHeading, trueHeading.isFinite {
            let (declination, declinationSource, zone, _) = self.declination(
                given: reading?.variation ?? fix.pointee.magneticVariation, location: location, date: date)
            let magnetic =
                reading?.magneticHeading.map(Angle.normalizedBearing)
                ?? declination.map { Angle.normalizedBearing(trueHeading - $0) }
            return Heading(
                magneticHeading: magnetic, trueHeading: Angle.normalizedBearing(trueHeading),
                source: .trueSensor, declination: declination, declinationSource: declinationSource,
                compassZone: zone, timestamp: date)
        }
        if let sensor = reading?.magneticHeading, sensor.isFinite {
            let magnetic = Angle.normalizedBearing(sensor)
            let (declination, declinationSource, zone, uncertainty) = self.declination(
                given: reading?.variation ?? fix.pointee.magneticVariation, location: location, date: date)
            return Heading(
                magneticHeading: magnetic, trueHeading: declination.map { Angle.normalizedBearing(magnetic + $0) },
                headingAccuracy: uncertainty, source: .magneticPlusDeclination, declination: declination,
                declinationSource: declinationSource, compassZone: zone, timestamp: date)
        }
        if let course = fix.pointee.course, course.isFinite, let speed = fix.pointee.speed, speed > courseThreshold {
            let (declination, declinationSource, zone, _) = self.declination(
                given: fix.pointee.magneticVariation, location: location, date: date)
            return Heading(
                magneticHeading: declination.map { Angle.normalizedBearing(course - $0) },
                trueHeading: Angle.normalizedBearing(course), headingAccuracy: fix.pointee.errors.course?.oneSigma,
                source: .courseOverGround, declination: declination, declinationSource: declinationSource,
                compassZone: zone, timestamp: date)
        }
        return nil
    }

    /// The declination to use: the receiver's when given, else WMM's at the location; the zone
    /// whenever the location is known; the WMM uncertainty when WMM's declination is used.
    private mutating func declination(given: Double?, location: Coordinate?, date: Date)
        -> (Double?, DeclinationSource?, CompassZone?, Double?)
    {
        if let given, given.isFinite {
            return (given, .receiver, location.flatMap { cache.zone(at: $0, date: date) }, nil)
        }
        guard let entry = location.flatMap({ cache.lookup($0, date: date) }) else { return (nil, nil, nil, nil) }
        return (entry.declination, .worldMagneticModel, entry.zone, entry.uncertainty)
    }
}
