// Flat wrapper around libgps; see include/lodestar_gps.h.
#define _GNU_SOURCE  // pthread_setname_np
#include "lodestar_gps.h"

#include <gps.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>

#if GPSD_API_MAJOR_VERSION < 11
#error "Lodestar needs libgps API 11 or newer (gpsd 3.22 or later)"
#endif

// The status numbering the shim copies through. API 14 renamed STATUS_NO_FIX to STATUS_UNK,
// STATUS_FIX to STATUS_GPS and STATUS_DGPS_FIX to STATUS_DGPS, keeping the numbers.
#if GPSD_API_MAJOR_VERSION >= 14
_Static_assert(STATUS_UNK == LGPS_STATUS_UNKNOWN && STATUS_GPS == LGPS_STATUS_GPS &&
                   STATUS_DGPS == LGPS_STATUS_DGPS,
               "gpsd status numbering changed");
#else
_Static_assert(STATUS_NO_FIX == LGPS_STATUS_UNKNOWN && STATUS_FIX == LGPS_STATUS_GPS &&
                   STATUS_DGPS_FIX == LGPS_STATUS_DGPS && STATUS_RTK_FIX == LGPS_STATUS_RTK_FIXED &&
                   STATUS_RTK_FLT == LGPS_STATUS_RTK_FLOAT && STATUS_DR == LGPS_STATUS_DEAD_RECKONING &&
                   STATUS_GNSSDR == LGPS_STATUS_GNSS_DEAD_RECKONING &&
                   STATUS_TIME == LGPS_STATUS_TIME_ONLY && STATUS_SIM == LGPS_STATUS_SIMULATED &&
                   STATUS_PPS_FIX == LGPS_STATUS_PPS,
               "gpsd status numbering changed");
#endif

// Longest line kept: any line libgps 3.22 can read (its buffer, GPS_JSON_RESPONSE_MAX × 2 =
// 20480 bytes with the line end), and a NUL. gpsd's reports are a few kilobytes; NMEA 82 bytes.
#define LGPS_LINE_MAX (20480 + 1)

struct lgps_connection {
    struct gps_data_t data;
    char line[LGPS_LINE_MAX];
};

int32_t lgps_api_major_version(void) { return GPSD_API_MAJOR_VERSION; }

void lgps_block_sigpipe_on_this_thread(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    (void)pthread_sigmask(SIG_BLOCK, &set, NULL);
}

void lgps_name_this_thread(const char *name) {
    char short_name[16];
    strncpy(short_name, name, sizeof short_name - 1);
    short_name[sizeof short_name - 1] = '\0';
    (void)pthread_setname_np(pthread_self(), short_name);
}

