import Dispatch
import Synchronization

/// Runs `body` on a task and waits for its exit status on this thread: how the executable's
/// top-level code (synchronous, for the storage tests' SIGKILL runs) runs its async subcommands.
func blocking(_ body: @escaping @Sendable () async -> Int32) -> Int32 {
    let status = Mutex<Int32>(1)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result = await body()
        status.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return status.withLock { $0 }
}
