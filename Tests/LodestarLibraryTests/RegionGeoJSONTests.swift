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
        let text = Self.features("""
            {"type":"Feature","id":"home","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"radius":80,"dwell":120}},
            {"type":"Feature","id":7,"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]],[[0.2,0.2],[0.4,0.2],[0.4,0.4],[0.2,0.2]]]},"properties":null},
            {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]},"properties":{"id":"parts","radius":1}}
            """)
        let collection = try Self.read(text)
        #expect(collection.conditions.map(\.id) == ["home", "7", "parts"])
        #expect(collection.conditions[0].shape == .circle(center: Coordinate(uncheckedLatitude: 48.85, longitude: 2.35), radius: 80))
        #expect(collection.conditions[0].dwell == .seconds(120))
        guard case .polygon(let polygon) = collection.conditions[1].shape else { Issue.record("not a polygon"); return }
        #expect(polygon.rings.map(\.count) == [4, 3])
        #expect(polygon.rings[1][1] == Coordinate(uncheckedLatitude: 0.2, longitude: 0.4))
        guard case .multiPolygon(let parts) = collection.conditions[2].shape else { Issue.record("not a multipolygon"); return }
        #expect(parts.count == 2 && parts[1].rings[0][2] == Coordinate(uncheckedLatitude: 6, longitude: 6))
    }

    @Test("every bad feature is one line naming its index, its id and the problem")
    func badFeatures() {
        let point = #""geometry":{"type":"Point","coordinates":[2.35,48.85]}"#
        let cases: [(String, String)] = [
            (#"{"type":"Feature","id":"a",\#(point),"properties":{}}"#,
             #"feature 0 (id "a"): a Point needs properties.radius, metres > 0 and ≤ 1000000"#),
            (#"{"type":"Feature","id":"a",\#(point),"properties":{"radius":-3}}"#,
             #"feature 0 (id "a"): properties.radius must be metres > 0 and ≤ 1000000, not -3.0"#),
            (#"{"type":"Feature","id":"a",\#(point),"properties":{"radius":2000000}}"#,
             #"feature 0 (id "a"): properties.radius must be metres > 0 and ≤ 1000000, not 2000000.0"#),
            (#"{"type":"Feature",\#(point),"properties":{"radius":3}}"#,
             "feature 0: no id (a feature id or properties.id, string or number)"),
            (#"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[2.35,91]},"properties":{"radius":3}}"#,
             #"feature 0 (id "a"): coordinates: "# + CoordinateError.latitudeOutOfRange(91).description),
            (#"{"type":"Feature","id":"a",\#(point),"properties":{"radius":3,"dwell":700000}}"#,
             #"feature 0 (id "a"): properties.dwell must be a number of seconds ≥ 0 and ≤ 604800, not 700000"#),
            (#"{"type":"Feature","id":"l","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}"#,
             #"feature 0 (id "l"): geometry type LineString cannot be a region (Point with radius, Polygon, MultiPolygon)"#),
            (#"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}}"#,
             #"feature 0 (id "p"): coordinates ring 0 is not closed (its first and last positions differ)"#),
            (#"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}}"#,
             #"feature 0 (id "p"): coordinates ring 0 must be an array of at least 4 positions"#),
            (#"{"type":"Feature","id":"p","geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0],[0,0]]]}}"#,
             #"feature 0 (id "p"): bad polygon: ring 0 has 2 distinct vertices, needs at least 3"#),
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
        #expect(throws: RegionError.geoJSON("not valid JSON")) { try Self.read("{\"type\":") }
        #expect(throws: RegionError.geoJSON(#"type is "Topology", expected "FeatureCollection""#)) {
            try Self.read(#"{"type":"Topology"}"#)
        }
    }
}
