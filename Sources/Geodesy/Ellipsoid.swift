import CGeographicLib

/// GeographicLib's solver for one ellipsoid of revolution: its series coefficients, computed once
/// when the ``Geodesic`` is made and freed with the last copy of it.
///
/// Immutable after `init`; GeographicLib's solvers only read it, so one instance serves every task
/// at once.
@usableFromInline
final class Ellipsoid: @unchecked Sendable {
    /// The C++ `GeographicLib::Geodesic`, never NULL.
    @usableFromInline let solver: OpaquePointer

    /// - Parameters:
    ///   - equatorialRadius: a, in metres; positive and finite (``Geodesic`` checks it).
    ///   - flattening: f; finite and below 1 (``Geodesic`` checks it).
    init(equatorialRadius a: Double, flattening f: Double) {
        // With a and f checked, GeographicLib refuses nothing; only an exhausted heap returns NULL,
        // where Swift's own allocations would have stopped the process already.
        guard let made = lodestar_ellipsoid_create(a, f) else {
            fatalError("GeographicLib could not allocate an ellipsoid (a = \(a) m, f = \(f))")
        }
        solver = made
    }

    deinit { lodestar_ellipsoid_destroy(solver) }
}
