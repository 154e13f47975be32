// swift-tools-version: 6.1
// Lodestar: location and heading navigation for Swift on Linux.
// Module map and dependency direction: see README.md's "Modules" (one direction, no back-edges).
import PackageDescription

let package = Package(
    name: "Lodestar",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "GeoMagnetism", targets: ["GeoMagnetism"]),
        .library(name: "GNSS", targets: ["GNSS"]),
        .library(name: "NMEA", targets: ["NMEA"]),
        .library(name: "GPSD", targets: ["GPSD"]),
        .library(name: "Lodestar", targets: ["Lodestar"]),
        .library(name: "TraceSynthesis", targets: ["TraceSynthesis"]),
        .library(name: "RideBooking", targets: ["RideBooking"]),
        .library(name: "RideAPI", targets: ["RideAPI"]),
        .library(name: "RideClient", targets: ["RideClient"]),
        .library(name: "RideServer", targets: ["RideServer"]),
        .library(name: "RideStorePostgres", targets: ["RideStorePostgres"]),
        .library(name: "RideStoreSQLite", targets: ["RideStoreSQLite"]),
        .executable(name: "lodestar", targets: ["lodestar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The documentation plugin of `make docs` and the Swift Package Index. A command plugin
        // no product uses: SwiftPM does not resolve it for a package that depends on Lodestar
        // (seen with Swift 6.3: a package using `Geodesy` resolves 30 packages, not this one).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // What several modules share and users must not see, each written once with `package`
        // access: the UTC calendar and ISO 8601, decimal text, JSON writing, Duration helpers, the
        // monotonic clock, WGS84 radii, a seeded random generator. Not a product.
        .target(name: "LodestarInternals"),
        // GeographicLib's geodesic solver (Karney's algorithm, his C++ library) behind a C face,
        // from Debian's libgeographiclib-dev, which needs only the C++ runtime.
        .target(name: "CGeographicLib", linkerSettings: [.linkedLibrary("GeographicLib")]),
        .target(name: "Geodesy", dependencies: ["CGeographicLib", "LodestarInternals"]),
        // World Magnetic Model 2025; NOAA's coefficient file is compiled into the binary.
        .target(name: "GeoMagnetism", dependencies: ["Geodesy", "LodestarInternals"], resources: [.embedInCode("WMM2025.COF")]),
        // Fix, error estimates, FixSource: values and protocols, no I/O.
        .target(name: "GNSS", dependencies: ["Geodesy", "LodestarInternals"]),
        // NMEA 0183 sentences to fixes, one per receiver epoch; and sentences written.
        .target(name: "NMEA", dependencies: ["GNSS", "Geodesy", "LodestarInternals"]),
        // libgps, gpsd's client library, from Debian's libgps-dev (gps.h API 11 in gpsd 3.22).
        .systemLibrary(
            name: "CGPS", path: "Sources/CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        // A flat C shim in front of libgps: Swift cannot import gps_data_t's unions or gps_send.
        .target(name: "CGPSShim", dependencies: ["CGPS"], linkerSettings: [.linkedLibrary("gps")]),
        // The live gpsd FixSource. It reads the magnetic heading sentences gpsd relays but does not
        // report (HDG, HDM) with the NMEA parser.
        .target(name: "GPSD", dependencies: ["Geodesy", "GNSS", "NMEA", "CGPSShim", "LodestarInternals"]),
        // The location manager, headings, rules, arrival and guidance. No GPSD: a user passes the source.
        .target(name: "Lodestar", dependencies: ["Geodesy", "GeoMagnetism", "GNSS", "NMEA", "LodestarInternals"]),
        // The trace generator: a receiver on a route with a realistic GNSS error model, NMEA and ground truth.
        .target(name: "TraceSynthesis", dependencies: ["Geodesy", "GeoMagnetism", "NMEA", "LodestarInternals"]),
        // The pure ride domain in SiriKit's resolve → confirm → handle model: fleet, spatial index,
        // phases from reported positions, the one store interface (RideBackend) and the one async
        // RideService over it that every client calls. No GRDB, no Crypto, no I/O of its own.
        .target(
            name: "RideBooking",
            dependencies: ["Geodesy", "Lodestar", "LodestarInternals"],
            resources: [.embedInCode("Resources/london.gazetteer.json")]
        ),
        // The ride store's SQLite backend (RideBackend over GRDB), beside RideStorePostgres: one file,
        // one host, zero set-up; what `lodestar ride` uses in process.
        .target(
            name: "RideStoreSQLite",
            dependencies: [
                "RideBooking", "Geodesy", "LodestarInternals", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, to inspect a file without changing it before GRDB opens it (RideStoreFile).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The HTTP API's bodies as Codable types, shared by the server and the client: what the
        // committed OpenAPI document describes, read strictly (unknown members, types, ranges).
        .target(name: "RideAPI", dependencies: ["RideBooking", "Geodesy", "Lodestar", "LodestarInternals"]),
        // The ride service's HTTP client (AsyncHTTPClient): bookings, status, cancel, options, the
        // SSE event stream, and vehicles' position reports with the report schedule (20 m or 5 s)
        // and a bounded backlog. `lodestar vehicle`, `lodestar ride --server` and the tests share it.
        .target(
            name: "RideClient",
            dependencies: [
                "RideAPI", "Geodesy", "LodestarInternals",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The ride service over HTTP (`lodestar serve`): the intents as a JSON API on Hummingbird,
        // bearer tokens, Server-Sent Events, vehicles' position reports, Prometheus metrics, the
        // OpenAPI document. Its handlers call RideBooking's RideService, nothing more.
        .target(
            name: "RideServer",
            dependencies: [
                "RideAPI", "RideBooking", "Lodestar", "Geodesy", "LodestarInternals",
                // SHA-256 of bearer tokens (RideToken): the store keeps only the hash.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            resources: [.embedInCode("Resources/openapi.json")]
        ),
        // The ride store's PostgreSQL + PostGIS backend (RideBackend over postgres-nio), apart so
        // that users of the SQLite store do not link postgres-nio.
        .target(
            name: "RideStorePostgres",
            dependencies: [
                "RideBooking", "Geodesy", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Books rides in a loop against a store; the storage tests kill it with SIGKILL mid-request.
        // `RideLoad http` loads the ride service over HTTP instead (scripts/ride-load.sh).
        .executableTarget(
            name: "RideLoad",
            dependencies: [
                "RideAPI", "RideBooking", "RideStoreSQLite", "Lodestar", "Geodesy", "LodestarInternals", "RideClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // `RideLoad baseline`: the bare route the service's status reads are measured against.
                .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        // The commit `lodestar --version` prints, from a header `make` writes (scripts/build-commit.sh).
        .target(name: "CBuildCommit"),
        // The command line. Its sources are in Sources/LodestarCLI, not Sources/lodestar, so that no
        // two paths of the repository differ only by case (Sources/Lodestar is the library).
        .executableTarget(
            name: "lodestar",
            dependencies: [
                "Geodesy", "GeoMagnetism", "GNSS", "NMEA", "GPSD", "Lodestar", "RideAPI", "RideBooking",
                "LodestarInternals", "TraceSynthesis", "RideClient", "RideServer", "RideStorePostgres", "RideStoreSQLite",
                "CBuildCommit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/LodestarCLI"
        ),
        .testTarget(name: "LodestarInternalsTests", dependencies: ["LodestarInternals"]),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy", "TestSupport"]),
        .testTarget(name: "GeoMagnetismTests", dependencies: ["GeoMagnetism", "Geodesy", "TestSupport"]),
        .testTarget(name: "GNSSTests", dependencies: ["GNSS", "Geodesy", "LodestarInternals", "TestSupport"]),
        .testTarget(name: "NMEATests", dependencies: ["NMEA", "GNSS", "LodestarInternals", "TestSupport", "NMEAFuzzing"]),
        // The NMEA fuzzer's checks, called by the libFuzzer executable FuzzNMEA (`make fuzz`
        // builds it with -sanitize=fuzzer,address -DFUZZING; built plainly it checks the files it
        // is given) and by NMEATests on the committed corpus Fuzz/Corpus. Not products.
        .target(name: "NMEAFuzzing", dependencies: ["NMEA", "GNSS"], path: "Fuzz/NMEAFuzzing"),
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(name: "FuzzNMEA", dependencies: ["NMEAFuzzing", "CLibFuzzer"], path: "Fuzz/FuzzNMEA"),
        // What the test targets share, written once: the reference data's location (`../shared`,
        // `Traces/`), NMEA checksum framing, waiting for a condition, the `liveGPSD` tag, and for
        // the live-gpsd tests child processes in their own process groups, sandboxes with free
        // loopback ports, gpsfake, gpspipe, the lock that keeps live tests from overlapping, a
        // source's event log, the reader thread's CPU time and the epochs they compare. Not a product.
        // What the ride test targets share, under Tests/: a stepped clock, temporary directories,
        // vehicles and places, the one RideService over an SQLite store (not a product).
        .target(
            name: "RideTestSupport",
            dependencies: ["RideBooking", "RideStoreSQLite", "Lodestar", "Geodesy"],
            path: "Tests/RideTestSupport"
        ),
        .target(name: "TestSupport", dependencies: ["GNSS", "GPSD", "LodestarInternals"], path: "Tests/TestSupport"),
        // The live gpsd measurements (latency, idle CPU) that `make bench` runs: figures for
        // BENCHMARKS.md, kept out of the test suite.
        .executableTarget(
            name: "GPSDMeasurements", dependencies: ["GPSD", "GNSS", "TestSupport", "LodestarInternals"],
            path: "Tests/GPSDMeasurements"),
        // The fusion ensemble (issue 23): scenario classes crossed with two independently written
        // receiver error models, run through the engine and pooled. LodestarTests checks a reduced
        // size; FusionEnsembleRun (scripts/fusion-ensemble.sh) prints the full tables.
        .target(
            name: "FusionEnsemble", dependencies: ["Lodestar", "GNSS", "Geodesy", "LodestarInternals"],
            path: "Tests/FusionEnsemble"),
        .executableTarget(
            name: "FusionEnsembleRun", dependencies: ["FusionEnsemble", "Lodestar", "GNSS", "LodestarInternals"],
            path: "Tests/FusionEnsembleRun"),
        .testTarget(name: "GPSDTests", dependencies: ["GPSD", "GNSS", "NMEA", "TestSupport"]),
        .testTarget(
            name: "LodestarTests",
            dependencies: ["Lodestar", "GNSS", "Geodesy", "GeoMagnetism", "GPSD", "TestSupport", "FusionEnsemble"]),
        // The manager as an application uses it: the public API only (no @testable import).
        .testTarget(name: "LodestarLibraryTests", dependencies: ["Lodestar", "GNSS", "Geodesy"]),
        .testTarget(
            name: "TraceSynthesisTests",
            dependencies: ["TraceSynthesis", "NMEA", "GNSS", "Geodesy", "LodestarInternals", "TestSupport"]),
        .testTarget(
            name: "RideBookingTests",
            dependencies: [
                "RideBooking", "RideStoreSQLite", "RideStorePostgres", "RideServer", "Lodestar", "GNSS", "Geodesy", "NMEA",
                "LodestarInternals", "TestSupport", "RideTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "RideStoreSQLiteTests",
            dependencies: [
                "RideStoreSQLite", "RideBooking", "RideServer", "RideLoad", "Geodesy", "TestSupport", "RideTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // A store made by an earlier version, read from the package's folder by StoreFixtureTests.
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "RideClientTests", dependencies: ["RideClient", "RideAPI", "Geodesy", "LodestarInternals"]),
        .testTarget(
            name: "RideServerTests",
            dependencies: [
                "RideServer", "RideAPI", "RideBooking", "RideStoreSQLite", "RideStorePostgres", "Geodesy", "lodestar",
                "LodestarInternals",
                "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // Issue 15's acceptance: real `lodestar serve` processes on a real PostgreSQL, a vehicle
        // reporting through `lodestar vehicle --trace`, a rider following the ride's events.
        .testTarget(
            name: "RideServiceTests",
            dependencies: ["RideClient", "RideAPI", "RideBooking", "lodestar", "Geodesy", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["lodestar", "Geodesy", "TestSupport"]),
        // Runs the examples of Snippets/ (the DocC catalogs' Getting Started code), which SwiftPM
        // builds as executables of their own beside the tests, and checks what they print.
        .testTarget(name: "ExamplesTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
