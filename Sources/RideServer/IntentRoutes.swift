import Foundation
import Geodesy
import Hummingbird
import RideAPI
import RideBooking

/// The intents' routes: resolve each parameter, confirm, handle (book), status, cancel, list
/// rides, list ride options. Each reads its body strictly, checks the token's role and calls
/// the backend; a ride that is not the rider's is answered exactly as one that does not exist.
struct IntentRoutes {
    let backend: RideService
    let metrics: ServerMetrics
    /// Recent status answers (``StatusCache``); a write here drops the ride's.
    let statuses: StatusCache

    func add(to router: Router<RideRequestContext>) {
        let resolve = router.group("rides/resolve")
        addResolve(resolve, "pickupLocation") { $0.resolvePickupLocation(for: $1, current: $2) }
        addResolve(resolve, "dropOffLocation") { $0.resolveDropOffLocation(for: $1, current: $2) }
        addResolve(resolve, "partySize") { handler, ride, _ in handler.resolvePartySize(for: ride) }
        addResolve(resolve, "rideOptionName") { handler, ride, _ in handler.resolveRideOptionName(for: ride) }
        addResolve(resolve, "paymentMethod") { handler, ride, _ in handler.resolvePaymentMethod(for: ride) }
        addResolve(resolve, "scheduledPickupTime") { handler, ride, _ in handler.resolveScheduledPickupTime(for: ride) }

        router.post("rides/confirm") { request, context in
            let principal = try Self.requireRiderOrOperator(context, "confirm a ride")
            let ride = try await rideRequest(request)
            return try JSONResponse.make(
                RequestRideBody(try await Self.store { try await backend.confirm(ride, rider: principal.riderName) }))
        }
        let idempotent = IdempotentWrite(store: backend.store, now: { backend.now })
        router.post("rides") { request, context in
            let principal = try context.principal()
            guard let rider = principal.riderName else { throw ProblemDocument.forbidden(principal, "book a ride") }
            let bytes = try await RequestBodyLimit.read(request)
            return try await idempotent.respond(request, principal: principal, bytes: bytes) {
                let ride = try rideRequest(bytes)
                let started = ContinuousClock.now
                let response = try await Self.store { try await backend.book(ride, rider: rider) }
                metrics.bookingStore(ContinuousClock.now - started)
                guard response.code == .success, let status = response.rideStatus else {
                    return try IdempotentWrite.Answer(status: .ok, encoding: RequestRideBody(response))
                }
                metrics.rideBooked()
                context.logger.info("ride booked", metadata: ["ride": "\(status.rideIdentifier)", "rider": "\(rider)"])
                return try IdempotentWrite.Answer(
                    status: .created, encoding: RequestRideBody(response), location: "/rides/\(status.rideIdentifier)")
            }
        }
        router.get("rides") { request, context in
            let principal = try Self.requireRiderOrOperator(context, "list rides")
            let query = try Self.listQuery(request)
            let rides = try await Self.store {
                try await backend.rides(rider: principal.riderName, activeOnly: query.active, limit: query.limit)
            }
            return try JSONResponse.make(RideListBody(rides))
        }
        router.get("rides/:rideIdentifier") { request, context in
            let principal = try Self.requireRiderOrOperator(context, "read or cancel rides")
            let identifier = try Self.rideIdentifier(context)
            if let kept = statuses.entry(identifier) {
                try Self.mayRead(kept.rider, principal, identifier)
                return JSONResponse.make(bytes: kept.body)
            }
            guard let (status, rider) = try await Self.store({ try await backend.ride(identifier) }) else {
                throw ProblemDocument.notFound("no ride \(identifier)")
            }
            try Self.mayRead(rider, principal, identifier)
            let body = try JSONResponse.encode(GetRideStatusBody(code: .success, rideStatus: status))
            statuses.store(identifier, body: body, rider: rider)
            return JSONResponse.make(bytes: body)
        }
        router.post("rides/:rideIdentifier/cancel") { request, context in
            let principal = try context.principal()
            let bytes = try await RequestBodyLimit.read(request)
            return try await idempotent.respond(request, principal: principal, bytes: bytes) {
                let status = try await ownRide(context)
                let response = try await Self.store { try await backend.cancel(status.rideIdentifier) }
                statuses.evict([status.rideIdentifier])
                return try IdempotentWrite.Answer(status: .ok, encoding: CancelRideBody(response))
            }
        }
        router.get("ride-options") { request, context in
            try Self.requireRiderOrOperator(context, "list ride options")
            let pickup = try Self.pickupQuery(request)
            return try JSONResponse.make(ListRideOptionsBody(try await Self.store { try await backend.options(pickup: pickup) }))
        }
    }

    // MARK: Helpers

