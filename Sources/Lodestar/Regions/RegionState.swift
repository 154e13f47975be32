/// Where a location stands with respect to a region, as ``RegionEngine`` decides it.
public enum RegionState: String, Sendable, Equatable, Codable {
    /// Not decided yet: no location has been precise enough, or the region was just added.
    case unknown
    /// The location's 68% circle lay wholly inside the region when last decided.
    case inside
    /// The location's 68% circle lay wholly outside the region when last decided.
    case outside
}

/// How a ``RegionEngine`` decides a region's state from a location.
public enum RegionRule: String, Sendable, Equatable, Codable {
    /// Inside when the location's 68% circle lies wholly inside the region, outside when it lies
    /// wholly outside (plus the exit margin when leaving); in between the state holds. The default.
    case uncertainty
    /// The raw comparison: the location's point alone, its accuracy ignored (a circle of radius 0).
    /// Flaps at the edge with the receiver's noise; for comparison (`lodestar monitor --rule point`) and tests.
    case point
}
