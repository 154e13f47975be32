/// The answer of `GET /health`: `ok`, the database kind (`sqlite`, `postgresql`) and the API's
/// version.
public struct HealthBody: Sendable, Hashable, Codable {
    public var status: String
    public var database: String
    public var version: String

    public init(status: String = "ok", database: String, version: String) {
        self.status = status
        self.database = database
        self.version = version
    }
}

/// The answers of the operator's region routes: `POST /regions` (`added`, `regions`), `GET
/// /regions` (`regions` as identifiers) and `DELETE /regions/{id}` (`removed`).
public struct RegionsAddedBody: Sendable, Hashable, Codable {
    /// How many regions the request added or replaced.
    public var added: Int
    /// How many regions are watched now.
    public var regions: Int

    public init(added: Int, regions: Int) {
        self.added = added
        self.regions = regions
    }
}

/// `GET /regions`: the identifiers of the regions watched.
public struct RegionListBody: Sendable, Hashable, Codable {
    public var regions: [String]

    public init(regions: [String]) { self.regions = regions }
}

/// `DELETE /regions/{id}`: the identifier removed.
public struct RegionRemovedBody: Sendable, Hashable, Codable {
    public var removed: String

    public init(removed: String) { self.removed = removed }
}
