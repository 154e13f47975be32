import Foundation

/// The form of a ride identifier in a path: a UUID.
enum RideIdentifier {
    static func isValid(_ text: String) -> Bool {
        text.utf8.count == 36 && UUID(uuidString: text) != nil
    }
}
