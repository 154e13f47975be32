import GNSS

/// The satellites a cycle's GSA sentences name as used, as gpsd numbers them (its `PRN`, 1...447),
/// as a bit set in a buffer allocated once and kept across cycles: recording a GSA and marking
/// the satellites in view cost a few instructions a satellite and no allocation. PRNs outside
/// 1...447 (gpsd numbers none there) are not recorded.
struct UsedSatellites: Sendable {
    private static let wordCount = 7
    private var words = [UInt64](repeating: 0, count: wordCount)
    /// Whether any satellite is recorded.
    private(set) var isEmpty = true

    /// Records the ids of a GSA, numbered for `system` (nil: by their ranges, as GPS).
    mutating func insert(_ ids: SatelliteIDs, system: GNSSSystem?) {
        guard !ids.isEmpty else { return }
        isEmpty = false
        words.withUnsafeMutableBufferPointer { words in
            for id in ids {
                let prn = GPSDSatelliteNumber.prn(nmeaID: id, system: system)
                if prn > 0 && prn < 448 { words[prn &>> 6] |= 1 &<< UInt64(prn & 63) }
            }
        }
    }

    /// Marks used the satellites of `satellites` that are recorded and have a signal (SNR above
    /// 0), as gpsd marks them.
    func mark(_ satellites: inout [SatelliteInView]) {
        guard !isEmpty else { return }
        words.withUnsafeBufferPointer { words in
            satellites.withUnsafeMutableBufferPointer { satellites in
                for i in satellites.indices where (satellites[i].snr ?? 0) > 0 {
                    let prn = GPSDSatelliteNumber.prn(nmeaID: satellites[i].prn, system: satellites[i].system)
                    if prn > 0 && prn < 448 && words[prn &>> 6] & (1 &<< UInt64(prn & 63)) != 0 {
                        satellites[i].used = true
                    }
                }
            }
        }
    }

    /// Forgets every satellite, keeping the buffer.
    mutating func removeAll() {
        guard !isEmpty else { return }
        words.withUnsafeMutableBufferPointer { words in
            for i in words.indices { words[i] = 0 }
        }
        isEmpty = true
    }
}
