// A flat C interface to libgps for Swift.
//
// libgps's gps_data_t holds unions, fixed-size arrays and a variadic gps_send, none of which
// import cleanly into Swift 6. This shim hides it behind an opaque handle and copies each report
// into a plain-old-data struct. One function per libgps call.
//
// Threading: a connection belongs to the thread that opened it. Every call on it, including
// lgps_close, must come from that thread (gps_close from another thread while gps_read runs
// is a use-after-free).
#ifndef LODESTAR_GPS_H
#define LODESTAR_GPS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open connection to gpsd. Opaque.
typedef struct lgps_connection lgps_connection;

/// What one line from gpsd was.
typedef enum lgps_kind {
    /// Nothing usable (VERSION, DEVICES, WATCH, SKY, GST, ...).
    LGPS_KIND_OTHER = 0,
    /// A TPV report: the fix fields of lgps_report are filled.
    LGPS_KIND_TPV = 1,
    /// An ATT report: the attitude fields of lgps_report are filled.
    LGPS_KIND_ATT = 2,
    /// A raw NMEA 0183 sentence (only when watching with nmea = true); see lgps_line.
    LGPS_KIND_NMEA = 3,
    /// A SKY report: the DOP fields and satellite_count of lgps_report are filled, the satellites
    /// are read with lgps_satellites.
    LGPS_KIND_SKY = 4,
} lgps_kind;

/// gpsd's fix status (TPV "status"), numbered as gps.h API 10 and later number it.
typedef enum lgps_status {
    LGPS_STATUS_UNKNOWN = 0,   // STATUS_NO_FIX (API < 14), STATUS_UNK (API >= 14)
    LGPS_STATUS_GPS = 1,       // STATUS_FIX (API < 14), STATUS_GPS (API >= 14)
    LGPS_STATUS_DGPS = 2,
    LGPS_STATUS_RTK_FIXED = 3,
    LGPS_STATUS_RTK_FLOAT = 4,
    LGPS_STATUS_DEAD_RECKONING = 5,
    LGPS_STATUS_GNSS_DEAD_RECKONING = 6,
    LGPS_STATUS_TIME_ONLY = 7,
    LGPS_STATUS_SIMULATED = 8,
    LGPS_STATUS_PPS = 9,
} lgps_status;

/// One report from gpsd, flattened. Unknown numbers are NaN, as libgps gives them.
typedef struct lgps_report {
    /// An lgps_kind.
    int32_t kind;

    // TPV
    /// 0 not seen, 1 no fix, 2 2D, 3 3D.
    int32_t mode;
    /// An lgps_status.
    int32_t status;
    /// Whether time_seconds/time_nanoseconds hold the receiver's UTC time.
    bool has_time;
    int64_t time_seconds;
    int32_t time_nanoseconds;
    /// Degrees.
    double latitude, longitude;
    /// Metres: height above the ellipsoid, above mean sea level, geoid separation.
    double altitude_hae, altitude_msl, geoid_separation;
    /// Metres per second; degrees true; metres per second (up).
    double speed, track, climb;
    /// Degrees, east positive; degrees magnetic.
    double magnetic_variation, magnetic_track;
    /// gpsd's error estimates, nominally 95%: metres (eph, epx, epy, epv, sep),
    /// metres per second (eps, epc), degrees (epd), seconds (ept).
    double eph, epx, epy, epv, eps, epd, epc, ept, sep;

    // ATT
    /// Degrees (gpsd reports raw sensor units for some compasses).
    double heading, pitch, roll;
    /// Magnetometer status character, 0 when absent.
    char magnetometer_status;

    // SKY
    /// Dilutions of precision as gpsd sent them, NaN when absent.
    double hdop, vdop, pdop;
    /// Satellites the SKY listed (0 when it had no "satellites"), at most LGPS_MAX_SATELLITES.
    int32_t satellite_count;

    /// CLOCK_MONOTONIC when gps_read returned this line.
    int64_t received_seconds;
    int32_t received_nanoseconds;
} lgps_report;

/// One satellite of a SKY report, as libgps parsed it. Unknown numbers are NaN.
typedef struct lgps_satellite {
    /// gpsd's PRN (its own numbering across systems); 0 when absent.
    int32_t prn;
    /// Degrees above the horizon; degrees true; dB-Hz.
    double elevation, azimuth, snr;
    /// Whether the receiver used it in the solution.
    bool used;
    /// u-blox gnssid and svid; both 0 when gpsd did not send them.
    int32_t gnssid, svid;
} lgps_satellite;

/// The most satellites one SKY report holds (libgps's MAXCHANNELS in gpsd 3.22).
#define LGPS_MAX_SATELLITES 140

/// Copies the satellites of the SKY report just read (report->satellite_count of them, at most
/// capacity) into out; returns how many were copied. Valid until the next lgps_read.
int32_t lgps_satellites(const lgps_connection *connection, lgps_satellite *out, int32_t capacity);

/// The API major version of the libgps this shim was built against (gps.h).
int32_t lgps_api_major_version(void);

/// Blocks SIGPIPE for the calling thread, so that writing to a socket gpsd has closed fails with
/// EPIPE instead of killing the process. Call once at the start of the reader thread.
void lgps_block_sigpipe_on_this_thread(void);

/// Names the calling thread (first 15 bytes), as `top -H` and /proc/PID/task/TID/comm show it.
void lgps_name_this_thread(const char *name);

/// Connects to gpsd (gps_open). Returns NULL on failure and stores libgps's error code in
/// *error_code (see lgps_error_string). The socket is made blocking with receive_timeout_us as
/// SO_RCVTIMEO, so that a read waits at most that long and never spins on a partial line.
lgps_connection *lgps_open(const char *host, const char *port, int32_t receive_timeout_us,
                           int32_t *error_code);

/// A human-readable message for an error code of lgps_open (gps_errstr).
const char *lgps_error_string(int32_t error_code);

/// Starts streaming (gps_stream with WATCH_ENABLE | WATCH_JSON, plus WATCH_NMEA when nmea is
/// true, plus WATCH_DEVICE when device is not NULL). Returns 0 on success, -1 on failure.
int32_t lgps_watch(lgps_connection *connection, bool nmea, const char *device);

/// Waits up to timeout_us microseconds for input (gps_waiting). True when a read will not block
/// for long; false on timeout and on error (a following read reports the error).
bool lgps_waiting(const lgps_connection *connection, int32_t timeout_us);

/// What lgps_read returns when gpsd sent a line longer than libgps's buffer (20480 bytes with
/// the line end in gpsd 3.22): libgps cannot read past it, and the connection must be closed.
#define LGPS_READ_LINE_TOO_LONG (-2)

/// Reads one line (gps_read) and flattens it into *report. libgps resets its `set` mask only on
/// TPV, so the mask is cleared before each read and a report is classified only from what this
/// read set. Returns the line length (> 0) when a line was read, 0 when no complete line was
/// available yet, -1 when the connection failed or gpsd closed it (errno says which: 0 for a
/// close), and LGPS_READ_LINE_TOO_LONG when the line being read does not fit libgps's buffer.
int32_t lgps_read(lgps_connection *connection, lgps_report *report);

/// The last line read, without its line end, NUL-terminated. Valid until the next lgps_read.
const char *lgps_line(const lgps_connection *connection);

/// Closes the connection (gps_close) and frees the handle. On the owning thread only.
void lgps_close(lgps_connection *connection);

#ifdef __cplusplus
}
#endif

#endif
