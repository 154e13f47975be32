/// Confirm and handle for async code: the store is read and written through its async methods
/// (GRDB's async read and write), so no SQLite call blocks the cooperative pool. The semantics
/// are the synchronous methods'; a task cancelled before the commit books nothing and gets
/// ``RideStoreError/cancelled(path:)``.
extension RideRequestHandler {
    /// See ``confirm(_:)``.
    public func confirm(_ request: RideRequest) async throws(RideStoreError) -> RequestRideIntentResponse {
        let date = service.now
        switch service.check(request, at: date) {
        case .refused(let response):
            return response
        case .accepted(let checked):
            try await service.sync()
            return quote(request, checked, at: date)
        }
    }

    /// See ``handle(_:)``.
    public func handle(_ request: RideRequest) async throws(RideStoreError) -> RequestRideIntentResponse {
        switch RideBookingAttempt.vet(request, service: service) {
        case .refused(let response): return response
        case .accepted(let attempt): return attempt.settle(try await service.store.transaction { tx in try attempt.book(tx) })
        }
    }
}
