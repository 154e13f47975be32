import Foundation
import Geodesy
import LodestarInternals

/// Reads a GeoJSON FeatureCollection (or one Feature) into region conditions, for
/// ``RegionCollection/init(geoJSON:)``, in one pass over the text: each feature's members are
/// noted as the ``JSONScanner`` checks them, and the feature becomes a condition when its object
/// ends, with no tree of values in between (100,000 circle features: 0.9 s and a tree of
/// 4 allocations a feature before; now no allocation a feature but the condition's).
///
/// What it reports is what reading the whole text first would: a syntax error anywhere wins
/// (with its line and column); then a document that is not a FeatureCollection or Feature; then
/// the first bad feature, in the order of the features (a repeated identifier counts where it
/// repeats). Of a member name given twice in an object, the first value counts.
struct GeoJSONReader {
    /// The members of an object that make a feature, each the first of its name, as the scanner
    /// passed over them: read again when the feature is made.
    struct Members {
        var type: JSONScanner.Value?
        /// Whether ``type`` was matched in place as "Feature".
        var isFeature = false
        var id: JSONScanner.Value?
        /// Whether a geometry was read, and its members when it is an object.
        var hasGeometry = false
        var geometryType: JSONScanner.Value?
        /// Whether ``geometryType`` was matched in place as "Point".
        var isPoint = false
        var coordinates: JSONScanner.Value?
        /// The coordinates' first two numbers, when they are an array of at least two that
        /// begins with two numbers: a Point's position, read with the coordinates.
        var position: (longitude: Double, latitude: Double)?
        /// Whether properties were read, and their members when they are an object.
        var hasProperties = false
        var propertyID: JSONScanner.Value?
        var radius: JSONScanner.Value?
        var dwell: JSONScanner.Value?
        /// The root's features array.
        var features: JSONScanner.Value?
    }

    /// The member names read; any other is passed over.
    enum Name {
        case type, id, geometry, properties, features, coordinates, radius, dwell, other
    }

    private var scanner: JSONScanner
    /// The conditions of the collection's features so far, in order, up to the first bad one.
    private var conditions: [RegionCondition] = []
    /// Features seen in the features array.
    private var count = 0
    /// The first bad feature's error; no condition is made after it.
    private var failure: RegionError?

    private init(_ scanner: JSONScanner, expected: Int) {
        self.scanner = scanner
        conditions.reserveCapacity(expected)
    }

    /// The conditions of a GeoJSON document.
    /// - Throws: ``RegionError/geoJSON(_:)`` for a document that is not JSON or not a
    ///   FeatureCollection or Feature, ``RegionError/feature(index:id:reason:)`` for a bad feature.
    /// - Returns: the conditions in the order of the features, and their identifier table (each
    ///   identifier under its condition's index), which a ``RegionEngine`` with no regions adopts.
    static func conditions(_ data: Data) throws(RegionError) -> (
        conditions: [RegionCondition], index: RegionIdentifierIndex
    ) {
        // About 130 bytes a circle feature: room for them all, without growing.
        let expected = min(data.count / 120, 10_000_000)
        return try JSONScanner.scan(data) {
            (scanner) throws(RegionError) -> (conditions: [RegionCondition], index: RegionIdentifierIndex) in
            var reader = GeoJSONReader(scanner, expected: expected)
            return try reader.read()
        }
    }

