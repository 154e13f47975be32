#include "CProjBaseline.h"
#include <geodesic.h>

double lodestar_baseline_geod_inverse(const double *points, size_t count) {
    // geod_init costs about as much as one inverse; over a batch of a thousand it is noise.
    struct geod_geodesic g;
    geod_init(&g, 6378137.0, 1 / 298.257223563);
    double total = 0, s12, azi1, azi2;
    for (size_t i = 0; i < count; i++) {
        const double *p = points + 4 * i;
        geod_inverse(&g, p[0], p[1], p[2], p[3], &s12, &azi1, &azi2);
        total += s12 + azi1 + azi2;
    }
    return total;
}
