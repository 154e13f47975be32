import Dispatch
import Glibc

/// SIGWINCH, the signal a terminal sends when its window changes size, as calls of a handler on a
/// queue of its own, so that `lodestar guide` can read the width again and redraw its status line.
enum TerminalResize {
    /// Calls `handler` each time the window changes size, until the returned source is cancelled.
    /// SIGWINCH's default action is to be ignored; it is set so explicitly, and the dispatch source
    /// receives it.
    static func watch(_ handler: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
        return source
    }
}
