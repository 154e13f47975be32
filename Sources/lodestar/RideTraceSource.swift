import Foundation
import GNSS
import Lodestar
import NMEA

/// An NMEA trace file as a source for `lodestar ride --trace`: the NMEA module's decoder turns it
/// into one fix per receiver epoch, and a rejected line becomes a warning with its line number.
enum RideTraceSource {
    /// The trace's fixes, in order, as a source the location manager replays.
    /// - Throws: ``RideExit/error(_:)`` when the file cannot be read.
    static func open(_ path: String) throws(RideExit) -> RecordedFixSource {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .error("cannot read trace \(path): \((error as NSError).localizedDescription)")
        }
        var decoder = NMEADecoder()
        var events: [FixSourceEvent] = []
        let collect = { (event: NMEADecoder.Event) in
            switch event {
            case .epoch(let epoch): events.append(.fix(epoch.fix))
            case .rejected(let line): events.append(.warning(line.description))
            }
        }
        data.withUnsafeBytes { decoder.decode($0, collect) }
        decoder.finish(collect)
        return RecordedFixSource(name: "trace \(URL(fileURLWithPath: path).lastPathComponent)", events: events)
    }
}
