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
