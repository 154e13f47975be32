import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A real PostgreSQL 15 server with PostGIS 3 (Debian's `postgresql` and
/// `postgresql-15-postgis-3`, which `make deps` installs) for the tests of the PostgreSQL ride
/// store: `initdb` into a temporary directory, `postgres` on a free loopback port with its socket
/// in that directory, stopped by pid.
///
/// ```swift
/// let server = try await PostgresServer.shared()
/// let url = try await server.createDatabase()   // postgres://postgres@127.0.0.1:PORT/lodestar_…
/// ```
///
/// - One server per test process (``shared()``, started on first use), stopped when the process
///   exits (SIGINT to the postmaster's pid: PostgreSQL's fast shutdown, then a wait for it to
///   end) and its directory removed. ``start()`` and ``stop()`` make one of a test's own.
/// - As root, `initdb` and `postgres` run as the `postgres` system user (`runuser -u postgres
///   --`; PostgreSQL refuses to run as root), which owns the directory; otherwise as the user.
/// - Trust authentication on 127.0.0.1 only; `fsync`, `synchronous_commit` and `full_page_writes`
///   off, `wal_level` minimal (a test server: its data is thrown away).
/// - Each test gets a database of its own (``createDatabase()``), a file copy of a template that
///   already has the PostGIS extension, so that no test sees another's rows.
/// - Measured on the project's 2-core machine: the server starts in 3.6–6 s (`initdb` 2.6–3.9 s,
///   the postmaster ready in 0.1–0.2 s, the PostGIS template 0.9–2.1 s); a database takes
///   0.4–0.8 s; stopping, 0.06–0.17 s.
public final class PostgresServer: Sendable {
    /// Where Debian installs PostgreSQL 15's programs.
    public static let binaries = "/usr/lib/postgresql/15/bin"
    /// The port on 127.0.0.1.
    public let port: UInt16
    /// The data directory (and the socket's directory), under the system's temporary directory.
    public let directory: String
    /// The postmaster's process id (from `postmaster.pid`).
    public let pid: pid_t
    /// How long starting took: `initdb`, the server up and accepting, the PostGIS template.
    public let startup: Duration
    private let launcher: ChildProcess
    private let stopped = Atomic<Bool>(false)
    private let databases = Atomic<Int>(0)

    private static let instance = Mutex<Task<PostgresServer, any Error>?>(nil)
    /// The shared server's postmaster and directory, for the exit handler.
    private static let exitState = Mutex<(pid: pid_t, directory: String)?>(nil)

    /// The server this test process shares, started on the first call.
    public static func shared() async throws -> PostgresServer {
        let task = instance.withLock { task in
            if let task { return task }
            let started = Task { try await PostgresServer.start() }
            task = started
            return started
        }
        let server = try await task.value
        let first = exitState.withLock { state in
            defer { state = (server.pid, server.directory) }
            return state == nil
        }
        if first { atexit { PostgresServer.stopAtExit() } }
        return server
    }

    /// Starts a server of its own: `initdb`, `postgres`, the PostGIS template.
    /// - Throws: ``SpawnError`` when a program cannot be run or the server does not come up
    ///   within 60 s (its log is in the message).
    public static func start() async throws -> PostgresServer {
        let began = ContinuousClock.now
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-pg-\(UUID().uuidString)").path
        let data = directory + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot {
            try await run("/usr/bin/chown", ["-R", "postgres:postgres", directory], in: directory, name: "chown")
        }
        try await run(
            binaries + "/initdb",
            ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
            in: directory, name: "initdb", asPostgres: asRoot)
        let port = try Sandbox.freeLoopbackPort()
        let launcher = try spawn(
            binaries + "/postgres",
            [
                "-D", data, "-k", directory, "-p", String(port), "-h", "127.0.0.1", "-c", "max_connections=200",
                "-c", "shared_buffers=32MB", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                "-c", "wal_level=minimal", "-c", "max_wal_senders=0",
                // Statement statistics, for the tests that show which queries a server runs.
                "-c", "shared_preload_libraries=pg_stat_statements",
            ],
            in: directory, name: "postgres", asPostgres: asRoot)
        // postmaster.pid's eighth line is "ready" once the server accepts connections.
        var postmaster: pid_t?
        let up = await waitUntil(upTo: .seconds(60), poll: .milliseconds(25)) {
            guard let text = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8) else { return false }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count >= 8, lines[7].hasPrefix("ready") else { return false }
            postmaster = pid_t(lines[0].trimmingCharacters(in: .whitespaces))
            return postmaster != nil
        }
        guard up, let postmaster else {
            launcher.stop()
            let log = (try? String(contentsOfFile: directory + "/postgres.err", encoding: .utf8)) ?? ""
            throw SpawnError(command: "postgres", reason: "not ready within 60 s: \(log.suffix(2_000))")
        }
        do {
            try await psql("CREATE DATABASE lodestar_template", port: port, directory: directory)
            try await psql("CREATE EXTENSION postgis", database: "lodestar_template", port: port, directory: directory)
        } catch {
            terminate(postmaster)
            throw error
        }
        return PostgresServer(
            port: port, directory: directory, pid: postmaster, startup: ContinuousClock.now - began, launcher: launcher)
    }

    private init(port: UInt16, directory: String, pid: pid_t, startup: Duration, launcher: ChildProcess) {
        self.port = port
        self.directory = directory
        self.pid = pid
        self.startup = startup
        self.launcher = launcher
    }

    /// The URL of a database on this server.
    public func url(database: String) -> String { "postgres://postgres@127.0.0.1:\(port)/\(database)" }

    /// A new, empty database with the PostGIS extension (no Lodestar tables), and its URL.
    public func createDatabase() async throws -> String {
        let name = "lodestar_\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
        try await psql("CREATE DATABASE \(name) TEMPLATE lodestar_template STRATEGY FILE_COPY")
        return url(database: name)
    }

    /// Runs one SQL command with `psql` as the `postgres` user.
    /// - Throws: ``SpawnError`` with psql's message when it fails.
    public func psql(_ sql: String, database: String = "postgres") async throws {
        try await Self.psql(sql, database: database, port: port, directory: directory)
    }

    /// The first column of the first row `sql` returns, as psql prints it unaligned (`-At`);
    /// empty for no row.
    public func value(_ sql: String, database: String) async throws -> String {
        let name = "psql-\(databases.add(1, ordering: .relaxed).newValue)"
        try await Self.run(
            Self.binaries + "/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d",
                database,
                "-c", sql,
            ],
            in: directory, name: name, asPostgres: false)
        defer {
            try? FileManager.default.removeItem(atPath: "\(directory)/\(name).out")
            try? FileManager.default.removeItem(atPath: "\(directory)/\(name).err")
        }
        let text = try String(contentsOfFile: "\(directory)/\(name).out", encoding: .utf8)
        return String(text.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespaces)
    }

    private static func psql(_ sql: String, database: String = "postgres", port: UInt16, directory: String) async throws {
        try await run(
            binaries + "/psql",
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", database,
                "-c", sql,
            ],
            in: directory, name: "psql", asPostgres: false)
    }

    /// Stops the server: SIGINT to the postmaster (fast shutdown: open sessions are ended), up to
    /// 30 s for it to exit, then SIGKILL; removes the directory. Only the first call acts.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        Self.terminate(pid)
        _ = launcher.waitForExit(timeout: .seconds(5))
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static func stopAtExit() {
        guard let (pid, directory) = exitState.withLock({ $0 }) else { return }
        terminate(pid)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// SIGINT, then SIGKILL when the process is still there after 30 s.
    private static func terminate(_ pid: pid_t) {
        guard pid > 0 else { return }
        kill(pid, SIGINT)
        if !blockUntil(upTo: .seconds(30), poll: .milliseconds(10), { kill(pid, 0) != 0 }) { kill(pid, SIGKILL) }
    }

    /// `path ARGUMENTS` as the postgres user when `asPostgres`, output in `DIRECTORY/NAME.out|err`.
    private static func spawn(
        _ path: String, _ arguments: [String], in directory: String, name: String, asPostgres: Bool
    ) throws -> ChildProcess {
        let environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C", "LC_ALL": "C"]
        let (program, argv) = asPostgres ? ("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments) : (path, arguments)
        return try ChildProcess(
            program, argv, environment: environment, stdout: "\(directory)/\(name).out", stderr: "\(directory)/\(name).err")
    }

    /// Runs a program to its end (at most 120 s).
    /// - Throws: ``SpawnError`` with its standard error when it fails.
    private static func run(
        _ path: String, _ arguments: [String], in directory: String, name: String, asPostgres: Bool = false
    ) async throws {
        let child = try spawn(path, arguments, in: directory, name: name, asPostgres: asPostgres)
        let status = await child.exited(within: .seconds(120))
        guard let status, status == 0 else {
            if status == nil { child.stop() }
            let log = (try? String(contentsOfFile: "\(directory)/\(name).err", encoding: .utf8)) ?? ""
            throw SpawnError(
                command: child.command, reason: "status \(status.map(String.init) ?? "timeout"): \(log.suffix(2_000))")
        }
    }
}
