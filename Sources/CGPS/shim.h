// libgps, the client library of gpsd (https://gpsd.io). Debian: libgps-dev installs
// /usr/include/gps.h (API 11 in gpsd 3.22) and libgps.so.
// Swift does not use this module directly: gps.h's variadic gps_send, unions and fixed-size
// arrays are wrapped by the CGPSShim target, which exposes a flat, plain-old-data API.
#include <gps.h>
