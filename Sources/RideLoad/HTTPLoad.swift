import AsyncHTTPClient
import Dispatch
import Foundation
import Geodesy
import LodestarInternals
import RideAPI
import RideBooking
import RideClient
import Synchronization

/// `RideLoad http ...`: the ride service under load over HTTP (scripts/ride-load.sh runs it).
///
/// Vehicles report once a second through the batched form (`POST /vehicles/locations`, an
/// operator token), spread over the servers; riders book (`POST /rides`), poll their ride's
/// status and cancel it, in a loop, each with its own rider token. When a server stops answering
/// (killed), its share moves to the next one. Every ride booked is written to the `--booked` file
/// the moment its answer arrives (`RIDE VEHICLE MILLISECONDS-SINCE-1970 SERVER`), so that a check
/// afterwards can find each one in the database. The figures go to standard output.
///
/// Usage: RideLoad http --servers URL[,URL...] --operator-token T --rider-tokens FILE
///        --vehicle-ids FILE [--riders 64] [--seconds 60] [--batch 300] [--polls 3] [--unpaced] --booked FILE
///
/// `--unpaced`: the vehicles report again as soon as a round is answered, not once a second, so
/// that the figure is the service's ceiling for the batched form; with `--riders 0`, that alone.
enum HTTPLoad {
    struct Options {
        var servers: [String] = []
        var operatorToken = ""
        var riderTokens: [String] = []
        var vehicleIDs: [String] = []
        var riders = 64
        var seconds = 60.0
        var batch = 300
        var polls = 3
        var booked = ""
        /// Whether the vehicles report again as soon as a round is answered (not once a second).
        var unpaced = false
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < arguments.count else { throw LoadError("\(arguments[i - 1]) needs a value") }
            return arguments[i]
        }
        func lines(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--servers": options.servers = try value().split(separator: ",").map(String.init)
            case "--operator-token": options.operatorToken = try value()
            case "--rider-tokens": options.riderTokens = try lines(try value())
            case "--vehicle-ids": options.vehicleIDs = try lines(try value())
            case "--riders": options.riders = try count(try value(), 0...4096, "--riders")
            case "--seconds": options.seconds = Double(try count(try value(), 1...3600, "--seconds"))
            case "--batch": options.batch = try count(try value(), 1...1000, "--batch")
            case "--polls": options.polls = try count(try value(), 0...1000, "--polls")
            case "--booked": options.booked = try value()
            case "--unpaced": options.unpaced = true
            default: throw LoadError("unknown argument \(arguments[i])")
            }
            i += 1
        }
        guard !options.servers.isEmpty, !options.booked.isEmpty, options.riderTokens.count >= options.riders else {
            throw LoadError("need --servers, --booked, and at least --riders rider tokens")
        }
        return options
    }

    static func count(_ text: String, _ range: ClosedRange<Int>, _ name: String) throws -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw LoadError("\(name) must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// ``run(_:)`` from synchronous code (main.swift's storage mode stays synchronous): the
    /// calling thread waits, the load runs on the cooperative pool.
    static func runBlocking(_ arguments: [String]) -> Int32 {
        blocking { await run(arguments) }
    }

    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("RideLoad http: \(error)\n".utf8))
            return 2
        }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 256)
        configuration.timeout = .init(connect: .seconds(2), read: .seconds(10))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        guard
            let booked = FileHandle(forWritingAtPath: options.booked)
                ?? {
                    _ = FileManager.default.createFile(atPath: options.booked, contents: nil)
                    return FileHandle(forWritingAtPath: options.booked)
                }()
        else {
            FileHandle.standardError.write(Data("RideLoad http: cannot write \(options.booked)\n".utf8))
            try? await http.shutdown()
            return 1
        }
        let servers = Servers(urls: options.servers)
        let figures = Figures()
        let started = MonotonicClock.now()
        let deadline = started + .milliseconds(Int64(options.seconds * 1000))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await reportVehicles(options, servers: servers, http: http, figures: figures, deadline: deadline)
            }
            for rider in 0..<options.riders {
                group.addTask {
                    await ride(rider, options, servers: servers, http: http, figures: figures, booked: booked, deadline: deadline)
                }
            }
        }
        try? booked.close()
        try? await http.shutdown()
        let elapsed = (MonotonicClock.now() - started).seconds
        print(figures.summary(elapsed: elapsed, servers: servers))
        return 0
    }

    /// Every vehicle once a second, in batches, `concurrency` batches in flight.
    static func reportVehicles(_ options: Options, servers: Servers, http: HTTPClient, figures: Figures, deadline: Duration) async
    {
        var random = SplitMix64(seed: 7)
        let center = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)
        var positions = options.vehicleIDs.map { _ in
            (try? Geodesic.wgs84.destination(from: center, azimuth: 360 * random.nextUnit(), distance: 5_000 * random.nextUnit()))
                ?? center
        }
        let batches = stride(from: 0, to: options.vehicleIDs.count, by: options.batch).map {
            $0..<min($0 + options.batch, options.vehicleIDs.count)
        }
        var second = 0
        while MonotonicClock.now() < deadline {
            let tick = MonotonicClock.now()
            let now = Date()
            // A 5 m step on the sphere: a random walk needs no ellipsoid, and the generator's own
            // CPU is spent beside the service's (a geodesic for each of 10,000 vehicles a round
            // was an eighth of RideLoad's CPU in the unpaced run).
            for i in positions.indices {
                positions[i] =
                    (try? GreatCircle.earth.destination(from: positions[i], bearing: 360 * random.nextUnit(), distance: 5))
                    ?? positions[i]
            }
            let snapshot = positions
            await withTaskGroup(of: Void.self) { group in
                for (n, range) in batches.enumerated() {
                    if n >= 16 { await group.next() }
                    let preferred = n + second
                    let reports = range.map {
                        PositionReport(
                            vehicleID: options.vehicleIDs[$0], coordinate: snapshot[$0], horizontalAccuracy: 3, timestamp: now)
                    }
                    group.addTask {
                        await servers.attempt(preferred: preferred, http: http, token: options.operatorToken) { client in
                            let started = MonotonicClock.now()
                            _ = try await client.reportLocations(reports)
                            figures.positions(reports.count, latency: MonotonicClock.now() - started)
                        } failed: {
                            figures.error("positions: \($0)")
                        }
                    }
                }
            }
            second += 1
            let spent = MonotonicClock.now() - tick
            if !options.unpaced, spent < .seconds(1) { try? await Task.sleep(for: .seconds(1) - spent) }
        }
    }

    /// One rider: book, poll the status `polls` times, cancel; again until the deadline.
    static func ride(
        _ rider: Int, _ options: Options, servers: Servers, http: HTTPClient, figures: Figures, booked: FileHandle,
        deadline: Duration
    ) async {
        var random = SplitMix64(seed: UInt64(1000 + rider))
        let center = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)
        let token = options.riderTokens[rider]
        while MonotonicClock.now() < deadline {
            let pickup =
                (try? Geodesic.wgs84.destination(
                    from: center, azimuth: 360 * random.nextUnit(), distance: 3_000 * random.nextUnit())) ?? center
            let dropOff =
                (try? Geodesic.wgs84.destination(
                    from: pickup, azimuth: 360 * random.nextUnit(), distance: 500 + 3_000 * random.nextUnit())) ?? center
            let body = RideRequestBody(pickup: pickup, dropOff: dropOff, partySize: 1)
            var ride: String?
            await servers.attempt(preferred: rider, http: http, token: token) { client in
                let started = MonotonicClock.now()
                let response = try await client.requestRide(body)
                let latency = MonotonicClock.now() - started
                let answer = try response.decode(RequestRideBody.self)
                figures.booking(latency: latency, code: "\(answer.code)")
                if let status = answer.rideStatus?.status, answer.code == .success {
                    ride = status.rideIdentifier
                    let line =
                        "\(status.rideIdentifier) \(status.vehicle?.identifier ?? "?") \(Int64(Date().timeIntervalSince1970 * 1000)) \(client.endpoint)\n"
                    figures.write(line, to: booked)
                }
            } failed: {
                figures.error("booking: \($0)")
            }
            guard let ride else {
                try? await Task.sleep(for: .milliseconds(50))
                continue
            }
            for _ in 0..<options.polls {
                await servers.attempt(preferred: rider, http: http, token: token) { client in
                    let started = MonotonicClock.now()
                    _ = try await client.rideStatus(ride)
                    figures.statusRead(latency: MonotonicClock.now() - started)
                } failed: {
                    figures.error("status: \($0)")
                }
            }
            await servers.attempt(preferred: rider, http: http, token: token) { client in
                _ = try await client.cancelRide(ride)
                figures.cancelled()
            } failed: {
                figures.error("cancel: \($0)")
            }
        }
    }

    struct LoadError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
