import Foundation
import Geodesy

/// A list of named places that a pickup or drop-off given by name is looked up in.
///
/// Names are compared after folding case and diacritics and reducing punctuation to spaces
/// ("Saint-Pancras" ≡ "saint pancras"). A place matches **exactly** when the query equals its name
/// or one of its aliases, and **inexactly** when the query is contained in the name or an alias,
/// or every word of the query begins a word of it ("heath term 5" → "Heathrow Terminal 5").
public struct Gazetteer: Sendable, Hashable {
    /// The places, in file order.
    public let places: [GazetteerPlace]
    private let keys: [[String]]

    public init(places: [GazetteerPlace]) {
        self.places = places
        keys = places.map { place in ([place.name] + place.aliases).map(Self.normalize) }
    }

    /// A gazetteer with no places.
    public static let empty = Gazetteer(places: [])

    /// The built-in gazetteer: a few dozen places in central London and at Heathrow, with the
    /// designated pickup points at the bundled traces' destinations (Charing Cross station
    /// forecourt among them).
    public static let london: Gazetteer = {
        (try? decode(Data(PackageResources.london_gazetteer_json), path: "london.gazetteer.json")) ?? .empty
    }()

    /// Loads a gazetteer file: `{"places": [{"name", "latitude", "longitude", "aliases"?,
    /// "address"?, "pickupPoint"?}]}`.
    /// - Throws: ``GazetteerError`` naming the file and the problem: not a regular file, not JSON
    ///   (with the line and column), a member missing or of the wrong type (with its path).
    public static func load(contentsOf path: String) throws(GazetteerError) -> Gazetteer {
        let data: Data
        do throws(JSONDocumentFile.Problem) {
            data = try JSONDocumentFile.read(path)
        } catch {
            switch error {
            case .unreadable(let reason), .invalid(let reason): throw .unreadable(path: path, reason: reason)
            }
        }
        return try decode(data, path: path)
    }

    private struct Document: Decodable { var places: [GazetteerPlace] }

    static func decode(_ data: Data, path: String) throws(GazetteerError) -> Gazetteer {
        do throws(JSONDocumentFile.Problem) {
            return Gazetteer(places: try JSONDocumentFile.decode(Document.self, from: data).places)
        } catch {
            switch error {
            case .unreadable(let reason), .invalid(let reason): throw .invalid(path: path, reason: reason)
            }
        }
    }

    /// The designated pickup points.
    public var pickupPoints: [GazetteerPlace] { places.filter(\.isPickupPoint) }

    /// The places whose name or an alias matches `query`: exact matches and inexact ones
    /// (inexact excludes exact), each in file order.
    public func matches(for query: String) -> (exact: [GazetteerPlace], inexact: [GazetteerPlace]) {
        let q = Self.normalize(query)
        guard !q.isEmpty else { return ([], []) }
        let words = q.split(separator: " ")
        var exact: [GazetteerPlace] = []
        var inexact: [GazetteerPlace] = []
        for (place, names) in zip(places, keys) {
            if names.contains(q) {
                exact.append(place)
            } else if names.contains(where: { name in
                name.contains(q) || words.allSatisfy { word in name.split(separator: " ").contains { $0.hasPrefix(word) } }
            }) {
                inexact.append(place)
            }
        }
        return (exact, inexact)
    }

    /// Lower case, no diacritics, runs of anything but letters and digits as one space.
    static func normalize(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var out = ""
        var space = false
        for ch in folded {
            if ch.isLetter || ch.isNumber {
                if space, !out.isEmpty { out.append(" ") }
                out.append(ch)
                space = false
            } else {
                space = true
            }
        }
        return out
    }

    public static func == (a: Gazetteer, b: Gazetteer) -> Bool { a.places == b.places }
    public func hash(into hasher: inout Hasher) { hasher.combine(places) }
}
