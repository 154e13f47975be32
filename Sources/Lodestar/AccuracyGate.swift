/// The desiredAccuracy rule: a location whose horizontal accuracy is worse than the desired
/// accuracy is withheld.
///
/// Pure and stateless. A fix of unknown accuracy cannot show that it meets a numeric limit, so it is
/// withheld too; ``DesiredAccuracy/best`` and ``DesiredAccuracy/bestForNavigation`` accept it.
package struct AccuracyGate: Sendable, Equatable {
    /// The rule.
    package var desiredAccuracy: DesiredAccuracy

    package init(desiredAccuracy: DesiredAccuracy) {
        self.desiredAccuracy = desiredAccuracy
    }

    /// nil when a location of this accuracy may be delivered, else the reason it is withheld.
    /// - Parameter horizontalAccuracy: 68% radius, metres; nil when unknown.
    /// - Complexity: O(1).
    @inlinable
    package func check(horizontalAccuracy: Double?) -> WithholdReason? {
        guard let limit = desiredAccuracy.limit else { return nil }
        if let accuracy = horizontalAccuracy, accuracy <= limit { return nil }
        return .insufficientAccuracy(accuracy: horizontalAccuracy, required: limit)
    }
}
