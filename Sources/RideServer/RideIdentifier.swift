import Foundation

/// The form of a ride identifier in a path: a UUID, `8-4-4-4-12` hexadecimal digits in either
/// case, which the store keeps in upper case.
package enum RideIdentifier {
    /// `text` in the store's form (upper case), or nil when it is not a UUID. Read from the
    /// bytes: every status read passes here, and Foundation's `UUID(uuidString:)` (`sscanf`) with
    /// `uuidString` (`snprintf`) cost 24,000 instructions a request (issue 24).
    package static func canonical(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.count == 36 else { return nil }
            return String(unsafeUninitializedCapacity: 36) { out in
                for (i, byte) in bytes.enumerated() {
                    if i == 8 || i == 13 || i == 18 || i == 23 {
                        guard byte == UInt8(ascii: "-") else { return 0 }
                        out[i] = byte
                    } else {
                        switch byte {
                        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): out[i] = byte
                        case UInt8(ascii: "a")...UInt8(ascii: "f"): out[i] = byte - 32
                        default: return 0
                        }
                    }
                }
                return 36
            }.nonEmpty
        }
    }
}

extension String {
    /// The string, or nil when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
