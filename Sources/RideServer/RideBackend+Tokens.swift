import RideBooking

extension RideBackend {
    /// The principal of a bearer token as presented, by its SHA-256 (``RideToken/hash(_:)``: the
    /// store keeps and looks up only hashes, and the token itself is not kept); nil for a token
    /// the store does not know.
    public func principal(token: String) async throws(RideStoreError) -> RidePrincipal? {
        try await principal(tokenHash: RideToken.hash(token))
    }
}
