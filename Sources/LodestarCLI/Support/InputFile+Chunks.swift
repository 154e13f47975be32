import LodestarInternals

extension InputFile {
    /// Reads the input in chunks of up to `chunkSize` bytes, calling `body` with each, until the
    /// end or until `body` returns false (standard output failed: nobody would see the rest).
    /// - Throws: ``InputFile/Failure`` when a read fails.
    func forEachChunk(chunkSize: Int = 1 << 20, while body: (UnsafeRawBufferPointer) -> Bool) throws(Failure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try read(into: buffer)
            if n == 0 || !body(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) { return }
        }
    }
}
