import Foundation
import Logging
import RideServer
import Testing

/// `lodestar serve`'s log lines (issue 24): swift-log's `StreamLogHandler` layout, written in
/// one piece.
@Suite("The serve command's log lines")
struct ServeLogHandlerTests {
    @Test("a line: UTC time, level, label, the metadata in key order (the message's winning), source, message")
    func layout() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-log-\(UUID().uuidString)").path
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        var logger = Logger(label: "lodestar.serve", factory: { ServeLogHandler(label: $0, descriptor: descriptor) })
        logger[metadataKey: "hb.request.id"] = "7"
        logger[metadataKey: "route"] = "/old"
        logger.info("request", metadata: ["status": "200", "route": "/rides/:rideIdentifier", "client": "127.0.0.1:5"])
        logger.debug("not written at info")
        logger.warning("no metadata of its own")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3 && lines[2].isEmpty)
        let time = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /#
        #expect(lines[0].prefixMatch(of: time) != nil, "\(lines[0])")
        #expect(
            lines[0].drop { $0 != " " }
                == " info lodestar.serve : client=127.0.0.1:5 hb.request.id=7 route=/rides/:rideIdentifier status=200 [RideServerTests] request"
        )
        #expect(
            lines[1].drop { $0 != " " }
                == " warning lodestar.serve : hb.request.id=7 route=/old [RideServerTests] no metadata of its own")
    }
}
