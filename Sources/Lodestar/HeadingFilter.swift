import Geodesy

/// The headingFilter rule: a heading is delivered only when it differs by at least `degrees` from
/// the last delivered heading, measured on the circle (359° → 1° is 2°, not 358°).
package struct HeadingFilter: Sendable, Equatable {
    /// Minimum change, degrees in (0, 180]; nil delivers every heading. CoreLocation's default is 1°.
    package var degrees: Double?

    /// - Parameter degrees: minimum change in degrees; nil for none. Default 1°.
    package init(degrees: Double? = 1) {
        self.degrees = degrees
    }

    /// Whether `heading` differs enough from `lastDelivered` to be delivered. Both in degrees, any
    /// finite value; the first heading (no `lastDelivered`) is always delivered.
    /// - Complexity: O(1).
    @inlinable
    package func admits(_ heading: Double, lastDelivered: Double?) -> Bool {
        guard let filter = degrees, let last = lastDelivered else { return true }
        return abs(Angle.difference(from: last, to: heading)) >= filter
    }
}
