import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("regions: GeoJSON FeatureCollections")
struct RegionGeoJSONTests {
    static func read(_ text: String) throws(RegionError) -> RegionCollection {
        try RegionCollection(geoJSON: Data(text.utf8))
    }

    static func features(_ list: String) -> String { #"{"type":"FeatureCollection","features":["# + list + "]}" }

    @Test("a collection added whole to an empty engine: the same events and states as its conditions added one by one")
    func collectionAddedWhole() throws {
        let map = RegionMap()
        // 600 circles of 15-60 m along and beside a walk east, some with a dwell, in one collection.
        var features: [String] = []
        for k in 0..<600 {
            let c = map.at(east: -300 + Double(k), north: Double((k * 37) % 120) - 60)
            let dwell = k % 5 == 0 ? #","dwell":20"# : ""
            features.append(
                #"{"type":"Feature","id":"c\#(k)","geometry":{"type":"Point","coordinates":[\#(c.longitude),\#(c.latitude)]},"properties":{"radius":\#(15 + k % 46)\#(dwell)}}"#
            )
        }
        let collection = try RegionCollection(
            geoJSON: Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8))
        #expect(collection.conditions.count == 600)
        var whole = try RegionEngine()
        var single = try RegionEngine()
        let at = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(whole.add(contentsOf: collection, at: at) == single.add(contentsOf: collection.conditions, at: at))
        var a: [RegionEvent] = []
        var b: [RegionEvent] = []
        for second in 0...400 {
            let fix = regionFix(map.at(east: -320 + 1.6 * Double(second), north: 3), second: Double(second), accuracy: 4)
            a += whole.update(fix)
            b += single.update(fix)
        }
        #expect(a.count > 600 && a == b, "\(a.count) events")
        #expect(Set(whole.identifiers(in: .inside)) == Set(single.identifiers(in: .inside)))
        // The adopted identifier table finds, removes and takes again every region.
        for k in stride(from: 0, to: 600, by: 7) {
            #expect(whole.condition("c\(k)") == collection.conditions[k])
            #expect(whole.remove("c\(k)")?.id == "c\(k)" && whole.condition("c\(k)") == nil)
        }
        whole.add(collection.conditions[0])
        #expect(whole.count == 600 - 86 + 1 && whole.condition("c0") == collection.conditions[0])
        // An engine that has regions, or a collection changed after reading, adds one by one.
        var changed = collection
        changed.conditions[1] = try RegionCondition(id: "other", shape: collection.conditions[1].shape)
        var third = try RegionEngine()
        _ = third.add(contentsOf: changed, at: at)
        #expect(third.count == 600 && third.condition("other") != nil && third.condition("c1") == nil)
        #expect(whole.add(contentsOf: collection, at: at).count == 600 && whole.count == 600)
        // A default dwell for the regions without one; the others keep theirs.
        let dwelling = try collection.withDefaultDwell(.seconds(45))
        #expect(dwelling.conditions[0].dwell == .seconds(20) && dwelling.conditions[1].dwell == .seconds(45))
        var fourth = try RegionEngine()
        _ = fourth.add(contentsOf: dwelling, at: at)
        #expect(fourth.condition("c599")?.dwell == .seconds(45) && fourth.condition("c595")?.dwell == .seconds(20))
    }

