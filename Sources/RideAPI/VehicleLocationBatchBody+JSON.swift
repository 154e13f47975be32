import Foundation
import LodestarInternals

extension VehicleLocationBatchBody {
    /// The JSON text of the batch, as ``APICoding/encode(_:)`` writes it (members in sorted order,
    /// absent ones left out, the timestamp RFC 3339 with milliseconds, rounded down), written
    /// straight into bytes by the package's JSON writer (`JSONObjectText`) instead of through
    /// `JSONEncoder`.
    ///
    /// The batched form is the one body a client sends at a high rate: through `JSONEncoder` each
    /// position cost about 51,000 instructions, here 9,500 (callgrind, issue 24's ingest run).
    /// This is the same text: a test decodes both and compares.
    /// Numbers are written in their shortest form that reads back to the same `Double`.
    public var jsonBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(24 + 180 * locations.count)
        var batch = JSONObjectText(continuing: &out)
        var elements: [JSONObjectText] = []
        elements.reserveCapacity(locations.count)
        for location in locations { elements.append(location.jsonObject) }
        batch.add("locations", objects: elements)
        batch.finish(into: &out)
        return out
    }
}

extension VehicleLocationBody {
    /// The report as a JSON object, members in sorted order (``VehicleLocationBatchBody/jsonBytes``).
    var jsonObject: JSONObjectText {
        var coordinateObject = JSONObjectText()
        coordinateObject.add("latitude", coordinate.latitude)
        coordinateObject.add("longitude", coordinate.longitude)
        var object = JSONObjectText()
        object.add("coordinate", object: coordinateObject)
        if let course { object.add("course", course) }
        if let horizontalAccuracy { object.add("horizontalAccuracy", horizontalAccuracy) }
        if let speed { object.add("speed", speed) }
        object.add("timestamp", time: timestamp, fractionDigits: 3, rounding: .down)
        if let vehicleIdentifier { object.add("vehicleIdentifier", vehicleIdentifier) }
        return object
    }
}
