// The C face of GeographicLib::Geodesic declared in include/CGeographicLib.h.
#include "CGeographicLib.h"

#include <GeographicLib/Geodesic.hpp>

#include <new>

using GeographicLib::Geodesic;

namespace {
const Geodesic *solver(const lodestar_ellipsoid *ellipsoid) {
  return reinterpret_cast<const Geodesic *>(ellipsoid);
}
}  // namespace

extern "C" {

lodestar_ellipsoid *lodestar_ellipsoid_create(double a, double f) {
  try {
    return reinterpret_cast<lodestar_ellipsoid *>(new (std::nothrow) Geodesic(a, f));
  } catch (...) {  // GeographicErr: a not positive, or f not below 1
    return nullptr;
  }
}

void lodestar_ellipsoid_destroy(lodestar_ellipsoid *ellipsoid) {
  delete reinterpret_cast<Geodesic *>(ellipsoid);
}

void lodestar_geodesic_inverse(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1, double lat2,
                               double lon2, double *s12, double *azi1, double *azi2) {
  double unused = 0;
  solver(ellipsoid)->GenInverse(lat1, lon1, lat2, lon2, Geodesic::DISTANCE | Geodesic::AZIMUTH, *s12, *azi1,
                                *azi2, unused, unused, unused, unused);
}

void lodestar_geodesic_direct(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1, double azi1,
                              double s12, double *lat2, double *lon2, double *azi2) {
  double unused = 0;
  solver(ellipsoid)->GenDirect(lat1, lon1, azi1, false, s12,
                               Geodesic::LATITUDE | Geodesic::LONGITUDE | Geodesic::AZIMUTH, *lat2, *lon2,
                               *azi2, unused, unused, unused, unused, unused);
}

double lodestar_geodesic_general_inverse(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1,
                                         double lat2, double lon2, double *s12, double *azi1, double *azi2,
                                         double *m12, double *M12, double *M21, double *S12) {
  return solver(ellipsoid)->GenInverse(lat1, lon1, lat2, lon2, Geodesic::ALL, *s12, *azi1, *azi2, *m12, *M12,
                                       *M21, *S12);
}

double lodestar_geodesic_general_direct(const lodestar_ellipsoid *ellipsoid, double lat1, double lon1,
                                        double azi1, double s12, double *lat2, double *lon2, double *azi2,
                                        double *distance, double *m12, double *M12, double *M21, double *S12) {
  return solver(ellipsoid)->GenDirect(lat1, lon1, azi1, false, s12, Geodesic::ALL, *lat2, *lon2, *azi2,
                                      *distance, *m12, *M12, *M21, *S12);
}

}  // extern "C"
