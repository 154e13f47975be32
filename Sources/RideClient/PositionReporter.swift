import NIOHTTP1

/// Sends a vehicle's positions to the ride service, one at a time, in the background, and keeps
/// going through outages.
///
/// ``submit(_:)`` never waits and never grows memory: while a report is on its way, or the
/// service is away, only the latest position waits (`LatestPosition`); older ones are counted
/// as superseded. A transient failure (no answer, 5xx, 429) is retried after `backoff(attempt)`
/// with the newest position; the handler hears of an outage once, when it starts
/// (``Event/lost(_:)``), and once when it ends (``Event/restored(after:superseded:)``). A refusal
/// (401, 403, 404, 400...) is ``Event/rejected(_:_:)``, and that report is dropped.
public final class PositionReporter: Sendable {
    /// What happened to the reports, for the caller to say.
    public enum Event: Sendable {
        /// The first report reached the service.
        case connected
        /// A report was accepted.
        case delivered(PositionReport)
        /// The service stopped answering (once per outage); reports keep only the latest.
        case lost(RideServiceError)
        /// The service answered again after `attempts` failed attempts; `superseded` positions
        /// were replaced by newer ones while it was away.
        case restored(after: Int, superseded: Int)
        /// The service refused a report (not retried).
        case rejected(PositionReport, RideServiceError)
    }

    private let client: RideServiceClient
    private let latest = LatestPosition()
    private let sender: Task<Void, Never>

    /// Starts the sender.
    /// - Parameters:
    ///   - client: the service, with the vehicle's token.
    ///   - backoff: the wait before retry `attempt` (1, 2, ...), such as GPSD's `ReconnectBackoff`.
    ///   - handler: called on the sender's task for every ``Event``, in order.
    public init(
        client: RideServiceClient, backoff: @escaping @Sendable (Int) -> Duration,
        handler: @escaping @Sendable (Event) -> Void
    ) {
        self.client = client
        let latest = self.latest
        sender = Task {
            var connected = false
            while let first = await latest.next() {
                var report = first
                var failures = 0
                while true {
                    let outcome = await Self.send(report, with: client)
                    switch outcome {
                    case .success:
                        if !connected { handler(.connected) }
                        connected = true
                        if failures > 0 { handler(.restored(after: failures, superseded: latest.takeSuperseded())) }
                        handler(.delivered(report))
                    case .failure(let error) where error.isTransient:
                        failures += 1
                        if failures == 1 { handler(.lost(error)) }
                        do {
                            try await Task.sleep(for: backoff(failures))
                        } catch {
                            return
                        }
                        report = latest.take() ?? report
                        continue
                    case .failure(let error):
                        if failures > 0 { handler(.restored(after: failures, superseded: latest.takeSuperseded())) }
                        handler(.rejected(report, error))
                    }
                    break
                }
            }
        }
    }

    /// Hands over the vehicle's newest position; returns at once.
    public func submit(_ report: PositionReport) {
        latest.put(report)
    }

    /// Sends what waits, then stops; returns when it has been sent or refused, or after `limit`
    /// (the service away), when the sender is stopped and what waits is dropped. Cancelling the
    /// calling task stops the sender at once.
    /// - Returns: false when `limit` ran out first.
    @discardableResult
    public func finish(within limit: Duration = .seconds(30)) async -> Bool {
        latest.finish()
        let sender = self.sender
        let sent = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await sender.value
                } onCancel: {
                    sender.cancel()
                }
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        sender.cancel()
        return sent
    }

    /// Stops at once, dropping what waits.
    public func cancel() {
        sender.cancel()
    }

    private static func send(_ report: PositionReport, with client: RideServiceClient) async -> Result<Void, RideServiceError> {
        do {
            _ = try await client.reportLocation(report)
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
