import Foundation
import LodestarInternals

/// How the API's bodies are written and read, in one place for the server and the client.
///
/// - Written with Foundation's `JSONEncoder`: members in sorted order (the same bytes for the same
///   body every time), absent optionals left out, slashes not escaped, dates are RFC 3339 UTC with milliseconds (`2026-11-24T12:00:00.250Z`).
/// - Read with `JSONDecoder`, which refuses NaN, infinities, numbers that do not fit a `Double`,
///   invalid UTF-8 and unescaped control characters. Dates are RFC 3339 date-times (years
///   0000...9999). The body types read themselves strictly: an
///   unknown member, a value of the wrong type or out of its range is a ``APIBodyError``.
public enum APICoding {
    /// The JSON text of `value`.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a non-finite number); the body
    ///   types never hold one.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(ISO8601.string(date, fractionDigits: 3, rounding: .down))
        }
        return try encoder.encode(value)
    }

    /// The batched form of vehicle positions read from `bytes`: by ``VehicleLocationBatchReader``
    /// when the text is a plain valid batch (what clients send), else by ``decode(_:from:)``,
    /// which gives the same batch or names what is wrong.
    /// - Throws: ``APIBodyError`` naming every problem found.
    public static func decodeBatch(_ bytes: [UInt8]) throws(APIBodyError) -> VehicleLocationBatchBody {
        if let batch = VehicleLocationBatchReader.read(bytes) { return batch }
        return try decode(VehicleLocationBatchBody.self, from: bytes)
    }

    /// `value` read from `bytes`.
    /// - Throws: ``APIBodyError`` naming every problem found (the first of each member).
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Sequence<UInt8>) throws(APIBodyError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let c = try decoder.singleValueContainer()
            let text = try c.decode(String.self)
            guard text.utf8.count <= 64, let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: c, debugDescription: "must be an RFC 3339 date-time such as 2026-11-24T12:00:00Z")
            }
            return date
        }
        do {
            return try decoder.decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw APIBodyError(error)
        } catch {
            throw APIBodyError(detail: "the body is not valid JSON: \(error)")
        }
    }
}