    private mutating func read() throws(RegionError) -> (conditions: [RegionCondition], index: RegionIdentifierIndex) {
        let root: Members?
        do throws(JSONScanner.SyntaxError) {
            if try scanner.kind() == .object {
                var m = Members()
                try members(depth: 1, root: true, into: &m)
                root = m
            } else {
                _ = try scanner.skipValue(depth: 0)
                root = nil
            }
            try scanner.finish()
        } catch {
            throw .geoJSON("not valid JSON: \(error.description)")
        }
        guard let root else { throw .geoJSON("the document is not a JSON object") }
        if let type = root.type, scanner.matches(type, "FeatureCollection") {
            guard root.features?.kind == .array else { throw .geoJSON("a FeatureCollection without a features array") }
            let index = try checkRepeats()
            if let failure { throw failure }
            return (conditions, index)
        }
        if let type = root.type, scanner.matches(type, "Feature") {
            let one = [try condition(root, index: 0)]
            var index = RegionIdentifierIndex()
            _ = index.insert(one[0].id, index: 0, in: one)
            return (one, index)
        }
        let type = root.type.flatMap { scanner.string($0) }
        throw .geoJSON("type is \(type.map { "\"\($0)\"" } ?? "missing"), expected \"FeatureCollection\"")
    }

    /// Throws for the first feature whose identifier an earlier one has, when it comes before
    /// ``failure``'s. - Returns: the identifier table of the conditions.
    private func checkRepeats() throws(RegionError) -> RegionIdentifierIndex {
        var seen = RegionIdentifierIndex()
        seen.reserveCapacity(conditions.count)
        for index in conditions.indices {
            let id = conditions[index].id
            if let first = seen.insert(id, index: Int32(index), in: conditions) {
                throw .feature(index: index, id: id, reason: "the id repeats feature \(first)'s")
            }
        }
        return seen
    }

    // MARK: The text

    /// Reads the object at the scanner, `depth` deep, noting the members a feature is made of;
    /// at the `root`, the features array's elements are made into conditions as they come.
    private mutating func members(depth: Int, root: Bool, into m: inout Members) throws(JSONScanner.SyntaxError) {
        guard try scanner.enterObject(depth: depth) else { return }
        repeat {
            switch try nextName() {
            case .type where m.type == nil:
                if let (first, _) = scanner.peekString(), first == Self.featureWord {
                    m.type = scanner.acceptString(count: 7)
                    m.isFeature = true
                } else {
                    m.type = try scanner.value(depth: depth)
                }
            case .id where m.id == nil: m.id = try scanner.value(depth: depth)
            case .geometry where !m.hasGeometry:
                m.hasGeometry = true
                if try scanner.kind() == .object {
                    try geometry(depth: depth + 1, into: &m)
                } else {
                    _ = try scanner.value(depth: depth)
                }
            case .properties where !m.hasProperties:
                m.hasProperties = true
                if try scanner.kind() == .object {
                    try properties(depth: depth + 1, into: &m)
                } else {
                    _ = try scanner.value(depth: depth)
                }
            case .features where root && m.features == nil:
                let start = scanner.offset
                if try scanner.kind() == .array {
                    try features(depth: depth + 1)
                    m.features = JSONScanner.Value(start: start, end: scanner.offset, kind: .array)
                } else {
                    m.features = try scanner.value(depth: depth)
                }
            default: _ = try scanner.value(depth: depth)
            }
        } while try scanner.nextMember()
    }

    /// Reads a geometry object `depth` deep: its type and coordinates.
    private mutating func geometry(depth: Int, into m: inout Members) throws(JSONScanner.SyntaxError) {
        guard try scanner.enterObject(depth: depth) else { return }
        repeat {
            switch try nextName() {
            case .type where m.geometryType == nil:
                if let (first, _) = scanner.peekString(), first & 0xFFFF_FFFF_FFFF == Self.pointWord {
                    m.geometryType = scanner.acceptString(count: 5)
                    m.isPoint = true
                } else {
                    m.geometryType = try scanner.value(depth: depth)
                }
            case .coordinates where m.coordinates == nil: try coordinates(depth: depth, into: &m)
            default: _ = try scanner.value(depth: depth)
            }
        } while try scanner.nextMember()
    }

    /// Reads the coordinates member's value, in an object `depth` deep, noting its first two
    /// numbers (a Point's position) as they pass.
    private mutating func coordinates(depth: Int, into m: inout Members) throws(JSONScanner.SyntaxError) {
        let start = scanner.offset
        guard try scanner.kind() == .array else {
            m.coordinates = try scanner.value(depth: depth)
            return
        }
        var count = 0
        var pair = (0.0, 0.0)
        var numbers = true
        if try scanner.enterArray(depth: depth + 1) {
            repeat {
                let element = try scanner.value(depth: depth + 1)
                if count == 0 { pair.0 = element.number } else if count == 1 { pair.1 = element.number }
                if count < 2 { numbers = numbers && element.kind == .number }
                count += 1
            } while try scanner.nextElement()
        }
        m.coordinates = JSONScanner.Value(start: start, end: scanner.offset, kind: .array)
        if count >= 2 && numbers { m.position = pair }
    }

    /// Reads a properties object `depth` deep: its id, radius and dwell.
    private mutating func properties(depth: Int, into m: inout Members) throws(JSONScanner.SyntaxError) {
        guard try scanner.enterObject(depth: depth) else { return }
        repeat {
            switch try nextName() {
            case .id where m.propertyID == nil: m.propertyID = try scanner.value(depth: depth)
            case .radius where m.radius == nil: m.radius = try scanner.value(depth: depth)
            case .dwell where m.dwell == nil: m.dwell = try scanner.value(depth: depth)
            default: _ = try scanner.value(depth: depth)
            }
        } while try scanner.nextMember()
    }

    /// Reads the features array, `depth` deep, each element made into a condition while none
    /// has failed.
    private mutating func features(depth: Int) throws(JSONScanner.SyntaxError) {
        guard try scanner.enterArray(depth: depth) else { return }
        repeat {
            let index = count
            count += 1
            if try scanner.kind() == .object {
                var m = Members()
                try members(depth: depth + 1, root: false, into: &m)
                guard failure == nil else { continue }
                do throws(RegionError) { conditions.append(try condition(m, index: index)) } catch { failure = error }
            } else {
                _ = try scanner.value(depth: depth)
                if failure == nil { failure = .feature(index: index, id: nil, reason: "not a GeoJSON Feature object") }
            }
        } while try scanner.nextElement()
    }

    /// Reads the next member's name and its `:`: one of the names read matched in place (its bytes
    /// and closing quote against two words, no string read), else read as a string and compared.
    @inline(__always)
    private mutating func nextName() throws(JSONScanner.SyntaxError) -> Name {
        if let (first, second) = scanner.peekString(), let (name, count) = Self.known(first, second) {
            try scanner.acceptMemberName(count: count)
            return name
        }
        return self.name(try scanner.memberName())
    }

    /// The name whose bytes and closing quote begin the 16 bytes after a name's opening quote
    /// (little-endian words: `type"` is 0x22_6570_7974), with its length; nil for any other.
    @inline(__always)
    private static func known(_ first: UInt64, _ second: UInt64) -> (Name, Int)? {
        switch first & 0xFF {
        case 0x74: first & 0xFF_FFFF_FFFF == 0x22_6570_7974 ? (.type, 4) : nil
        case 0x69: first & 0xFF_FFFF == 0x22_6469 ? (.id, 2) : nil
        case 0x67: first == 0x7972_7465_6D6F_6567 && second & 0xFF == 0x22 ? (.geometry, 8) : nil
        case 0x70: first == 0x6974_7265_706F_7270 && second & 0xFF_FFFF == 0x22_7365 ? (.properties, 10) : nil
        case 0x66: first == 0x7365_7275_7461_6566 && second & 0xFF == 0x22 ? (.features, 8) : nil
        case 0x63: first == 0x616E_6964_726F_6F63 && second & 0xFFFF_FFFF == 0x2273_6574 ? (.coordinates, 11) : nil
        case 0x72: first & 0xFF_FFFF_FFFF_FFFF == 0x22_7375_6964_6172 ? (.radius, 6) : nil
        case 0x64: first & 0xFFFF_FFFF_FFFF == 0x226C_6C65_7764 ? (.dwell, 5) : nil
        default: nil
        }
    }

    /// `Feature"` and `Point"` as little-endian words: a feature's type and a point's, matched in
    /// place.
    private static let featureWord: UInt64 = 0x2265_7275_7461_6546
    private static let pointWord: UInt64 = 0x22_746E_696F_50

    /// Which of the names read a member's name is.
    @inline(__always)
    private func name(_ raw: JSONScanner.RawString) -> Name {
        if raw.escaped {
            return switch scanner.text(raw) {
            case "type": .type
            case "id": .id
            case "geometry": .geometry
            case "properties": .properties
            case "features": .features
            case "coordinates": .coordinates
            case "radius": .radius
            case "dwell": .dwell
            default: .other
            }
        }
        // The byte count first, then the bytes as one or two little-endian words (the names'
        // bytes, first byte lowest: "id" is 0x6469).
        let n = raw.end - raw.start
        guard n >= 2 && n <= 11 else { return .other }
        let first = scanner.word(raw, count: min(n, 8))
        switch n {
        case 2: return first == 0x6469 ? .id : .other
        case 4: return first == 0x6570_7974 ? .type : .other
        case 5: return first == 0x6C_6C65_7764 ? .dwell : .other
        case 6: return first == 0x7375_6964_6172 ? .radius : .other
        case 8:
            if first == 0x7972_7465_6D6F_6567 { return .geometry }
            return first == 0x7365_7275_7461_6566 ? .features : .other
        case 10:
            let last = scanner.word(raw, from: 2, count: 8)
            return first == 0x6974_7265_706F_7270 && last == 0x7365_6974_7265_706F ? .properties : .other
        case 11:
            let last = scanner.word(raw, from: 3, count: 8)
            return first == 0x616E_6964_726F_6F63 && last == 0x7365_7461_6E69_6472 ? .coordinates : .other
        default: return .other
        }
    }

    // MARK: Features

    /// One feature's members as a condition.
    private func condition(_ m: Members, index: Int) throws(RegionError) -> RegionCondition {
        guard let type = m.type, m.isFeature || scanner.matches(type, "Feature") else {
            throw .feature(index: index, id: nil, reason: "not a GeoJSON Feature object")
        }
        let id = identifier(m.id) ?? identifier(m.propertyID)
        func bad(_ reason: String) -> RegionError { .feature(index: index, id: id, reason: reason) }
        guard let id else { throw bad("no id (a feature id or properties.id, string or number)") }
        guard let geometryType = m.geometryType, geometryType.kind == .string else { throw bad("no geometry") }
        var dwell: Duration?
        if let value = m.dwell, value.kind != .null {
            guard value.kind == .number, value.number >= 0, value.number <= RegionError.longestDwell else {
                throw bad("properties.dwell must be a number of seconds ≥ 0 and ≤ 604800, not \(text(value))")
            }
            dwell = .milliseconds((value.number * 1000).rounded())
        }
        let shape: RegionShape
        do throws(RegionError) {
            if m.isPoint || scanner.matches(geometryType, "Point") {
                let center = try position(m.position, { "coordinates" })
                guard let value = m.radius, value.kind == .number else {
                    throw RegionError.geoJSON("a Point needs properties.radius, metres > 0 and ≤ 1000000")
                }
                let radius = value.number
                guard radius > 0, radius <= RegionError.largestRadius else {
                    throw RegionError.geoJSON("properties.radius must be metres > 0 and ≤ 1000000, not \(radius)")
                }
                shape = .circle(center: center, radius: radius)
            } else if scanner.matches(geometryType, "Polygon") {
                shape = .polygon(try polygon(m.coordinates, "coordinates"))
            } else if scanner.matches(geometryType, "MultiPolygon") {
                let list = elements(m.coordinates)
                guard let list, !list.isEmpty else {
                    throw RegionError.geoJSON("coordinates must be a non-empty array of polygons")
                }
                var polygons: [RegionPolygon] = []
                for (k, p) in list.enumerated() { polygons.append(try polygon(p, "polygon \(k)")) }
                shape = .multiPolygon(polygons)
            } else {
                let type = scanner.string(geometryType) ?? ""
                throw RegionError.geoJSON("geometry type \(type) cannot be a region (Point with radius, Polygon, MultiPolygon)")
            }
            // The radius, the polygons (RegionPolygon checks its rings) and the dwell are checked.
            return try RegionCondition(id: id, checkedShape: shape, checkedDwell: dwell)
        } catch {
            switch error {
            case .geoJSON(let reason): throw bad(reason)
            default: throw bad(error.description)
            }
        }
    }

    /// A feature identifier: a string, or a number written as an integer when it is one.
    private func identifier(_ value: JSONScanner.Value?) -> String? {
        guard let value else { return nil }
        switch value.kind {
        case .string: return scanner.string(value)
        case .number:
            let n = value.number
            return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        default: return nil
        }
    }

    /// A value as a message shows it: a number or string as it is, else its kind.
    private func text(_ value: JSONScanner.Value) -> String {
        switch value.kind {
        case .number:
            value.number == value.number.rounded() && abs(value.number) < 1e15 ? "\(Int64(value.number))" : "\(value.number)"
        case .string: "\"\((scanner.string(value) ?? "").prefix(40))\""
        case .boolean: scanner.isTrue(value) ? "true" : "false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An array's elements; nil for a missing value or another kind.
    private func elements(_ value: JSONScanner.Value?) -> [JSONScanner.Value]? {
        guard let value, value.kind == .array else { return nil }
        var list: [JSONScanner.Value] = []
        scanner.forEachElement(of: value) { list.append($0) }
        return list
    }

    /// The first two numbers of a `[longitude, latitude]` position (a third, altitude, is
    /// ignored); nil for a value that is none.
    private func pair(_ value: JSONScanner.Value) -> (longitude: Double, latitude: Double)? {
        var count = 0
        var pair = (0.0, 0.0)
        var numbers = true
        scanner.forEachElement(of: value) { element in
            if count == 0 { pair.0 = element.number } else if count == 1 { pair.1 = element.number }
            if count < 2 { numbers = numbers && element.kind == .number }
            count += 1
        }
        return value.kind == .array && count >= 2 && numbers ? pair : nil
    }

    /// A position from its numbers (``pair(_:)``), with the name for messages made only for a
    /// message (a polygon has thousands of positions).
    private func position(_ pair: (longitude: Double, latitude: Double)?, _ what: () -> String) throws(RegionError)
        -> Coordinate
    {
        guard let pair else { throw .geoJSON("\(what()) must be a position [longitude, latitude]") }
        do { return try Coordinate(latitude: pair.latitude, longitude: pair.longitude) } catch {
            throw .geoJSON("\(what()): \(error.description)")
        }
    }

    /// A polygon's closed rings.
    private func polygon(_ value: JSONScanner.Value?, _ what: String) throws(RegionError) -> RegionPolygon {
        guard let rings = elements(value), !rings.isEmpty else { throw .geoJSON("\(what) must be a non-empty array of rings") }
        var coordinates: [[Coordinate]] = []
        for (r, ring) in rings.enumerated() {
            guard let positions = elements(ring), positions.count >= 4 else {
                throw .geoJSON("\(what) ring \(r) must be an array of at least 4 positions")
            }
            var list: [Coordinate] = []
            list.reserveCapacity(positions.count)
            for (k, p) in positions.enumerated() {
                list.append(try position(pair(p), { "\(what) ring \(r) position \(k)" }))
            }
            guard list.first == list.last else {
                throw .geoJSON("\(what) ring \(r) is not closed (its first and last positions differ)")
            }
            coordinates.append(list)
        }
        return try RegionPolygon(rings: coordinates)
    }
}
