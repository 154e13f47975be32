import Foundation
import Hummingbird

/// `RideLoad baseline --port P --body FILE`: the bare Hummingbird route that issue 24's status
/// reads are measured against, in the same run on the same machine. `GET /rides/{id}` answers
/// the file's bytes (a ride status as `lodestar serve` wrote it) as `application/json`, with no
/// token, store, middleware or logging: what Hummingbird itself gives on this machine. Runs until
/// SIGTERM or SIGINT.
enum BaselineServer {
    /// The exit status: 0 after a stop, 2 for bad arguments, 1 when the server fails.
    static func runBlocking(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, arguments[0] == "--port", let port = Int(arguments[1]), (1...65_535).contains(port),
            arguments[2] == "--body", let body = FileManager.default.contents(atPath: arguments[3]), !body.isEmpty
        else {
            FileHandle.standardError.write(Data("usage: RideLoad baseline --port 1-65535 --body FILE\n".utf8))
            return 2
        }
        return blocking {
            do {
                try await run(port: port, body: body)
                return 0
            } catch {
                FileHandle.standardError.write(Data("RideLoad baseline: \(error)\n".utf8))
                return 1
            }
        }
    }

    private static func run(port: Int, body: Data) async throws {
        let router = Router()
        let bytes = ByteBuffer(bytes: body)
        router.get("rides/:rideIdentifier") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: bytes))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
