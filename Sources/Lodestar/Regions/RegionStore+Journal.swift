import Foundation
import LodestarInternals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RegionStore {
    /// The journal as read: its records in order, its size, and the size of its whole lines (less
    /// than the size when the last line is torn).
    struct Journal {
        var records: [RegionJournalRecord] = []
        var bytes = 0
        var whole = 0
    }

    /// Appends one change to the journal as one line and flushes it to the disk (fsync; the
    /// directory too when the journal is new). Its ``RegionJournalRecord/sequence`` must be the
    /// snapshot's on disk, or the record is ignored when the store is read.
    /// - Returns: the bytes appended.
    /// - Throws: ``RegionError/storage(path:reason:)`` with the system's reason.
    @discardableResult
    public func append(_ record: RegionJournalRecord) throws(RegionError) -> Int {
        let path = journalURL.path
        var line: Data
        do { line = try Self.encoder.encode(record) } catch {
            throw .storage(path: path, reason: "cannot encode: \(error)")
        }
        line.append(0x0A)
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, "cannot open") }
        let ok = line.withUnsafeBytes { DescriptorWriting.writeAll($0, to: fd) } && fsync(fd) == 0
        let writeError = failure(path, "cannot append")
        close(fd)
        guard ok else { throw writeError }
        if !existed { Self.flushDirectory(url.deletingLastPathComponent().path) }
        return line.count
    }

    /// The journal's records; an absent journal has none. A last line without its newline (a crash
    /// while appending) is left out of the records.
    /// - Throws: ``RegionError/storage(path:reason:)`` for a journal too large or unreadable, or a
    ///   whole line that is not a record (naming the line, from 1).
    func readJournal() throws(RegionError) -> Journal {
        let path = journalURL.path
        guard let data = try read(journalURL) else { return Journal() }
        var journal = Journal(bytes: data.count)
        var start = data.startIndex
        var line = 0
        while let end = data[start...].firstIndex(of: 0x0A) {
            line += 1
            do {
                journal.records.append(try Self.decoder.decode(RegionJournalRecord.self, from: data[start..<end]))
            } catch {
                throw .storage(path: path, reason: "line \(line) is not a region journal record")
            }
            start = end + 1
        }
        journal.whole = start - data.startIndex
        return journal
    }

    /// A file's bytes, at most ``maximumFileSize``; nil when there is no file.
    func read(_ file: URL) throws(RegionError) -> Data? {
        let path = file.path
        guard let size = fileSize(path) else { return nil }
        guard size <= Self.maximumFileSize else {
            throw .storage(path: path, reason: "\(size) bytes, larger than the limit of \(Self.maximumFileSize)")
        }
        do { return try Data(contentsOf: file) } catch {
            throw .storage(path: path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    /// A file's size in bytes, or nil when there is none.
    func fileSize(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// The decoder of snapshots and records (dates in seconds since 1970).
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    /// Flushes a directory's entries to the disk (after a file in it was created or renamed).
    static func flushDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }
}
