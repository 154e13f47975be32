/// One Server-Sent Event (the WHATWG HTML standard, "Server-sent events"): its type, its data
/// (the `data:` lines joined by `\n`) and its last event identifier.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field; `message` when the event has none.
    public var event: String
    /// The data, its lines joined with `\n`.
    public var data: String
    /// The `id:` field, when one was given.
    public var id: String?

    public init(event: String = "message", data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}
