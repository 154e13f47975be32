import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The established TCP connections this process holds to 127.0.0.1:`port` (or [::1]:`port`):
/// sockets among /proc/self/fd whose inode /proc/self/net/tcp{,6} lists with that remote port.
enum OpenConnections {
    static func count(toPort port: UInt16) -> Int {
        let fdDirectory = "/proc/self/fd"
        let links = (try? FileManager.default.contentsOfDirectory(atPath: fdDirectory)) ?? []
        let ownInodes = Set(
            links.compactMap { fd -> String? in
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fdDirectory)/\(fd)"),
                    target.hasPrefix("socket:[")
                else { return nil }
                return String(target.dropFirst("socket:[".count).dropLast())
            })
        let remotePort = String(format: ":%04X", port)
        var count = 0
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            let text = readWhole(table)
            for row in text.split(separator: "\n").dropFirst() {
                let columns = row.split(separator: " ")
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                guard columns.count > 9, columns[2].hasSuffix(remotePort), columns[3] == "01" else { continue }
                if ownInodes.contains(String(columns[9])) { count += 1 }
            }
        }
        return count
    }

    /// A /proc file read to its end with read(2): /proc reports a size of 0, and the table lists
    /// every socket of the machine's network namespace, often more than one page.
    static func readWhole(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
