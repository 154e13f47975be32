import Foundation
import Hummingbird
import Lodestar
import LodestarInternals
import Logging
import RideAPI
import ServiceLifecycle

/// The operator's regions: `POST /regions` (a GeoJSON FeatureCollection, as `lodestar monitor`
/// reads), `GET /regions`, `DELETE /regions/{regionIdentifier}`, and `GET /regions/events`, the
/// vehicles' crossings as Server-Sent Events. Operator tokens only (403 for riders and vehicles).
struct RegionRoutes {
    let regions: OperatorRegions
    let metrics: ServerMetrics
    /// The longest silence on the event stream (a heartbeat comment after it).
    let heartbeatInterval: Duration

    func add(to router: Router<RideRequestContext>) {
        router.post("regions") { request, context in
            try Self.operatorOnly(context, "manage regions")
            let bytes = try await RequestBodyLimit.read(request, limit: RequestBodyLimit.regionBytes)
            let count: Int
            let added: Int
            do throws(RegionError) {
                let collection = try RegionCollection(geoJSON: Data(bytes))
                added = collection.conditions.count
                count = try regions.add(collection.conditions)
            } catch {
                throw ProblemDocument.badRequest(error.description)
            }
            return try JSONResponse.make(RegionsAddedBody(added: added, regions: count))
        }
        router.get("regions") { _, context in
            try Self.operatorOnly(context, "manage regions")
            return try JSONResponse.make(RegionListBody(regions: regions.conditions.map(\.id)))
        }
        router.delete("regions/:regionIdentifier") { _, context in
            try Self.operatorOnly(context, "manage regions")
            let id = context.parameters.get("regionIdentifier") ?? ""
            guard regions.remove(id) else { throw ProblemDocument.notFound("no region \(id)") }
            return try JSONResponse.make(RegionRemovedBody(removed: id))
        }
        router.get("regions/events") { _, context in
            try Self.operatorOnly(context, "follow region events")
            guard let (stream, cancel) = regions.subscribe() else {
                throw ProblemDocument.tooManyStreams(limit: OperatorRegions.maximumSubscribers)
            }
            return response(stream, cancel: cancel, logger: context.logger)
        }
    }

    /// - Throws: 401 without a token, 403 for a rider or a vehicle.
    private static func operatorOnly(_ context: RideRequestContext, _ what: String) throws {
        let principal = try context.principal()
        guard case .operator = principal else { throw ProblemDocument.forbidden(principal, what) }
    }

    /// The event stream: `event: ready` at once (with the number of regions), then one `event:
    /// region` per crossing, `data:` its JSON object; a `: heartbeat` comment after each silence of
    /// ``heartbeatInterval``. It ends when the client goes away or the server shuts down.
    private func response(
        _ stream: AsyncStream<OperatorRegions.Crossing>, cancel: @escaping @Sendable () -> Void, logger: Logger
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let heartbeat = heartbeatInterval
        let ready = regions.conditions.count
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                metrics.streamOpened()
                defer {
                    metrics.streamClosed()
                    cancel()
                }
                var sequence = 1
                try await writer.write(ByteBuffer(string: "id: 1\nevent: ready\ndata: {\"regions\":\(ready)}\n\n"))
                do {
                    try await withGracefulShutdownHandler {
                        // The crossings and a heartbeat tick, in one loop: a tick after each silence.
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            let (ticks, tick) = AsyncStream<OperatorRegions.Crossing?>.makeStream(
                                bufferingPolicy: .bufferingNewest(1000))
                            group.addTask {
                                for await c in stream { tick.yield(c) }
                                tick.finish()
                            }
                            group.addTask {
                                while !Task.isCancelled {
                                    try await Task.sleep(for: heartbeat)
                                    tick.yield(nil)
                                }
                            }
                            for await item in ticks {
                                if let c = item {
                                    sequence += 1
                                    try await writer.write(
                                        ByteBuffer(
                                            string:
                                                "id: \(sequence)\nevent: region\ndata: \(c.event.json(vehicleIdentifier: c.vehicleIdentifier))\n\n"
                                        ))
                                } else {
                                    try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                                }
                            }
                            group.cancelAll()
                        }
                    } onGracefulShutdown: {
                        cancel()
                    }
                } catch is CancellationError {
                    // The request's task was cancelled: end the stream.
                } catch {
                    logger.debug("region event stream ended", metadata: ["error": "\(error)"])
                }
                try await writer.finish(nil)
            })
    }
}

extension ProblemDocument {
    /// 429: too many event streams are open.
    static func tooManyStreams(limit: Int) -> ProblemDocument {
        ProblemDocument(
            .tooManyRequests, kind: "too-many-streams", title: "Too many event streams",
            detail: "at most \(limit) region event streams may be open at once")
    }
}
