// swift-tools-version: 6.1
// Lodestar: location and heading navigation for Swift on Linux.
// Module map and dependency direction: see README.md and DESIGN.md (one direction, no back-edges).
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
        .library(name: "RideBooking", targets: ["RideBooking"]),
        .executable(name: "lodestar", targets: ["lodestar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // PROJ's geodesic C API (Karney's algorithm), from Debian's libproj-dev.
        .systemLibrary(name: "CProj", path: "Sources/CProj", providers: [.apt(["libproj-dev"])]),
        .target(name: "Geodesy", dependencies: ["CProj"]),
        // World Magnetic Model 2025; NOAA's coefficient file is compiled into the binary.
        .target(name: "GeoMagnetism", dependencies: ["Geodesy"], resources: [.embedInCode("WMM2025.COF")]),
        // Fix, error estimates, FixSource: values and protocols, no I/O.
        .target(name: "GNSS", dependencies: ["Geodesy"]),
        // NMEA 0183 sentences to fixes, one per receiver epoch.
        .target(name: "NMEA", dependencies: ["GNSS", "Geodesy"]),
        // libgps, gpsd's client library, from Debian's libgps-dev (gps.h API 11 in gpsd 3.22).
        .systemLibrary(
            name: "CGPS", path: "Sources/CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        // A flat C shim in front of libgps: Swift cannot import gps_data_t's unions or gps_send.
        .target(name: "CGPSShim", dependencies: ["CGPS"], linkerSettings: [.linkedLibrary("gps")]),
        // The live gpsd FixSource. It reads the magnetic heading sentences gpsd relays but does not
        // report (HDG, HDM) with the NMEA parser.
        .target(name: "GPSD", dependencies: ["GNSS", "NMEA", "CGPSShim"]),
        // The location manager, headings, rules, arrival, guidance and the trace synthesizer.
        .target(name: "Lodestar", dependencies: ["Geodesy", "GeoMagnetism", "GNSS", "NMEA", "GPSD"]),
        // Ride requests in SiriKit's resolve → confirm → handle model: fleet, spatial index, SQLite store.
        .target(
            name: "RideBooking",
            dependencies: [
                "Geodesy", "GNSS", "Lodestar", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, to inspect a file without changing it before GRDB opens it (RideStoreFile).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            resources: [.embedInCode("Resources/london.gazetteer.json")]
        ),
        // Books rides in a loop against a store; the storage tests kill it with SIGKILL mid-request.
        .executableTarget(name: "RideLoad", dependencies: ["RideBooking", "Geodesy"]),
        .executableTarget(
            name: "lodestar",
            dependencies: [
                "Geodesy", "GeoMagnetism", "GNSS", "NMEA", "GPSD", "Lodestar", "RideBooking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy"]),
        .testTarget(name: "GeoMagnetismTests", dependencies: ["GeoMagnetism", "Geodesy"]),
        .testTarget(name: "GNSSTests", dependencies: ["GNSS", "Geodesy"]),
        .testTarget(name: "NMEATests", dependencies: ["NMEA", "GNSS", "Geodesy"]),
        // Test support for the live-gpsd tests of GPSDTests and CLITests: child processes in their
        // own process groups, sandboxes with free loopback ports, gpsfake, gpspipe, the lock that
        // keeps live tests from overlapping, and the epochs they compare. Not a product.
        .target(name: "LiveGPSDSupport", dependencies: ["GNSS"], path: "Tests/LiveGPSDSupport"),
        .testTarget(name: "GPSDTests", dependencies: ["GPSD", "GNSS", "NMEA", "LiveGPSDSupport"]),
        .testTarget(name: "LodestarTests", dependencies: ["Lodestar", "GNSS", "Geodesy", "GeoMagnetism", "GPSD", "LiveGPSDSupport"]),
        // The manager as an application uses it: the public API only (no @testable import).
        .testTarget(name: "LodestarLibraryTests", dependencies: ["Lodestar", "GNSS", "Geodesy"]),
        .testTarget(
            name: "RideBookingTests",
            dependencies: [
                "RideBooking", "RideLoad", "Lodestar", "GNSS", "Geodesy", "NMEA",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "CLITests", dependencies: ["lodestar", "Geodesy", "GeoMagnetism", "LiveGPSDSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
