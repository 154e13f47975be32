import RideBooking

extension RidePrincipal {
    /// The rider's name, for a rider.
    var riderName: String? {
        if case .rider(let name) = self { return name }
        return nil
    }

    /// `rider`, `vehicle` or `operator`.
    var roleName: String { kind }
}
