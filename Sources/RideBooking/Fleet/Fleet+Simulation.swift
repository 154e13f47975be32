import Foundation
import Geodesy
import Lodestar
import LodestarInternals

extension Fleet {
    /// A simulated fleet: `count` vehicles on stands spread evenly over a disc of `radius` metres
    /// around `center`, drawn from a seeded SplitMix64, so the same arguments always give the same
    /// fleet. One vehicle in five is an XL (6 seats), the rest Standard (4 seats); speeds are
    /// 7–11 m/s (25–40 km/h, city traffic). Identifiers are `PREFIX-0001`, `PREFIX-0002`, ...
    ///
    /// - Parameters:
    ///   - center: the middle of the disc.
    ///   - count: number of vehicles, ≥ 0.
    ///   - radius: metres, > 0.
    ///   - seed: the generator's seed.
    ///   - identifierPrefix: the identifiers' prefix; distinct fleets sharing a ride store need
    ///     distinct prefixes.
    public static func simulated(
        center: Coordinate, count: Int, radius: Double, seed: UInt64, identifierPrefix: String = "SIM"
    ) -> Fleet {
        var random = SplitMix64(seed: seed)
        let makes = [("Toyota", "Prius"), ("Kia", "Niro"), ("Skoda", "Octavia"), ("Hyundai", "Ioniq 5"), ("Tesla", "Model 3")]
        let names = ["Ada", "Ben", "Chioma", "Dev", "Elena", "Farid", "Grace", "Hiro", "Isla", "Jonas", "Kemi", "Luca"]
        let letters = Array("ABCDEFGHJKLMNOPRSTUVWXYZ")
        let digits = max(4, String(count).count)
        var vehicles: [Vehicle] = []
        vehicles.reserveCapacity(count)
        for n in 0..<max(0, count) {
            let distance = radius * random.nextUnit().squareRoot()
            let azimuth = 360 * random.nextUnit()
            let position = (try? Geodesic.wgs84.destination(from: center, azimuth: azimuth, distance: distance)) ?? center
            let isXL = random.next() % 5 == 0
            let (make, model) = makes[Int(random.next() % UInt64(makes.count))]
            let plate =
                String((0..<2).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
                + String(format: "%02d ", 26) + String((0..<3).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
            let driver = RideDriver(
                name:
                    "\(names[Int(random.next() % UInt64(names.count))]) \(letters[Int(random.next() % UInt64(letters.count))]).",
                rating: String(format: "%.1f", 4.5 + 0.5 * random.nextUnit()),
                phoneNumber: String(format: "+44 20 7946 %04d", n % 10_000))
            let number = String(n + 1)
            vehicles.append(
                Vehicle(
                    identifier: "\(identifierPrefix)-\(String(repeating: "0", count: max(0, digits - number.count)))\(number)",
                    position: position, capacity: isXL ? 6 : 4, rideOptionName: isXL ? "XL" : "Standard",
                    speed: 7 + 4 * random.nextUnit(), registrationPlate: plate, manufacturer: make, model: model,
                    driver: driver))
        }
        // Identifiers are unique, capacities ≥ 4 and speeds ≥ 7 m/s by construction.
        return Fleet(validatedName: "simulated \(identifierPrefix)", vehicles: vehicles, rideOptions: RideOption.defaults)
    }

    /// The fleet `lodestar ride` uses when no fleet file is given: 400 simulated vehicles within
    /// 12 km of the centre of the 0.1° × 0.1° cell that holds `point`, seeded by that cell, with
    /// identifiers `SIM-<cell>-NNNN` (the cell as whole tenths of a degree, such as `N515W0002`).
    /// Every process that books near the same place sees the same vehicles.
    public static func defaultSimulated(near point: Coordinate) -> Fleet {
        let latCell = Int((point.latitude * 10).rounded(.down))
        let lonCell = Int((point.longitude * 10).rounded(.down))
        let center = Coordinate(uncheckedLatitude: (Double(latCell) + 0.5) / 10, longitude: (Double(lonCell) + 0.5) / 10)
        let tag =
            "\(latCell < 0 ? "S" : "N")\(String(format: "%03d", abs(latCell)))"
            + "\(lonCell < 0 ? "W" : "E")\(String(format: "%04d", abs(lonCell)))"
        let seed = UInt64(bitPattern: Int64(latCell) &* 3_600 &+ Int64(lonCell))
        return simulated(center: center, count: 400, radius: 12_000, seed: seed, identifierPrefix: "SIM-\(tag)")
    }
}

extension Fleet {
    /// A fleet with no vehicles, offering ``RideOption/defaults``.
    public static var empty: Fleet { Fleet(validatedName: "empty", vehicles: [], rideOptions: RideOption.defaults) }
}
