import Foundation
import Glibc

/// Reads and decodes the JSON files RideBooking loads (a fleet, a gazetteer), with messages that
/// say what is wrong in the user's terms: "it is a FIFO, not a regular file", "line 3, column 15:
/// invalid value", "vehicles[0].capacity is a string; expected a whole number". Never Foundation's
/// "The operation could not be completed" or "The given data was not valid JSON".
enum JSONDocumentFile {
    /// The largest file read, bytes (64 MiB): a fleet of a million vehicles fits.
    static let maximumSize = 64 << 20

    /// Why a file could not be read (``Problem/unreadable``) or decoded (``Problem/invalid``);
    /// the text does not repeat the path.
    enum Problem: Error {
        case unreadable(String)
        case invalid(String)
    }

    /// The bytes of the regular file at `path`, at most ``maximumSize``.
    /// - Throws: ``Problem/unreadable(_:)``: an empty path, the system's reason (`No such file or
    ///   directory`, `Permission denied`), a file that is not a regular one, or one too large.
    static func read(_ path: String) throws(Problem) -> Data {
        guard !path.isEmpty else { throw .unreadable("the path is empty") }
        // Non-blocking, so that a FIFO with no writer is refused instead of waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { throw .unreadable("it is \(Self.kind(kind)), not a regular file") }
        guard Int(info.st_size) <= maximumSize else {
            throw .unreadable("it is \(info.st_size) bytes; at most \(maximumSize) are read")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        guard count <= maximumSize else { throw .unreadable("it is larger than \(maximumSize) bytes") }
        return Data(bytes[..<count])
    }

    /// A file type as a message names it: `a directory`, `a FIFO`.
    static func kind(_ mode: mode_t) -> String {
        switch mode {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Decodes `data` as a `T`.
    /// - Throws: ``Problem/invalid(_:)`` with the line and column of a syntax error, or the
    ///   path of the member that is missing or of the wrong type.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(Problem) -> T {
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw .invalid("the file is empty; a JSON object was expected")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw .invalid(syntaxError(in: data))
            }
            throw .invalid(explain(error))
        } catch {
            throw .invalid(String(describing: error))
        }
    }

    /// Where and why `data` is not JSON: "line 3, column 15: invalid value". JSONDecoder does not
    /// say where; JSONSerialization's message gives the offset ("around character 48"), which is
    /// turned into a line and a column (both from 1; the column counts characters).
    static func syntaxError(in data: Data) -> String {
        var reason = "not valid JSON"
        var offset = data.count
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if let range = text.range(of: " around character ") {
                let digits = text[range.upperBound...].prefix(while: \.isNumber)
                offset = min(Int(digits) ?? data.count, data.count)
                reason = String(text[..<range.lowerBound])
            } else if text.contains("end of file") {
                reason = "the document ends before it is complete"
            } else if !text.isEmpty {
                reason = text.hasSuffix(".") ? String(text.dropLast()) : text
            }
        }
        let (line, column) = position(of: offset, in: data)
        return "JSON syntax error at line \(line), column \(column): \(reason.prefix(1).lowercased() + reason.dropFirst())"
    }

    /// The line and column (both from 1) of byte `offset` of `data`; the column counts UTF-8
    /// characters, not bytes.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// One line for a decoding error: the member's path, then what is wrong with it
    /// (`vehicles[0].capacity is a string; expected a whole number`).
    static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, adding key: String? = nil) -> String {
            var keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            if let key { keys += ".\(key)" }
            return keys.hasPrefix(".") ? String(keys.dropFirst()) : keys
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing '\(key.stringValue)'" + (parent.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let type, let context):
            let found = context.debugDescription.range(of: "but found ").map { r in
                context.debugDescription[r.upperBound...].replacingOccurrences(of: " instead.", with: "")
            }
            let at = path(context)
            return (at.isEmpty ? "the document" : at) + (found.map { " is \($0)" } ?? " has the wrong type")
                + "; expected \(expectation(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null; expected \(expectation(type))"
        case .dataCorrupted(let context):
            let at = path(context)
            return (at.isEmpty ? "" : "\(at): ") + context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }

    /// What a value of `type` is, in words: `a whole number`, `a string`.
    private static func expectation(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default:
            "\(type)".hasPrefix("Array") ? "an array" : "\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)"
        }
    }
}
