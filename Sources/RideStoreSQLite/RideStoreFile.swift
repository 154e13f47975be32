import Foundation
import Glibc
import RideBooking

/// What is at a ride store's path, found without changing the file (see ``RideStore``), before
/// GRDB opens it: GRDB would switch a database to WAL and the schema step would add tables.
///
/// The SQLite header (its first 100 bytes) is read as plain bytes. When its `application_id`
/// (bytes 68–71, big-endian) is Lodestar's, the file is a store; when it is another non-zero
/// value, it belongs to another application. When it is 0, the database itself is asked (through
/// `SQLiteInspection`, read-only and, when no `-wal` or `-journal` file is beside it,
/// `immutable`, so that nothing is created next to it): a mark still in the WAL, no schema at
/// all, or exactly the tables of a store made before the mark existed.
enum RideStoreFile: Equatable {
    /// Nothing at the path: a writer creates the store, a reader sees no rides.
    case absent
    /// A file of zero bytes, or an SQLite database with no table, index or view, no application id
    /// and `user_version` 0: a writer makes it a store, a reader sees no rides.
    case blank
    /// An SQLite database marked with ``RideStore/applicationID``.
    case marked
    /// A store made by a Lodestar before the mark (application id 0, `user_version` 1, the tables
    /// `ride` and `store_revision` and nothing else): a writer marks it, a reader reads it.
    case unmarked

    /// The tables of a ride store at each schema version (index 0: version 1).
    static let tablesByVersion: [Set<String>] = [
        ["ride", "store_revision"], ["ride", "store_revision", "vehicle", "vehicle_position", "token"],
        ["ride", "store_revision", "vehicle", "vehicle_position", "token", "ride_event", "idempotency_key"],
    ]

    /// Classifies the file at `path` without writing to it.
    /// - Throws: `RideStoreError/notALodestarStore(path:reason:)` for another application's
    ///   database, `RideStoreError/notADatabase(path:)` for a file that is not SQLite,
    ///   `RideStoreError/cannotOpen(path:reason:)` for a directory, a device or an unreadable file.
    static func inspect(path: String) throws(RideStoreError) -> RideStoreFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            // A dangling symbolic link is not a new path: writing through it would create its target.
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                throw .cannotOpen(path: path, reason: "a symbolic link to nothing")
            }
            // Absent only when nothing is there: a path through a file (ENOTDIR) or a directory
            // that cannot be searched (EACCES) can never be a store.
            var info = stat()
            if stat(path, &info) != 0, errno != ENOENT {
                throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
            return .absent
        }
        if isDirectory.boolValue { throw .cannotOpen(path: path, reason: "is a directory") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw .cannotOpen(path: path, reason: "not a regular file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "cannot be read")
        }
        defer { try? handle.close() }
        let header: Data
        do {
            header = try handle.read(upToCount: 100) ?? Data()
        } catch {
            throw .cannotOpen(path: path, reason: "cannot be read: \((error as NSError).localizedDescription)")
        }
        if header.isEmpty { return .blank }
        guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw .notADatabase(path: path)
        }
        let mark = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        if mark == RideStore.applicationID { return .marked }
        if mark != 0 { throw foreign(path: path, reason: "its SQLite application_id is \(describe(mark))") }
        return try classify(try SQLiteInspection(path: path), path: path)
    }

    /// The class of a database whose header carries no application id, from what SQLite reads.
    static func classify(_ inspection: SQLiteInspection, path: String) throws(RideStoreError) -> RideStoreFile {
        if inspection.applicationID == RideStore.applicationID { return .marked }
        if inspection.applicationID != 0 {
            throw foreign(path: path, reason: "its SQLite application_id is \(describe(inspection.applicationID))")
        }
        if inspection.schema.isEmpty, inspection.userVersion == 0 { return .blank }
        let tables = Set(inspection.schema.filter { $0.type == "table" }.map(\.name))
        if (1...RideStore.schemaVersion).contains(inspection.userVersion),
            tables == Self.tablesByVersion.dropFirst(inspection.userVersion - 1).first,
            inspection.schema.allSatisfy({ $0.type == "table" || $0.type == "index" })
        {
            return .unmarked
        }
        let names = inspection.schema.map { "\($0.type) \($0.name)" }
        let shown = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? ", …" : "")
        throw foreign(
            path: path,
            reason: "no Lodestar application_id, and it holds "
                + (names.isEmpty ? "user_version \(inspection.userVersion)" : shown))
    }

    static func foreign(path: String, reason: String) -> RideStoreError {
        .notALodestarStore(path: path, reason: reason)
    }

    /// `0x4C445354 ('LDST')`: the value in hexadecimal, and as four characters when they are
    /// printable ASCII.
    static func describe(_ id: Int32) -> String {
        let bits = UInt32(bitPattern: id)
        let hex = String(bits, radix: 16, uppercase: true)
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: bits >> (24 - 8 * $0)) }
        let text = bytes.allSatisfy { (0x20..<0x7F).contains($0) } ? " ('\(String(decoding: bytes, as: UTF8.self))')" : ""
        return "0x" + String(repeating: "0", count: 8 - hex.count) + hex + text
    }
}
