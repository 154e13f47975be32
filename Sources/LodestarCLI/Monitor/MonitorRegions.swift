import Foundation
import Lodestar
import LodestarInternals

/// The regions `lodestar monitor` watches: read from the GeoJSON file, and reconciled with the
/// states kept by `--state`.
enum MonitorRegions {
    /// The conditions of the GeoJSON file at `path` (`-`: standard input), read up to
    /// `RegionCollection.maximumInputSize` bytes; `defaultDwell` for those that give none.
    /// - Throws: exit 66 (after one line on standard error) when the file cannot be read, 65 when
    ///   it is not a valid region collection (the line names the feature and the problem).
    static func load(_ path: String, defaultDwell: Duration?) throws -> RegionCollection {
        let file = try InputOpening.file(path)
        var data = Data()
        do throws(InputFile.Failure) {
            // A file of known size is read straight into the memory the Data then owns (no copy of
            // 12.8 MB from a buffer, 13 M instructions); what follows, or a stream, in chunks.
            if let size = file.size, size <= RegionCollection.maximumInputSize, let memory = malloc(size + 1) {
                var filled = 0
                do throws(InputFile.Failure) {
                    while filled <= size {
                        let n = try file.read(
                            into: UnsafeMutableRawBufferPointer(start: memory + filled, count: size + 1 - filled))
                        if n == 0 { break }
                        filled += n
                    }
                } catch {
                    free(memory)
                    throw error
                }
                data = Data(bytesNoCopy: memory, count: filled, deallocator: .free)
            }
            try withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { (chunk) throws(InputFile.Failure) in
                while data.count <= RegionCollection.maximumInputSize {
                    let n = try file.read(into: chunk)
                    if n == 0 { break }
                    data.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
                }
            }
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.noInput
        }
        do {
            // The collection checks the size bound and every feature.
            let collection = try RegionCollection(geoJSON: data)
            guard let defaultDwell else { return collection }
            return try collection.withDefaultDwell(defaultDwell)
        } catch {
            Diagnostics.error("\(file.name): \(error.description)")
            throw ExitStatus.dataError
        }
    }

    /// A monitor in memory, or kept in the state file.
    static func monitor(state: URL?, rule: RegionRule, exitMargin: Double) throws(RegionError) -> RegionMonitor {
        // The command prints what `add` and `update` return: no stream (bufferLimit 0).
        if let state {
            return try RegionMonitor(storage: state, rule: rule, exitMargin: exitMargin, bufferLimit: 0)
        }
        return try RegionMonitor(rule: rule, exitMargin: exitMargin, bufferLimit: 0)
    }

    /// Makes `monitor` watch exactly `conditions`: a region kept from the state file with the
    /// same condition keeps its state (what was reported is not reported again); one whose
    /// condition changed starts anew; one no longer in the file is dropped.
    /// - Returns: the `unknown` events of the regions that start anew.
    static func watch(_ collection: RegionCollection, in monitor: RegionMonitor) throws(RegionError) -> [RegionEvent] {
        let conditions = collection.conditions
        // Without a state file the monitor starts empty: every condition is new.
        guard monitor.count > 0 else { return conditions.isEmpty ? [] : try monitor.add(contentsOf: collection) }
        let wanted = Set(conditions.map(\.id))
        for id in monitor.identifiers where !wanted.contains(id) {
            try monitor.remove(id)
        }
        let new = conditions.filter { monitor.condition($0.id) != $0 }
        return new.isEmpty ? [] : try monitor.add(contentsOf: new)
    }
}
