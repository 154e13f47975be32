// swift-tools-version: 6.1
// Lodestar: location and heading navigation for Swift on Linux.
// Module map and dependency direction: see README.md and DESIGN.md (one direction, no back-edges).
import PackageDescription

let package = Package(
    name: "Lodestar",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "GNSS", targets: ["GNSS"]),
        .library(name: "NMEA", targets: ["NMEA"]),
        .executable(name: "lodestar", targets: ["lodestar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // PROJ's geodesic C API (Karney's algorithm), from Debian's libproj-dev.
        .systemLibrary(name: "CProj", path: "Sources/CProj", providers: [.apt(["libproj-dev"])]),
        .target(name: "Geodesy", dependencies: ["CProj"]),
        .target(name: "GNSS", dependencies: ["Geodesy"]),
        .target(name: "NMEA", dependencies: ["GNSS", "Geodesy"]),
        .executableTarget(
            name: "lodestar",
            dependencies: [
                "Geodesy",
                "GNSS",
                "NMEA",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy"]),
        .testTarget(name: "GNSSTests", dependencies: ["GNSS", "Geodesy"]),
        .testTarget(name: "NMEATests", dependencies: ["NMEA", "GNSS", "Geodesy"]),
        .testTarget(name: "CLITests", dependencies: ["lodestar"]),
    ],
    swiftLanguageModes: [.v6]
)