    /// A resolve step, `POST /rides/resolve/{parameter}`: reads the body's ride and current
    /// location, resolves the one parameter and answers its resolution.
    private func addResolve<Value: Codable & Sendable & Hashable>(
        _ group: RouterGroup<RideRequestContext>, _ parameter: String,
        resolve: @escaping @Sendable (RideRequestResolver, RideRequest, CurrentLocation) -> Resolution<Value>
    ) {
        group.post(RouterPath(parameter)) { request, context in
            try Self.requireRiderOrOperator(context, "resolve a ride's parameters")
            let body = try Self.decode(ResolveRequestBody.self, try await RequestBodyLimit.read(request))
            let resolution = resolve(backend.resolver, body.request.rideRequest, body.current(at: backend.now))
            return try JSONResponse.make(ResolutionBody(parameter, resolution))
        }
    }

    /// A RideRequest body.
    private func rideRequest(_ request: Request) async throws -> RideRequest {
        try rideRequest(try await RequestBodyLimit.read(request))
    }

    /// A RideRequest body, read.
    private func rideRequest(_ bytes: [UInt8]) throws(ProblemDocument) -> RideRequest {
        try Self.decode(RideRequestBody.self, bytes).rideRequest
    }

    /// One of RideAPI's request bodies, read strictly.
    /// - Throws: a 400 problem document naming what is wrong.
    static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws(ProblemDocument) -> T {
        do {
            return try APICoding.decode(T.self, from: bytes)
        } catch {
            throw .badRequest(error.detail, errors: error.errors)
        }
    }

    /// The ride of the path, if the token may see it: the rider's own, or any for the operator.
    /// Someone else's ride is 404, as an unknown one.
    func ownRide(_ context: RideRequestContext) async throws -> RideStatus {
        let principal = try Self.requireRiderOrOperator(context, "read or cancel rides")
        let identifier = try Self.rideIdentifier(context)
        guard let (status, rider) = try await Self.store({ try await backend.ride(identifier) }) else {
            throw ProblemDocument.notFound("no ride \(identifier)")
        }
        try Self.mayRead(rider, principal, identifier)
        return status
    }

    /// The path's ride identifier in the store's form: a UUID in any case is the same ride, and
    /// the store keeps the upper-case form.
    /// - Throws: 404 for anything that is not a UUID.
    static func rideIdentifier(_ context: RideRequestContext) throws(ProblemDocument) -> String {
        let given = context.parameters.get("rideIdentifier") ?? ""
        guard let identifier = RideIdentifier.canonical(given) else {
            throw .notFound("no ride \(given)")
        }
        return identifier
    }

    /// Whether `principal` may see a ride of `rider`: the operator any, a rider only its own.
    /// - Throws: 404 for someone else's ride, exactly as for one that does not exist.
    static func mayRead(_ rider: String?, _ principal: RidePrincipal, _ identifier: String) throws(ProblemDocument) {
        if case .rider(let name) = principal, name != rider { throw .notFound("no ride \(identifier)") }
    }

    @discardableResult
    static func requireRiderOrOperator(_ context: RideRequestContext, _ what: String) throws(ProblemDocument) -> RidePrincipal {
        let principal = try context.principal()
        if case .vehicle = principal { throw ProblemDocument.forbidden(principal, what) }
        return principal
    }

    /// Runs a store call; a store failure is a 503 problem document.
    static func store<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let problem as ProblemDocument {
            throw problem
        } catch {
            throw ProblemDocument.storeUnavailable(cause: error)
        }
    }

    /// `?active=true|false&limit=1...1000`; any other parameter is a 400.
    static func listQuery(_ request: Request) throws(ProblemDocument) -> (active: Bool, limit: Int) {
        var active = false
        var limit = 100
        var errors: [String] = []
        for (key, value) in Self.query(request) {
            switch key {
            case "active":
                switch value {
                case "true": active = true
                case "false": active = false
                default: errors.append("active: must be true or false")
                }
            case "limit":
                if let n = Int(value), (1...1000).contains(n) {
                    limit = n
                } else {
                    errors.append("limit: must be an integer from 1 to 1000")
                }
            default: errors.append("unknown query parameter '\(key)'")
            }
        }
        guard errors.isEmpty else { throw .badRequest("the query is not valid", errors: errors) }
        return (active, limit)
    }

    /// `?latitude=&longitude=`, both or neither.
    static func pickupQuery(_ request: Request) throws(ProblemDocument) -> Coordinate? {
        var latitude: Double?
        var longitude: Double?
        var errors: [String] = []
        for (key, value) in Self.query(request) {
            switch key {
            case "latitude":
                if let x = Double(value), x.isFinite, (-90...90).contains(x) {
                    latitude = x
                } else {
                    errors.append("latitude: must be a number from -90 to 90")
                }
            case "longitude":
                if let x = Double(value), x.isFinite, (-180...180).contains(x) {
                    longitude = x
                } else {
                    errors.append("longitude: must be a number from -180 to 180")
                }
            default: errors.append("unknown query parameter '\(key)'")
            }
        }
        if errors.isEmpty, (latitude == nil) != (longitude == nil) {
            errors.append("give both latitude and longitude, or neither")
        }
        guard errors.isEmpty else { throw .badRequest("the query is not valid", errors: errors) }
        guard let latitude, let longitude else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The query's parameters, percent-decoded, in order.
    static func query(_ request: Request) -> [(String, String)] {
        request.uri.queryParameters.map { (String($0.key), String($0.value)) }
    }
}
