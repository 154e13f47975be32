import Foundation

/// The ranges the API's bodies are held to (the OpenAPI document states the same).
public enum APIRanges {
    /// A party is 1...100 riders; 0 or less is a bad request, above the largest vehicle is the
    /// resolution's `unsupported`.
    public static let partySizes = 1...100
    /// A reported or current location's accuracy, metres.
    public static let accuracies = 0.0...100_000
    /// A reported speed, metres per second.
    public static let speeds = 0.0...200
    /// A course, degrees clockwise from true north, [0, 360).
    public static let courses = 0.0...360
    /// How many positions one batch holds.
    public static let batchSizes = 1...1000
    /// How far a vehicle's report may be timed ahead of the server's clock, seconds: clocks
    /// disagree by that much at most when both follow NTP or GNSS time; a later report is a 400.
    public static let maximumReportLead: TimeInterval = 30
    /// The earliest date the service takes: 2000-01-01T00:00:00Z.
    public static let earliestDate = Date(timeIntervalSince1970: 946_684_800)
}