    @Test("points with a radius, polygons with holes, multipolygons, dwell, ids from the feature or its properties")
    func readsRegions() throws {
        let text = Self.features(
            """
            {"type":"Feature","id":"home","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"radius":80,"dwell":120}},
            {"type":"Feature","id":7,"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]],[[0.2,0.2],[0.4,0.2],[0.4,0.4],[0.2,0.2]]]},"properties":null},
            {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]},"properties":{"id":"parts","radius":1}}
            """)
        let collection = try Self.read(text)
        #expect(collection.conditions.map(\.id) == ["home", "7", "parts"])
        #expect(
            collection.conditions[0].shape == .circle(center: Coordinate(uncheckedLatitude: 48.85, longitude: 2.35), radius: 80))
        #expect(collection.conditions[0].dwell == .seconds(120))
        guard case .polygon(let polygon) = collection.conditions[1].shape else {
            Issue.record("not a polygon")
            return
        }
        #expect(polygon.rings.map(\.count) == [4, 3])
        #expect(polygon.rings[1][1] == Coordinate(uncheckedLatitude: 0.2, longitude: 0.4))
        guard case .multiPolygon(let parts) = collection.conditions[2].shape else {
            Issue.record("not a multipolygon")
            return
        }
        #expect(parts.count == 2 && parts[1].rings[0][2] == Coordinate(uncheckedLatitude: 6, longitude: 6))
    }

    @Test("every bad feature is one line naming its index, its id and the problem")
    func badFeatures() {
        let point = #""geometry":{"type":"Point","coordinates":[2.35,48.85]}"#
        let cases: [(String, String)] = [
            (
                #"{"type":"Feature","id":"a",\#(point),"properties":{}}"#,
                #"feature 0 (id "a"): a Point needs properties.radius, metres > 0 and ≤ 1000000"#
            ),
            (
                #"{"type":"Feature","id":"a",\#(point),"properties":{"radius":-3}}"#,
                #"feature 0 (id "a"): properties.radius must be metres > 0 and ≤ 1000000, not -3.0"#
            ),
            (
                #"{"type":"Feature","id":"a",\#(point),"properties":{"radius":2000000}}"#,
                #"feature 0 (id "a"): properties.radius must be metres > 0 and ≤ 1000000, not 2000000.0"#
            ),
            (
                #"{"type":"Feature",\#(point),"properties":{"radius":3}}"#,
                "feature 0: no id (a feature id or properties.id, string or number)"
            ),
            (
                #"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[2.35,91]},"properties":{"radius":3}}"#,
                #"feature 0 (id "a"): coordinates: "# + CoordinateError.latitudeOutOfRange(91).description
            ),
            (
                #"{"type":"Feature","id":"a",\#(point),"properties":{"radius":3,"dwell":700000}}"#,
                #"feature 0 (id "a"): properties.dwell must be a number of seconds ≥ 0 and ≤ 604800, not 700000"#
            ),
            (
                #"{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#,
                #"feature 0 (id "l"): geometry type LineString cannot be a region (Point with radius, Polygon, MultiPolygon)"#
            ),
            (
                #"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}}"#,
                #"feature 0 (id "p"): coordinates ring 0 is not closed (its first and last positions differ)"#
            ),
            (
                #"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}}"#,
                #"feature 0 (id "p"): coordinates ring 0 must be an array of at least 4 positions"#
            ),
            (
                #"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0],[0,0]]]}}"#,
                #"feature 0 (id "p"): bad polygon: ring 0 has 2 distinct vertices, needs at least 3"#
            ),
            (#"{"type":"Point"}"#, "feature 0: not a GeoJSON Feature object"),
        ]
        for (feature, message) in cases {
            let error = #expect(throws: RegionError.self) { try Self.read(Self.features(feature)) }
            #expect(error?.description == message)
        }
        // The second of two features with one id is named.
        let twice = #"{"type":"Feature","id":"a",\#(point),"properties":{"radius":3}}"#
        let error = #expect(throws: RegionError.self) { try Self.read(Self.features(twice + "," + twice)) }
        #expect(error?.description == #"feature 1 (id "a"): the id repeats feature 0's"#)
        #expect(throws: RegionError.geoJSON("not valid JSON: line 1, column 9: unexpected end of the text")) {
            try Self.read("{\"type\":")
        }
        #expect(throws: RegionError.geoJSON(#"type is "Topology", expected "FeatureCollection""#)) {
            try Self.read(#"{"type":"Topology"}"#)
        }
    }

    @Test("the JSON reader: escapes and surrogate pairs in ids, exponents, and strict errors with their line and column")
    func jsonReader() throws {
        let ids = Self.features(
            #"""
            {"type":"Feature","id":"caf\u00e9 \ud83d\ude95 \"q\" \\ \/","geometry":{"type":"Point","coordinates":[2.35e0,4885E-2]},"properties":{"radius":8.0e1}},
            {"type":"Feature","id":-12,"geometry":{"type":"Point","coordinates":[-0.5,51]},"properties":{"radius":1}}
            """#)
        let collection = try Self.read(ids)
        #expect(collection.conditions.map(\.id) == ["café 🚕 \"q\" \\ /", "-12"])
        #expect(
            collection.conditions[0].shape == .circle(center: Coordinate(uncheckedLatitude: 48.85, longitude: 2.35), radius: 80))
        let bad: [(String, String)] = [
            ("{\"type\":\"FeatureCollection\",\n \"features\":[NaN]}", "line 2, column 14: unexpected character"),
            ("{\"type\":\"FeatureCollection\",\"features\":[],}", "line 1, column 43: expected a member name"),
            ("{\"a\":01}", "line 1, column 7: expected ',' or '}'"),
            ("{\"a\":1.}", "line 1, column 8: a number needs digits after '.'"),
            ("{\"a\":1e999}", "line 1, column 6: a number too large for a double"),
            ("{\"a\":\"\\x\"}", "line 1, column 10: a bad escape"),
            ("{\"a\":\"\\ud800\"}", "line 1, column 14: a lone surrogate in a \\u escape"),
            ("{\"a\":\"tab\there\"}", "line 1, column 10: a control character in a string"),
            ("{} {}", "line 1, column 4: text after the JSON value"),
            (String(repeating: "[", count: 100), "line 1, column 65: nested deeper than 64"),
        ]
        for (text, reason) in bad {
            #expect(throws: RegionError.geoJSON("not valid JSON: " + reason), "\(text)") { try Self.read(text) }
        }
        let invalidUTF8 = Data(#"{"type":"FeatureCollection","features":[],"x":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        #expect(throws: RegionError.self) { try RegionCollection(geoJSON: invalidUTF8) }
    }
}
