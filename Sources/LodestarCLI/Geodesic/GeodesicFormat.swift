import Foundation
import Geodesy

/// How `lodestar geodesic` writes its answers: each number in its shortest round-trip form, or
/// with GeodSolve's fixed decimals (`-p N`); longitude before latitude with `-w`.
struct GeodesicFormat {
    /// What an output number is, for its decimals.
    enum Quantity {
        case latitude, longitude, angle, length, scale, area
    }

    /// `-p`: nil for the shortest form.
    let precision: Int?
    /// `-w`.
    let longitudeFirst: Bool

    /// One line of numbers, `(quantity, value)` in latitude-first order.
    func line(_ values: [(Quantity, Double)]) -> String {
        var values = values
        if longitudeFirst {
            for i in values.indices.dropLast() where values[i].0 == .latitude && values[i + 1].0 == .longitude {
                values.swapAt(i, i + 1)
            }
        }
        return values.map { text($1, $0) }.joined(separator: " ")
    }

    /// `count` times "nan": the answer of a bad line, so that output lines stay aligned.
    static func failed(count: Int) -> String {
        Array(repeating: "nan", count: count).joined(separator: " ")
    }

    /// One number: metres and reduced lengths with N decimals, degrees with N+5, scales with
    /// N+7, areas with max(N-7, 0) (GeodSolve's PRECISION section).
    private func text(_ value: Double, _ quantity: Quantity) -> String {
        guard let precision else { return "\(value)" }
        let decimals =
            switch quantity {
            case .latitude, .longitude, .angle: precision + 5
            case .length: precision
            case .scale: precision + 7
            case .area: max(precision - 7, 0)
            }
        // -0 is written as 0, as GeodSolve does.
        return String(format: "%.\(decimals)f", value == 0 ? 0 : value)
    }

    /// The twelve numbers of `-f`: lat1 lon1 azi1 lat2 lon2 azi2 s12 a12 m12 M12 M21 S12.
    static func full(_ s: GeodesicSolution) -> [(Quantity, Double)] {
        [
            (.latitude, s.start.latitude), (.longitude, s.start.longitude), (.angle, s.initialAzimuth),
            (.latitude, s.end.latitude), (.longitude, s.end.longitude), (.angle, s.finalAzimuth),
            (.length, s.distance), (.angle, s.arcLength), (.length, s.reducedLength),
            (.scale, s.geodesicScale12), (.scale, s.geodesicScale21), (.area, s.area),
        ]
    }
}
