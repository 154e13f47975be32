import AsyncHTTPClient
import RideClient
import Synchronization

extension HTTPLoad {
    /// The servers of the run, and which have stopped answering: a request goes to its preferred
    /// server unless that one is down, then to the next; a server that fails to answer is marked
    /// down (and the request retried on the next), once for the whole run.
    final class Servers: Sendable {
        let urls: [String]
        private let down: Mutex<Set<Int>> = Mutex([])
        private let failovers = Atomic<Int>(0)

        init(urls: [String]) {
            self.urls = urls
        }

        var failoverCount: Int { failovers.load(ordering: .relaxed) }
        var downServers: [String] { down.withLock { $0.sorted().map { urls[$0] } } }

        /// Runs `body` against the preferred live server; on no answer, marks it down and retries
        /// on the next live one; any other failure goes to `failed`.
        func attempt(
            preferred: Int, http: HTTPClient, token: String, _ body: (RideServiceClient) async throws -> Void,
            failed: (String) -> Void
        ) async {
            var tried = 0
            var index = preferred % urls.count
            while tried < urls.count {
                if down.withLock({ $0.contains(index) }) {
                    index = (index + 1) % urls.count
                    tried += 1
                    continue
                }
                guard let endpoint = try? RideServiceEndpoint(url: urls[index], token: token) else {
                    return failed("bad URL \(urls[index])")
                }
                do {
                    try await body(RideServiceClient(endpoint: endpoint, httpClient: http))
                    return
                } catch RideServiceError.unreachable(let reason) {
                    let first = down.withLock { $0.insert(index).inserted }
                    if first { failovers.add(1, ordering: .relaxed) }
                    failed("\(urls[index]) unreachable: \(reason)")
                    index = (index + 1) % urls.count
                    tried += 1
                } catch {
                    return failed("\(error)")
                }
            }
        }
    }
}
