import Logging
import ServiceLifecycle
import UnixSignals

/// `SIGUSR1`: logs one `status` line (open event streams, requests answered, seconds up) and
/// goes on serving; the signal's default action, ending the process, never happens. Ends with
/// the server's graceful shutdown.
struct StatusSignalService: Service {
    /// SIGUSR1, trapped before the server starts (see ``RideHTTPService/run(services:gracefulShutdownSignals:onBound:)``).
    let signals: UnixSignalsSequence
    let metrics: ServerMetrics
    let logger: Logger
    let started = ContinuousClock.now

    func run() async throws {
        await cancelWhenGracefulShutdown {
            for await _ in signals {
                let up = ContinuousClock.now - started
                logger.info(
                    "status",
                    metadata: [
                        "signal": "SIGUSR1", "streams": "\(metrics.openStreams)", "requests": "\(metrics.requestsAnswered)",
                        "uptime_s": "\(up.components.seconds)",
                    ])
            }
        }
    }
}
