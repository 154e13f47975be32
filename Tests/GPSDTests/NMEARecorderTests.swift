import Foundation
import Testing

@testable import GPSD

@Suite("NMEA recorder")
struct NMEARecorderTests {
    @Test("CR LF lines as received; after close nothing more is written and the count is the file's")
    func closeEndsTheRecording() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = try NMEARecorder(path: directory.appendingPathComponent("out.nmea").path)
        let gga = "$GPGGA,020935.000,4404.1351,N,12118.8556,W,1,08,0.9,1123.9,M,-19.6,M,,0000*5E"
        let rmc = "$GNRMC,020935.000,A,4404.1351,N,12118.8556,W,0.04,359.11,050219,,,A*6C"
        #expect(recorder.record(gga + "\n"))
        #expect(recorder.record(rmc + "\r\n"))
        recorder.close()
        #expect(recorder.record(gga))  // dropped, not a failure
        recorder.close()
        #expect(recorder.sentencesWritten == 2)
        #expect(recorder.writeFailures == 0)
        #expect(try String(contentsOfFile: recorder.path, encoding: .utf8) == gga + "\r\n" + rmc + "\r\n")
    }
}