lgps_connection *lgps_open(const char *host, const char *port, int32_t receive_timeout_us,
                           int32_t *error_code) {
    lgps_connection *c = calloc(1, sizeof *c);
    if (c == NULL) {
        if (error_code != NULL) *error_code = NL_NOSOCK;
        return NULL;
    }
    errno = 0;
    if (gps_open(host, port, &c->data) != 0) {
        if (error_code != NULL) *error_code = errno != 0 ? errno : NL_NOCONNECT;
        free(c);
        return NULL;
    }
    // A child process started later must not inherit (and keep open) the connection.
    (void)fcntl(c->data.gps_fd, F_SETFD, FD_CLOEXEC);
    // libgps 3.22 leaves the socket non-blocking. gps_waiting is true at once while libgps holds
    // a partial line, and a non-blocking recv then returns at once: a reader would spin until
    // the rest of the line arrives. A blocking socket with SO_RCVTIMEO waits instead, at most
    // receive_timeout_us per read.
    int flags = fcntl(c->data.gps_fd, F_GETFL);
    if (flags >= 0) (void)fcntl(c->data.gps_fd, F_SETFL, flags & ~O_NONBLOCK);
    if (receive_timeout_us > 0) {
        struct timeval tv = {.tv_sec = receive_timeout_us / 1000000,
                             .tv_usec = receive_timeout_us % 1000000};
        (void)setsockopt(c->data.gps_fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    }
    if (error_code != NULL) *error_code = 0;
    return c;
}

const char *lgps_error_string(int32_t error_code) { return gps_errstr(error_code); }

int32_t lgps_watch(lgps_connection *c, bool nmea, const char *device) {
    unsigned int flags = WATCH_ENABLE | WATCH_JSON;
    if (nmea) flags |= WATCH_NMEA;
    if (device != NULL) flags |= WATCH_DEVICE;
    return gps_stream(&c->data, flags, (void *)device) == 0 ? 0 : -1;
}

bool lgps_waiting(const lgps_connection *c, int32_t timeout_us) {
    return gps_waiting(&c->data, timeout_us);
}

static bool starts_with(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void copy_tpv(const struct gps_fix_t *f, lgps_report *r) {
    r->mode = f->mode;
    r->status = f->status;
    r->has_time = f->time.tv_sec != 0;
    r->time_seconds = (int64_t)f->time.tv_sec;
    r->time_nanoseconds = (int32_t)f->time.tv_nsec;
    r->latitude = f->latitude;
    r->longitude = f->longitude;
    r->altitude_hae = f->altHAE;
    r->altitude_msl = f->altMSL;
    r->geoid_separation = f->geoid_sep;
    r->speed = f->speed;
    r->track = f->track;
    r->climb = f->climb;
    r->magnetic_variation = f->magnetic_var;
    r->magnetic_track = f->magnetic_track;
    r->eph = f->eph;
    r->epx = f->epx;
    r->epy = f->epy;
    r->epv = f->epv;
    r->eps = f->eps;
    r->epd = f->epd;
    r->epc = f->epc;
    r->ept = f->ept;
    r->sep = f->sep;
}

int32_t lgps_read(lgps_connection *c, lgps_report *r) {
    memset(r, 0, sizeof *r);
    r->kind = LGPS_KIND_OTHER;
    c->line[0] = '\0';
    c->data.set = 0;
    errno = 0;  // so that a closed connection (recv returning 0) reads as errno 0
    int n = gps_read(&c->data, c->line, (int)sizeof c->line);
    struct timespec now;
    (void)clock_gettime(CLOCK_MONOTONIC, &now);
    if (n == 0) return 0;
    if (n < 0) {
        // libgps reports a full buffer without a line end as it reports a closed connection:
        // -1 with errno 0 (its recv asks for 0 bytes and gets 0). A peek tells them apart: a
        // closed connection reads 0, an open one has more bytes (or none yet, EAGAIN).
        if (errno != 0) return -1;
        char byte;
        ssize_t peeked = recv(c->data.gps_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        bool open = peeked > 0 || (peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
        errno = 0;
        return open ? LGPS_READ_LINE_TOO_LONG : -1;
    }
    r->received_seconds = (int64_t)now.tv_sec;
    r->received_nanoseconds = (int32_t)now.tv_nsec;

    const char *line = c->line;
    if ((c->data.set & STATUS_SET) != 0 && starts_with(line, "{\"class\":\"TPV\"")) {
        r->kind = LGPS_KIND_TPV;
        copy_tpv(&c->data.fix, r);
    } else if ((c->data.set & ATTITUDE_SET) != 0 && starts_with(line, "{\"class\":\"ATT\"")) {
        r->kind = LGPS_KIND_ATT;
        r->heading = c->data.attitude.heading;
        r->pitch = c->data.attitude.pitch;
        r->roll = c->data.attitude.roll;
        r->magnetometer_status = c->data.attitude.mag_st;
    } else if (starts_with(line, "{\"class\":\"SKY\"")) {
        // libgps has parsed the SKY already: its satellites and DOPs are read from gps_data_t,
        // not parsed again from the line (issue 22: track --json spent 56% of its time so).
        r->kind = LGPS_KIND_SKY;
        // libgps 3.22 fills the DOPs of a SKY without setting DOP_SET; it writes NaN for the
        // ones the object leaves out (the attributes' default), so they are read as they are.
        r->hdop = c->data.dop.hdop;
        r->vdop = c->data.dop.vdop;
        r->pdop = c->data.dop.pdop;
        int visible = (c->data.set & SATELLITE_SET) != 0 ? c->data.satellites_visible : 0;
        if (visible < 0) visible = 0;
        if (visible > LGPS_MAX_SATELLITES) visible = LGPS_MAX_SATELLITES;
        if (visible > MAXCHANNELS) visible = MAXCHANNELS;
        r->satellite_count = visible;
    } else if (line[0] == '$' || line[0] == '!') {
        r->kind = LGPS_KIND_NMEA;
    }
    return n;
}

int32_t lgps_satellites(const lgps_connection *c, lgps_satellite *out, int32_t capacity) {
    int visible = (c->data.set & SATELLITE_SET) != 0 ? c->data.satellites_visible : 0;
    if (visible > MAXCHANNELS) visible = MAXCHANNELS;
    if (visible > capacity) visible = capacity;
    for (int i = 0; i < visible; i++) {
        const struct satellite_t *s = &c->data.skyview[i];
        out[i].prn = s->PRN;
        out[i].elevation = s->elevation;
        out[i].azimuth = s->azimuth;
        out[i].snr = s->ss;
        out[i].used = s->used;
        out[i].gnssid = s->gnssid;
        out[i].svid = s->svid;
    }
    return visible < 0 ? 0 : visible;
}

const char *lgps_line(const lgps_connection *c) { return c->line; }

void lgps_close(lgps_connection *c) {
    if (c == NULL) return;
    (void)gps_close(&c->data);
    free(c);
}
