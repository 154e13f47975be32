import Testing

@testable import RideClient

@Suite("Server-Sent Events parsing (WHATWG HTML, server-sent events)")
struct ServerSentEventParserTests {
    @Test("the standard's examples: fields, comments, multi-line data, the space after the colon")
    func standardExamples() throws {
        var parser = ServerSentEventParser()
        let text =
            ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\nevent: phase\ndata: YHOO\ndata: +2\ndata: 10\n\n"
        let events = try parser.feed(Array(text.utf8))
        #expect(
            events == [
                ServerSentEvent(data: "first event", id: "1"),
                ServerSentEvent(data: "second event", id: ""),
                ServerSentEvent(data: " third event", id: ""),
                ServerSentEvent(event: "phase", data: "YHOO\n+2\n10", id: ""),
            ])
    }

    @Test("CR LF and lone CR end lines; an event split across chunks at any byte comes out whole")
    func chunking() throws {
        let text = Array(
            "event: status\r\ndata: {\"phase\":\"pickup\"}\r\n\r\nevent: status\rdata: {\"phase\":\"ongoing\"}\r\r".utf8)
        for cut in 0...text.count {
            var parser = ServerSentEventParser()
            let events = try parser.feed(text[..<cut]) + parser.feed(text[cut...])
            #expect(
                events == [
                    ServerSentEvent(event: "status", data: "{\"phase\":\"pickup\"}"),
                    ServerSentEvent(event: "status", data: "{\"phase\":\"ongoing\"}"),
                ], "cut at \(cut)")
        }
    }

    @Test("a line with no end over 64 KiB is an error, not memory")
    func boundedLine() throws {
        var parser = ServerSentEventParser()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
        var thrown: RideServiceError?
        for _ in 0..<20 {
            do {
                _ = try parser.feed(chunk)
            } catch {
                thrown = error
                break
            }
        }
        #expect(thrown == .badResponse("an event-stream line over 65536 bytes"))
    }

    @Test("an event whose data lines add up to over 64 KiB is an error")
    func boundedEvent() throws {
        var parser = ServerSentEventParser()
        let line = Array(("data: " + String(repeating: "b", count: 1000) + "\n").utf8)
        #expect(throws: RideServiceError.badResponse("an event over 65536 bytes")) {
            for _ in 0..<70 { _ = try parser.feed(line) }
        }
    }
}
