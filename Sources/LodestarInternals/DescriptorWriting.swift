#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing whole buffers to a file descriptor: the NMEA recorder's sentences and the region
/// store's snapshot and journal lines.
package enum DescriptorWriting {
    /// Writes every byte of `bytes` to `descriptor`, continuing after a partial write and retrying
    /// after EINTR. - Returns: false on an error (the reason in `errno`).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = write(descriptor, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}
