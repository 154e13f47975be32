// A C face on GeographicLib's C++ Geodesic class (C. F. F. Karney's own implementation of
// "Algorithms for geodesics", J. Geodesy 87, 2013), for Swift. Debian: libgeographiclib-dev.
//
// Angles are degrees, lengths metres, areas square metres. Every function is safe to call from
// several threads at once on one ellipsoid: GeographicLib's solvers are const.
#ifndef LODESTAR_CGEOGRAPHICLIB_H
#define LODESTAR_CGEOGRAPHICLIB_H

#ifdef __cplusplus
extern "C" {
#endif

/// An ellipsoid of revolution with its series coefficients precomputed (GeographicLib::Geodesic).
typedef struct lodestar_ellipsoid lodestar_ellipsoid;

/// A new ellipsoid of equatorial radius `a` (metres, positive, finite) and flattening `f` (finite,
/// below 1); NULL when GeographicLib refuses the parameters or memory runs out.
lodestar_ellipsoid *lodestar_ellipsoid_create(double a, double f);

/// Frees an ellipsoid made by lodestar_ellipsoid_create; NULL is ignored.
void lodestar_ellipsoid_destroy(lodestar_ellipsoid *ellipsoid);

/// The inverse problem: distance `s12` and azimuths `azi1`, `azi2` (in [-180, 180]) of the shortest
/// geodesic from (lat1, lon1) to (lat2, lon2). Latitudes outside [-90, 90] give NaN.
void lodestar_geodesic_inverse(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1, double lat2,
                               double lon2, double *s12, double *azi1, double *azi2);

/// The direct problem: the end (lat2, lon2 in [-180, 180)) and final azimuth azi2 of the geodesic that
/// leaves (lat1, lon1) with azimuth azi1 and runs s12 metres.
void lodestar_geodesic_direct(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1, double azi1,
                              double s12, double *lat2, double *lon2, double *azi2);

/// The inverse problem with every output: also the reduced length m12, the geodesic scales M12 and
/// M21 and the area S12; returns the arc length a12 in degrees.
double lodestar_geodesic_general_inverse(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1,
                                         double lat2, double lon2, double *s12, double *azi1, double *azi2,
                                         double *m12, double *M12, double *M21, double *S12);

/// The direct problem with every output (distance s12, as given); returns the arc length a12 in degrees.
double lodestar_geodesic_general_direct(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1,
                                        double azi1, double s12, double *lat2, double *lon2, double *azi2,
                                        double *distance, double *m12, double *M12, double *M21, double *S12);

#ifdef __cplusplus
}
#endif

#endif
