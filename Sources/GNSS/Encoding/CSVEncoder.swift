import LodestarInternals

/// Encodes fixes as CSV rows (RFC 4180), one per epoch, for spreadsheets and data tools.
///
/// Columns (``header``): UTC time (ISO 8601), mode (0 unknown, 1 no fix, 2 2D, 3 3D), quality
/// (GGA quality 0–8), latitude and longitude (degrees), altitude above MSL and above the ellipsoid
/// (m), speed (m/s), course (degrees true), horizontal and vertical accuracy (m, one sigma),
/// HDOP, VDOP, PDOP, satellites used, magnetic variation (degrees, east positive), true and
/// magnetic heading (degrees). Unknown values are empty.
public enum CSVEncoder {
    /// The header row with its line end.
    public static let header: [UInt8] = Array(
        """
        time,mode,quality,latitude_deg,longitude_deg,altitude_msl_m,altitude_hae_m,speed_mps,\
        course_deg,horizontal_accuracy_m,vertical_accuracy_m,hdop,vdop,pdop,satellites_used,\
        magnetic_variation_deg,true_heading_deg,magnetic_heading_deg

        """.utf8)

    /// Appends the row for `fix` with its line end.
    public static func appendRow(_ fix: Fix, to out: inout [UInt8]) {
        if let t = fix.time { ISO8601.append(t, fractionDigits: 3, to: &out) }
        out.append(0x2C)
        DecimalText.appendInteger(Int64(fix.mode.rawValue), to: &out)
        out.append(0x2C)
        if let q = fix.quality { DecimalText.appendInteger(Int64(q.rawValue), to: &out) }
        field(fix.coordinate?.latitude, 9, &out)
        field(fix.coordinate?.longitude, 9, &out)
        field(fix.altitudeMSL, 3, &out)
        field(fix.altitudeHAE, 3, &out)
        field(fix.speed, 3, &out)
        field(fix.course, 2, &out)
        field(fix.errors.horizontalAccuracy, 2, &out)
        field(fix.errors.verticalAccuracy, 2, &out)
        field(fix.hdop, 2, &out)
        field(fix.vdop, 2, &out)
        field(fix.pdop, 2, &out)
        out.append(0x2C)
        if let n = fix.satellitesUsed { DecimalText.appendInteger(Int64(n), to: &out) }
        field(fix.magneticVariation, 1, &out)
        field(fix.heading?.trueHeading, 2, &out)
        field(fix.heading?.magneticHeading, 2, &out)
        out.append(0x0A)
    }

    @inline(__always)
    static func field(_ value: Double?, _ decimals: Int, _ out: inout [UInt8]) {
        out.append(0x2C)
        if let value, value.isFinite { DecimalText.append(value, decimals: decimals, to: &out) }
    }
}
