import Foundation

/// The established TCP connections this process holds to 127.0.0.1:`port` (or [::1]:`port`):
/// sockets among /proc/self/fd whose inode /proc/self/net/tcp{,6} lists with that remote port.
enum OpenConnections {
    static func count(toPort port: UInt16) -> Int {
        let fdDirectory = "/proc/self/fd"
        let links = (try? FileManager.default.contentsOfDirectory(atPath: fdDirectory)) ?? []
        let ownInodes = Set(links.compactMap { fd -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fdDirectory)/\(fd)"),
                target.hasPrefix("socket:[")
            else { return nil }
            return String(target.dropFirst("socket:[".count).dropLast())
        })
        let remotePort = String(format: ":%04X", port)
        var count = 0
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            let text = (try? String(contentsOfFile: table, encoding: .utf8)) ?? ""
            for row in text.split(separator: "\n").dropFirst() {
                let columns = row.split(separator: " ")
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                guard columns.count > 9, columns[2].hasSuffix(remotePort), columns[3] == "01" else { continue }
                if ownInodes.contains(String(columns[9])) { count += 1 }
            }
        }
        return count
    }
}
