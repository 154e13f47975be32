import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Counts the connections open on one server against ``ConnectionLimits/maximumConnections``
/// and logs `connection limit reached` once each time the limit is met (again after the count
/// fell below it).
final class ConnectionCounter: Sendable {
    let limits: ConnectionLimits
    private let logger: Logger
    private let open = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)
    private let full = Atomic<Bool>(false)

    init(limits: ConnectionLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    /// Connections open now.
    var count: Int { open.load(ordering: .relaxed) }
    /// Connections closed at once since the server started, because the limit was met.
    var refusedCount: Int { refused.load(ordering: .relaxed) }

    /// A new connection: true when it may stay, false (counted as refused) beyond the limit.
    func opened() -> Bool {
        let now = open.add(1, ordering: .relaxed).newValue
        guard now > limits.maximumConnections else { return true }
        open.subtract(1, ordering: .relaxed)
        refused.add(1, ordering: .relaxed)
        if !full.exchange(true, ordering: .relaxed) {
            logger.warning(
                "connection limit reached",
                metadata: ["limit": "\(limits.maximumConnections)", "detail": "new connections are closed until one ends"])
        }
        return false
    }

    /// A connection that ``opened()`` let in has closed.
    func closed() {
        if open.subtract(1, ordering: .relaxed).newValue < limits.maximumConnections { full.store(false, ordering: .relaxed) }
    }
}

/// One per connection, after HTTP decoding: closes the connection beyond the connection limit,
/// without a complete request head within ``ConnectionLimits/headerTimeout`` of opening, or
/// without the end of a request's body within ``ConnectionLimits/bodyTimeout`` of its head.
/// (Hummingbird's idle timeout closes it between requests.) While a response is written, no
/// deadline runs: an event stream lives as long as it needs.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let counter: ConnectionCounter
    private var counted = false
    private var deadline: Scheduled<Void>?

    init(counter: ConnectionCounter) {
        self.counter = counter
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
        if counted {
            counted = false
            counter.closed()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(context, after: counter.limits.bodyTimeout)
        case .body: break
        case .end: cancelDeadline()
        }
        context.fireChannelRead(data)
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard !counted else { return }
        guard counter.opened() else {
            context.close(promise: nil)
            return
        }
        counted = true
        arm(context, after: counter.limits.headerTimeout)
    }

    /// Closes the connection after `delay` unless the deadline is cancelled or moved first.
    private func arm(_ context: ChannelHandlerContext, after delay: Duration) {
        cancelDeadline()
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) {
            context.close(promise: nil)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}
