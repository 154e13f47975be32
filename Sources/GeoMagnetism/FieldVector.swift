/// The magnetic field vector and its yearly rate in one local frame (spherical or geodetic),
/// nT and nT/yr.
struct FieldVector: Sendable, Equatable {
    /// X: north component, nT.
    var north: Double
    /// Y: east component, nT.
    var east: Double
    /// Z: down component, nT.
    var down: Double
    /// dX/dt, nT/yr.
    var northRate: Double
    /// dY/dt, nT/yr.
    var eastRate: Double
    /// dZ/dt, nT/yr.
    var downRate: Double
}
