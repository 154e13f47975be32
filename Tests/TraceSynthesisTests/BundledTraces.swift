import Foundation

/// The repository's Traces/ folder, which the synthesizer's output is compared with.
/// (LodestarTests' `GroundTruth.tracesDirectory` is the same lookup; both go to the shared
/// test-support target when there is one.)
enum BundledTraces {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")
}
