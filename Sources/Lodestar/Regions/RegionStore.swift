import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file holding a ``RegionSnapshot`` as JSON, written so that a crash never loses it: each save
/// writes a temporary file in the same directory, flushes it to the disk (fsync), renames it over
/// the old one (atomic on POSIX file systems) and flushes the directory. A crash while saving leaves
/// the previous file whole; at most the last save is lost.
public struct RegionStore: Sendable {
    /// The file.
    public let url: URL
    /// The largest file read, bytes (512 MiB).
    public static let maximumFileSize = 512 << 20

    public init(url: URL) {
        self.url = url
    }

    /// The snapshot in the file, or nil when there is no file.
    /// - Throws: ``RegionError/storage(path:reason:)`` naming the file and the problem: too large,
    ///   unreadable, truncated or not a region file.
    public func load() throws(RegionError) -> RegionSnapshot? {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileSize else {
            throw .storage(path: path, reason: "\(size) bytes, larger than the limit of \(Self.maximumFileSize)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .storage(path: path, reason: "cannot read: \(error.localizedDescription)")
        }
        guard !data.isEmpty else { throw .storage(path: path, reason: "empty, not a region file") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(RegionSnapshot.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw .storage(path: path, reason: "truncated or corrupt: not valid JSON")
        } catch let error as DecodingError {
            throw .storage(path: path, reason: "not a region file: \(Self.describe(error))")
        } catch {
            throw .storage(path: path, reason: "not a region file: \(error)")
        }
    }

    /// Writes a snapshot: temporary file, fsync, rename, fsync of the directory.
    /// - Throws: ``RegionError/storage(path:reason:)`` with the system's reason.
    public func save(_ snapshot: RegionSnapshot) throws(RegionError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(snapshot) } catch {
            throw .storage(path: url.path, reason: "cannot encode: \(error)")
        }
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(temporary, "cannot create") }
        var written = 0
        let ok = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let n = write(fd, bytes.baseAddress.map { $0 + written }, bytes.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return fsync(fd) == 0
        }
        let writeError = failure(temporary, "cannot write")
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
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    private func failure(_ path: String, _ what: String) -> RegionError {
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
