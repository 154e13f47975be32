/// An error estimate with the confidence it was stated at.
///
/// Receivers and gpsd do not agree on what an "error" means: NMEA GST gives one-sigma standard
/// deviations per axis, gpsd's `eph`/`epv` are nominally 95% figures. Lodestar keeps the figure as
/// reported together with its confidence, and converts once, in ``ErrorEstimates/horizontalAccuracy``
/// and ``ErrorEstimates/verticalAccuracy``.
public struct Uncertainty: Sendable, Equatable, Codable {
    /// The reported figure, in metres (or metres per second, or degrees, as the field states).
    public var value: Double
    /// What the figure means.
    public var confidence: Confidence

    public init(_ value: Double, _ confidence: Confidence) {
        self.value = value
        self.confidence = confidence
    }

    /// The same estimate expressed at one sigma (68% for one axis; for a horizontal radius, the
    /// 2D RMS circle). See ``Confidence`` for the factors.
    public var oneSigma: Double {
        switch confidence {
        case .oneSigma: value
        case .horizontal95: value / 2
        case .vertical95: value / 1.96
        }
    }
}

/// The confidence level of an ``Uncertainty``.
///
/// The conversions to one sigma, and why:
/// - ``oneSigma``: already one standard deviation (NMEA GST, and Lodestar's own figures).
/// - ``horizontal95``: gpsd's `eph`, `epx`, `epy`. gpsd's error model multiplies a DOP by a
///   user range error stated at 95% (15 m without DGPS, i.e. two sigma of 7.5 m), so the figure is
///   2DRMS; halving it gives the 2D RMS (one sigma) radius. Divided by 2.
/// - ``vertical95``: gpsd's `epv`, a two-sided 95% interval on one axis: 1.96 σ. Divided by 1.96.
public enum Confidence: String, Sendable, Equatable, Codable {
    case oneSigma
    case horizontal95
    case vertical95
}

/// The error estimates of one epoch. Each is nil when not reported.
public struct ErrorEstimates: Sendable, Equatable {
    /// Standard deviation of latitude error, metres (GST) or gpsd `epy`.
    public var latitude: Uncertainty?
    /// Standard deviation of longitude error, metres (GST) or gpsd `epx`.
    public var longitude: Uncertainty?
    /// Horizontal position error radius, metres (gpsd `eph`, or derived from HDOP).
    public var horizontal: Uncertainty?
    /// Vertical error, metres (GST altitude sigma, gpsd `epv`, or derived from VDOP).
    public var vertical: Uncertainty?
    /// Speed error, metres per second (gpsd `eps`).
    public var speed: Uncertainty?
    /// Course error, degrees (gpsd `epd`).
    public var course: Uncertainty?

    public init(
        latitude: Uncertainty? = nil, longitude: Uncertainty? = nil, horizontal: Uncertainty? = nil,
        vertical: Uncertainty? = nil, speed: Uncertainty? = nil, course: Uncertainty? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontal = horizontal
        self.vertical = vertical
        self.speed = speed
        self.course = course
    }

    /// Lodestar's horizontal accuracy: the radius of the 68% (one-sigma, 2D RMS) circle, metres.
    ///
    /// From per-axis sigmas when both are known: √(σ_lat² + σ_lon²). Otherwise the horizontal
    /// radius converted to one sigma. nil when nothing was reported.
    public var horizontalAccuracy: Double? {
        if let lat = latitude, let lon = longitude {
            let a = lat.oneSigma
            let b = lon.oneSigma
            return (a * a + b * b).squareRoot()
        }
        return horizontal?.oneSigma
    }

    /// Lodestar's vertical accuracy: one sigma (68%), metres. nil when not reported.
    public var verticalAccuracy: Double? { vertical?.oneSigma }
}
