import Foundation
import LodestarInternals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file holding a ``RegionSnapshot`` as JSON, and beside it a journal of the changes since
/// (``journalURL``, one ``RegionJournalRecord`` a line), written so that a crash never loses them:
/// - a change is appended to the journal as one line and flushed to the disk (fsync) before
///   its events are delivered; a crash while appending leaves a last line without its newline,
///   which is ignored (that change is lost) and cut off when a monitor next opens the store;
/// - a whole snapshot is written to a temporary file in the same directory, flushed (fsync),
///   renamed over the old one (atomic on POSIX file systems), the directory flushed, and the
///   journal removed. Its ``RegionSnapshot/sequence`` is one more than the last, so a journal a
///   crash left behind (older records) is ignored.
/// A change costs O(regions it changed); ``RegionMonitor`` writes a whole snapshot (O(n)) only when
/// the journal has grown past the snapshot's size (at least 1 MiB), or for a change to half the
/// regions or more.
public struct RegionStore: Sendable {
    /// The snapshot's file.
    public let url: URL
    /// The journal's file: the snapshot's path with `.journal` appended.
    public var journalURL: URL { URL(fileURLWithPath: url.path + ".journal") }
    /// The largest snapshot or journal read, bytes (512 MiB).
    public static let maximumFileSize = 512 << 20

    public init(url: URL) {
        self.url = url
    }

    /// What ``RegionMonitor`` knows of the files after opening them.
    struct Opened {
        var snapshot: RegionSnapshot?
        /// The snapshot file's size, bytes; 0 when there is none.
        var snapshotBytes: Int
        /// The journal's size after a torn last line was cut off, bytes.
        var journalBytes: Int
    }

    /// The snapshot with the journal applied, or nil when there is no snapshot (a journal without
    /// one is ignored). Reads only.
    /// - Throws: ``RegionError/storage(path:reason:)`` naming the file and the problem: too large,
    ///   unreadable, truncated or not a region file, or a journal line (not the last) that is corrupt.
    public func load() throws(RegionError) -> RegionSnapshot? {
        guard let snapshot = try loadSnapshot() else { return nil }
        return snapshot.applying(try readJournal().records)
    }

    /// ``load()`` for a monitor that will append: a torn last line of the journal is cut off, so
    /// that the next record starts a line of its own.
    func openForAppending() throws(RegionError) -> Opened {
        guard let snapshot = try loadSnapshot() else { return Opened(snapshot: nil, snapshotBytes: 0, journalBytes: 0) }
        let journal = try readJournal()
        if journal.whole < journal.bytes, truncate(journalURL.path, off_t(journal.whole)) != 0 {
            throw failure(journalURL.path, "cannot cut off its torn last line")
        }
        return Opened(
            snapshot: snapshot.applying(journal.records), snapshotBytes: fileSize(url.path) ?? 0,
            journalBytes: journal.whole)
    }

    /// The snapshot file alone, or nil when there is none.
    private func loadSnapshot() throws(RegionError) -> RegionSnapshot? {
        let path = url.path
        guard let data = try read(url) else { return nil }
        guard !data.isEmpty else { throw .storage(path: path, reason: "empty, not a region file") }
        do {
            return try Self.decoder.decode(RegionSnapshot.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw .storage(path: path, reason: "truncated or corrupt: not valid JSON")
        } catch let error as DecodingError {
            throw .storage(path: path, reason: "not a region file: \(Self.describe(error))")
        } catch {
            throw .storage(path: path, reason: "not a region file: \(error)")
        }
    }

    /// Writes a whole snapshot (temporary file, fsync, rename, fsync of the directory), then
    /// removes the journal. Give it a ``RegionSnapshot/sequence`` above the last one written, so
    /// that a journal a crash leaves behind is not applied to it.
    ///
    /// The file is JSONEncoder's text of the snapshot (sorted keys, dates in seconds since 1970),
    /// written a region at a time through a buffer of 1 MiB (`writeBuffer`): the memory it takes
    /// is one region's text and the buffer, not the whole file's tree and text (100,000 regions:
    /// a 16 MB file, which encoded whole took about 500 MB at its peak).
    /// - Returns: the file's size, bytes.
    /// - Throws: ``RegionError/storage(path:reason:)`` with the system's reason.
    @discardableResult
    public func save(_ snapshot: RegionSnapshot) throws(RegionError) -> Int {
        let encoder = Self.encoder
        // The members around the regions, as the encoder writes them with none: split at the
        // empty array, the regions' texts go between its brackets.
        var frame = snapshot
        frame.regions = []
        let empty: Data
        do { empty = try encoder.encode(frame) } catch {
            throw .storage(path: url.path, reason: "cannot encode: \(error)")
        }
        guard let marker = empty.range(of: Data(#""regions":[]"#.utf8)) else {
            throw .storage(path: url.path, reason: "cannot encode: no regions member")
        }
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(temporary, "cannot create") }
        var buffer = Data()
        buffer.reserveCapacity(Self.writeBuffer + 4096)
        var written = 0
        var ok = true
        func flush() {
            if ok, !buffer.isEmpty { ok = buffer.withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) } }
            written += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        buffer.append(empty[..<(marker.upperBound - 1)])
        var encodingError: (any Error)?
        for (i, entry) in snapshot.regions.enumerated() {
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            do { buffer.append(try encoder.encode(entry)) } catch {
                encodingError = error
                break
            }
            if buffer.count >= Self.writeBuffer { flush() }
        }
        buffer.append(empty[(marker.upperBound - 1)...])
        flush()
        ok = ok && encodingError == nil && fsync(fd) == 0
        let writeError =
            encodingError.map { RegionError.storage(path: url.path, reason: "cannot encode: \($0)") }
            ?? failure(temporary, "cannot write")
        close(fd)
        guard ok else {
            unlink(temporary)
            throw writeError
        }
        guard rename(temporary, url.path) == 0 else {
            let error = failure(url.path, "cannot rename \(temporary) over it")
            unlink(temporary)
            throw error
        }
        Self.flushDirectory(directory)
        // After the rename: a crash before this leaves older records, which the new sequence ignores.
        if unlink(journalURL.path) != 0, errno != ENOENT {
            throw failure(journalURL.path, "cannot remove the journal")
        }
        return written
    }

    /// The encoder of snapshots: sorted keys, dates in seconds since 1970.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// How much of a snapshot's text is gathered before it is written, bytes (1 MiB).
    static let writeBuffer = 1 << 20

    func failure(_ path: String, _ what: String) -> RegionError {
        .storage(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }

    /// A decoding error in one line: where and what.
    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let c): return c.debugDescription + at(c.codingPath)
        case .keyNotFound(let key, let c): return "missing \"\(key.stringValue)\"" + at(c.codingPath)
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return c.debugDescription + at(c.codingPath)
        @unknown default: return "\(error)"
        }
    }
}
