import Foundation

/// A task executor on threads of its own, for a server run inside the test process: a server in
/// production is a process with its own threads, while in the test process the cooperative pool
/// (one thread per core, two here) is shared with every test running at the same time, and a
/// few CPU-bound synchronous tests (ensembles, reference vectors) hold it for seconds. Run under
/// `withTaskExecutorPreference(ServerExecutor.shared)`, a server's tasks and their child tasks
/// (connections, streams, change feeds) run here, scheduled by the kernel beside the tests as
/// another process's would be.
public final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor the in-process servers share: four threads, mostly waiting on I/O.
    public static let shared = ServerExecutor(threads: 4)

    /// Guards `jobs`; the threads wait on it for work.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    /// - Parameter threads: how many threads run jobs, 1...64; they live as long as the process.
    public init(threads: Int) {
        for index in 0..<max(1, min(threads, 64)) {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "lodestar-test-server-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs in the order they came, for ever.
    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                // Drained: start the queue again rather than let it grow.
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
