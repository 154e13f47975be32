#ifndef LODESTAR_CPROJ_BASELINE_H
#define LODESTAR_CPROJ_BASELINE_H
#include <stddef.h>

/// Solves `count` WGS84 inverse geodesics with PROJ's geod_inverse, entirely in C.
/// `points` holds count × (lat1, lon1, lat2, lon2) in degrees. Returns the sum of the distances
/// (metres), so the compiler cannot drop the work.
double lodestar_baseline_geod_inverse(const double *points, size_t count);

#endif
