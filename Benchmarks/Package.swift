// swift-tools-version: 6.1
// Lodestar's benchmarks: a package of its own so the main build stays lean. Run with `make bench`
// from the top level (or `swift package --allow-writing-to-package-directory benchmark` here).
import Foundation
import PackageDescription

// `.product(name:package:)` must name the main package by its folder name, which depends on where
// the clone was made; derive it instead of hard-coding it.
let lodestar = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let benchmark: [Target.Dependency] = [.product(name: "Benchmark", package: "benchmark")]
let plugins: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
    name: "LodestarBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // MallocInterposer only: the ARC (runtime) interposer crashes the run on this toolchain.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: lodestar, path: ".."),
    ],
    targets: [
        // PROJ's geod_inverse called from C: the baseline the Swift geodesic API is compared with.
        .target(name: "CProjBaseline", linkerSettings: [.linkedLibrary("proj")]),
        .executableTarget(
            name: "GeodesyBenchmarks",
            dependencies: benchmark + [
                "CProjBaseline",
                .product(name: "Geodesy", package: lodestar),
                .product(name: "GeoMagnetism", package: lodestar),
            ],
            path: "Benchmarks/GeodesyBenchmarks",
            plugins: plugins
        ),
        .executableTarget(
            name: "ManagerBenchmarks",
            dependencies: benchmark + [
                .product(name: "Lodestar", package: lodestar),
                .product(name: "GNSS", package: lodestar),
                .product(name: "Geodesy", package: lodestar),
            ],
            path: "Benchmarks/ManagerBenchmarks",
            plugins: plugins
        ),
        .executableTarget(
            name: "NMEABenchmarks",
            dependencies: benchmark + [.product(name: "NMEA", package: lodestar)],
            path: "Benchmarks/NMEABenchmarks",
            plugins: plugins
        ),
        .executableTarget(
            name: "RegionBenchmarks",
            dependencies: benchmark + [
                .product(name: "Lodestar", package: lodestar),
                .product(name: "Geodesy", package: lodestar),
            ],
            path: "Benchmarks/RegionBenchmarks",
            plugins: plugins
        ),
        .executableTarget(
            name: "RideBenchmarks",
            dependencies: benchmark + [
                .product(name: "RideBooking", package: lodestar),
                .product(name: "RideStoreSQLite", package: lodestar),
                .product(name: "Lodestar", package: lodestar),
                .product(name: "Geodesy", package: lodestar),
            ],
            path: "Benchmarks/RideBenchmarks",
            plugins: plugins
        ),
    ],
    swiftLanguageModes: [.v6]
)
