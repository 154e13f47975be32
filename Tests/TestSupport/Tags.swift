import Testing

extension Tag {
    /// Tests that start a real gpsd (gpsfake or a bare gpsd) on a loopback port, alone or under the
    /// `lodestar` executable. They take most of the suite's time and need gpsd installed.
    ///
    /// Swift 6.3's `swift test` filters by name, not by tag, so each tagged test's name carries
    /// its kind too: the tagged suites are `GPSDLiveTests`, `GPSDManagerTests` and `TrackTests`,
    /// and the tagged tests elsewhere are `RideGPSDTests/pickupFromGPSD` and `ExamplesTests/trackGPSD`.
    /// The suite without them (README.md, "Tests"):
    /// `swift test --skip 'GPSDLiveTests|GPSDManagerTests|TrackTests|RideGPSDTests/pickupFromGPSD|ExamplesTests/trackGPSD'`.
    @Tag public static var liveGPSD: Self
}
