// PROJ's geodesic API (C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 2013).
// Debian: libproj-dev installs /usr/include/geodesic.h and libproj.so.
#include <geodesic.h>
