import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM cancel a long-running task instead of killing the process, so a
/// command can stop its source cleanly and print its closing summary.
enum SignalCancellation {
    /// Waits for `task`, cancelling it when SIGINT or SIGTERM arrives. The signals' default
    /// actions are set to "ignore" so that the dispatch sources receive them instead.
    static func value<Success: Sendable>(of task: Task<Success, Never>) async -> Success {
        let handlers = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let handler = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            handler.setEventHandler { task.cancel() }
            handler.resume()
            return handler
        }
        let value = await task.value
        for handler in handlers { handler.cancel() }
        return value
    }
}
