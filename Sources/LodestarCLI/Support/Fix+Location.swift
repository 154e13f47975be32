import GNSS
import Lodestar

/// What the commands that print fixes (`replay --fusion`, `track --fusion`) write for a fused epoch.
extension Fix {
    /// This fix with the fused or dead-reckoned `location` in place of its position, altitude,
    /// speed, course and errors (one sigma), so the encoders write what the filter says; a
    /// dead-reckoned epoch is marked with quality dead reckoning (gpsd's `"status":5`). A raw
    /// location leaves the fix as it is.
    func written(as location: Location) -> Fix {
        guard location.kind != .raw else { return self }
        var out = self
        out.coordinate = location.coordinate
        if let altitude = location.altitude {
            out.altitudeMSL = altitude
            out.altitudeHAE = location.ellipsoidalAltitude ?? geoidSeparation.map { altitude + $0 }
        }
        out.speed = location.speed
        out.course = location.course
        var errors = ErrorEstimates()
        errors.horizontal = location.horizontalAccuracy.map { Uncertainty($0, .oneSigma) }
        errors.vertical = location.verticalAccuracy.map { Uncertainty($0, .oneSigma) }
        errors.speed = location.speedAccuracy.map { Uncertainty($0, .oneSigma) }
        errors.course = location.courseAccuracy.map { Uncertainty($0, .oneSigma) }
        out.errors = errors
        if location.kind == .deadReckoned {
            out.quality = .deadReckoning
            out.mode = location.altitude == nil ? .twoD : .threeD
        }
        return out
    }
}
