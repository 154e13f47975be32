import Foundation
import Geodesy
import Lodestar

/// Resolves pickup and drop-off placemarks: from the current location, from coordinates, or by
/// name against a ``Gazetteer``.
///
/// - No pickup given: the current location, if at most ``maximumLocationAge`` seconds old and its
///   68% accuracy is at most ``maximumAccuracy`` metres, is proposed as
///   ``Resolution/confirmationRequired(_:)``, snapped to the nearest designated pickup point within
///   ``snapRadius`` metres if there is one; otherwise ``Resolution/needsValue``.
/// - A placemark with a coordinate: ``Resolution/success(_:)``.
/// - A placemark with only a name, looked up in the gazetteer: no match → unsupported; exactly one
///   exact match → success; several exact matches → disambiguation; otherwise one inexact match →
///   confirmationRequired, several → disambiguation. Choices are ordered by distance from the
///   current location (by name when it is unknown).
public struct PlaceResolver: Sendable {
    /// The named places.
    public var gazetteer: Gazetteer
    /// Designated pickup points the current location snaps to.
    public var pickupPoints: [Placemark]
    /// Oldest usable current location, seconds. Default 60.
    public var maximumLocationAge: Double
    /// Worst usable 68% horizontal accuracy of the current location, metres. Default 100.
    public var maximumAccuracy: Double
    /// Farthest designated pickup point a current location snaps to, metres. Default 200.
    public var snapRadius: Double

    public init(
        gazetteer: Gazetteer = .empty, pickupPoints: [Placemark]? = nil, maximumLocationAge: Double = 60,
        maximumAccuracy: Double = 100, snapRadius: Double = 200
    ) {
        self.gazetteer = gazetteer
        self.pickupPoints = pickupPoints ?? gazetteer.pickupPoints.map(\.placemark)
        self.maximumLocationAge = maximumLocationAge
        self.maximumAccuracy = maximumAccuracy
        self.snapRadius = snapRadius
    }

    /// Whether the current location can be proposed as the pickup.
    public func assess(_ current: CurrentLocation) -> CurrentPlace {
        guard let location = current.location, let age = current.age else { return .none }
        guard age <= maximumLocationAge else { return .stale(location, age: age, limit: maximumLocationAge) }
        guard let accuracy = location.horizontalAccuracy, accuracy <= maximumAccuracy else {
            return .inaccurate(location, accuracy: location.horizontalAccuracy, limit: maximumAccuracy)
        }
        var nearest: (Placemark, Double)?
        for point in pickupPoints {
            guard let c = point.coordinate else { continue }
            let d = location.distance(from: c)
            if d <= snapRadius, d < (nearest?.1 ?? .infinity) { nearest = (point, d) }
        }
        if let (point, distance) = nearest { return .usable(location, placemark: point, snapDistance: distance) }
        return .usable(
            location, placemark: Placemark(name: "Current location", coordinate: location.coordinate), snapDistance: nil)
    }

    /// Resolves the pickup.
    public func resolvePickup(_ pickup: Placemark?, current: CurrentLocation) -> Resolution<Placemark> {
        guard let pickup else {
            if case .usable(_, let placemark, _) = assess(current) { return .confirmationRequired(placemark) }
            return .needsValue
        }
        return resolve(pickup, current: current)
    }

    /// Resolves the drop-off: nil → ``Resolution/notRequired``, otherwise as a pickup given.
    public func resolveDropOff(_ dropOff: Placemark?, current: CurrentLocation) -> Resolution<Placemark> {
        guard let dropOff else { return .notRequired }
        return resolve(dropOff, current: current)
    }

    private func resolve(_ placemark: Placemark, current: CurrentLocation) -> Resolution<Placemark> {
        if placemark.coordinate != nil { return .success(placemark) }
        guard let name = placemark.name, !name.trimmingCharacters(in: .whitespaces).isEmpty else { return .needsValue }
        let (exact, inexact) = gazetteer.matches(for: name)
        switch (exact.count, inexact.count) {
        case (1, _): return .success(exact[0].placemark)
        case (2..., _): return .disambiguation(ordered(exact, from: current))
        case (0, 0): return .unsupported(.noPlaceNamed(name))
        case (0, 1): return .confirmationRequired(inexact[0].placemark)
        default: return .disambiguation(ordered(inexact, from: current))
        }
    }

    private func ordered(_ places: [GazetteerPlace], from current: CurrentLocation) -> [Placemark] {
        guard let here = current.location else {
            return places.sorted { $0.name < $1.name }.map(\.placemark)
        }
        return places.map { ($0, here.distance(from: $0.coordinate)) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.name < $1.0.name }
            .map(\.0.placemark)
    }
}
