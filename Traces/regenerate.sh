#!/bin/sh
# Makes every trace in Traces/ again, byte for byte, with `lodestar trace synthesize`.
# Usage: Traces/regenerate.sh [path/to/lodestar]   (default: .build/debug/lodestar)
set -eu
L=${1:-.build/debug/lodestar}
cd "$(dirname "$0")/.."
T=Traces

# 1. A walk from Covent Garden piazza to a pickup point at the Charing Cross station forecourt.
$L trace synthesize --route '51.51190,-0.12280;51.51050,-0.12240;51.50990,-0.12400;51.50850,-0.12470' \
  --speed 1.4 --hold-end 60 --noise 3 --receiver multi-gnss --start 2026-03-14T09:30:00Z --seed 7 \
  --output $T/walk-to-pickup.nmea

# 2. A drive through Mayfair with four turns, after 10 s waiting at lights; consumer receiver (no GST).
$L trace synthesize --route '51.51000,-0.15200;51.51300,-0.15000;51.51200,-0.14400;51.50900,-0.14500;51.50800,-0.14000' \
  --speed 9,12,10,11 --hold-start 10 --noise 2.5 --receiver consumer --start 2026-05-02T17:45:00Z --seed 11 \
  --output $T/drive-with-turns.nmea

# 3. A cold start on the Victoria Embankment: 30 s no fix, then ±35 m, ±11 m, then ±2.8 m (68%).
$L trace synthesize --route '51.50700,-0.12200;51.51000,-0.11600' --speed 1.4 --cold-start 30 \
  --noise 25 --noise-from 60:8 --noise-from 80:2 --receiver multi-gnss --start 2026-06-21T06:00:00Z --seed 3 \
  --output $T/cold-start.nmea

# 4. A stationary receiver at the Royal Observatory, Greenwich, 10 minutes with σ 3 m jitter.
$L trace synthesize --route '51.47788,-0.00147' --hold-start 600 --noise 3 --receiver multi-gnss \
  --start 2026-02-10T12:00:00Z --seed 5 --output $T/stationary-jitter.nmea

# 5. A boat in Elliott Bay, Seattle, with a magnetic compass (HCHDG with a deviation of 2.5° W and
#    the variation, from WMM2025) and 6° of leeway between heading and course.
$L trace synthesize --route '47.60300,-122.34000;47.61000,-122.36000;47.61500,-122.37500' --speed 4 \
  --noise 2 --receiver marine --heading-offset 6 --heading-noise 0.5 --deviation -2.5 \
  --start 2026-08-15T15:00:00Z --seed 13 \
  --output $T/boat-hdg.nmea

# 6. A tractor in a Lincolnshire field with a dual-antenna true heading (GNHDT); 20 s stationary first.
$L trace synthesize --route '53.05000,-0.30000;53.05200,-0.30000;53.05200,-0.29950;53.05000,-0.29950' \
  --speed 3 --hold-start 20 --noise 0.5 --receiver vehicle --heading-noise 0.3 \
  --start 2026-04-20T08:00:00Z --seed 17 --output $T/vehicle-hdt.nmea

# 7. A drive through the Limehouse Link tunnel: no fix for 40 s mid-route; on reacquiring, the
#    receiver sends a 45 s old epoch once (stale), and later a 2 s old one (out of order).
$L trace synthesize --route '51.51050,-0.04200;51.50950,-0.03000;51.50800,-0.01700' --speed 12 \
  --noise 2 --outage 50+40 --repeat-epoch 91:45 --repeat-epoch 120:2 --receiver multi-gnss \
  --start 2026-09-09T08:15:00Z --seed 19 --output $T/outage-mid-route.nmea

# 8. 10 Hz across midnight UTC on New Year's Eve (the date, month and year all change), on the M25.
$L trace synthesize --route '51.28000,-0.35000;51.28000,-0.32840' --speed 25 --rate 10 --noise 1.5 \
  --receiver minimal --start 2026-12-31T23:59:30Z --seed 23 --output $T/midnight-rollover-10hz.nmea

# 9. A walker in Reykjavik with an electronic compass that sends HCHDM only (no variation):
#    true heading needs the World Magnetic Model (declination about 11° W).
$L trace synthesize --route '64.14660,-21.94260;64.14900,-21.93600' --speed 1.3 --noise 2.5 \
  --receiver compass --heading-noise 1 --start 2026-07-01T12:00:00Z --seed 29 \
  --output $T/compass-hdm-reykjavik.nmea

# 10. A compass walk at Alert, Nunavut, inside the WMM caution zone (H ≈ 3600 nT).
$L trace synthesize --route '82.50000,-62.35000;82.50200,-62.34000' --speed 1.2 --noise 2.5 \
  --receiver compass --start 2026-07-01T18:00:00Z --seed 31 --output $T/compass-caution-alert.nmea

# The error-model traces (issue 13): per-axis Gauss-Markov error (σ_gm, τ) plus white noise (σ_w),
# GST stating the total √(σ_gm² + σ_w²), HDOP = √2 × total / 5 m, Doppler speed noise 0.05 m/s.
# The moving ones last about two hours: their errors are correlated over τ = 30 s and the fused
# error over minutes, so a shorter trace's share within the stated radius is one draw from a wide
# spread (docs/fusion.md, "How far one trace says anything"). Each is the first seed of an ensemble
# of 12 (seeds S to S + 11, the same command otherwise) whose figures are in docs/fusion.md.

# 11. A city drive through central London (Westminster, the Embankment, the Kingsway tunnel, Holborn,
#     Ludgate Circus, Fleet Street, the Strand, back by Whitehall), twelve laps at 10–13 m/s: in the
#     first, three stops at lights (25, 35, 20 s), 20 s without a fix in the Kingsway tunnel, three
#     multipath jumps (35 m for 4 s, 45 m for 5 s, 30 m for 3 s) that GST and HDOP do not admit.
#     σ_gm 2.5 m, τ 30 s, σ_w 1 m.
CITY='51.50080,-0.12470;51.50690,-0.12140;51.51040,-0.11630;51.51270,-0.11760;51.51740,-0.11990;51.51780,-0.10900;51.51380,-0.10420;51.51360,-0.11200;51.50800,-0.12600'
ROUTE=$CITY SPEEDS=12,13,10,11,12,10,12,11
for _ in 2 3 4 5 6 7 8 9 10 11 12; do ROUTE="$ROUTE;$CITY" SPEEDS="$SPEEDS,11,12,13,10,11,12,10,12,11"; done
$L trace synthesize --route "$ROUTE" \
  --speed "$SPEEDS" --hold-start 10 --hold-end 5 --stop 75:25 --stop 240:35 --stop 390:20 \
  --outage 175+20 --multipath 330:4:35:60 --multipath 455:5:45:200 --multipath 500:3:30:300 \
  --correlated 2.5:30 --white 1 --doppler 0.05 --receiver multi-gnss --sentences GGA,GSA,GST,RMC,VTG \
  --start 2026-10-06T08:40:00Z --seed 37 --output $T/city-drive.nmea

# 12. A walk from Covent Garden to Trafalgar Square by Leicester Square and back, thirteen times one
#     way, at 1.4 m/s with a consumer receiver that sends no GST (HDOP only). σ_gm 3 m, τ 30 s, σ_w 1 m.
THERE='51.51190,-0.12280;51.51300,-0.12800;51.51100,-0.13100;51.51000,-0.13400'
BACK='51.51100,-0.13100;51.51300,-0.12800;51.51190,-0.12280'
ROUTE=$THERE
for _ in 1 2 3 4 5 6; do ROUTE="$ROUTE;$BACK;$THERE"; done
$L trace synthesize --route "$ROUTE" \
  --speed 1.4 --correlated 3:30 --white 1 --doppler 0.05 --receiver consumer \
  --start 2026-04-18T14:00:00Z --seed 41 --output $T/walk-hdop.nmea

# 13. A receiver standing still beside St Paul's Cathedral for 20 minutes (1,200 epochs at 1 Hz):
#     σ_gm 3 m with τ 45 s, σ_w 0.5 m, Doppler speed noise 0.05 m/s.
$L trace synthesize --route '51.51380,-0.09840' --hold-start 1199 \
  --correlated 3:45 --white 0.5 --doppler 0.05 --receiver multi-gnss \
  --start 2026-01-20T10:00:00Z --seed 43 --output $T/stationary-20min.nmea

# 14. A straight highway due east at 25 m/s for 2 hours (180 km, in 24 legs of 7.5 km along the
#     parallel 52.05° N) with a 30 s tunnel in the first leg (no fix 135–165 s). σ_gm 2.5 m, τ 30 s,
#     σ_w 1 m. Its first 5 minutes are the first leg.
ROUTE=$(awk 'BEGIN { for (i = 0; i <= 24; i++) printf "%s52.05000,%.5f", (i ? ";" : ""), -1.2 + 0.1096 * i }')
$L trace synthesize --route "$ROUTE" --speed 25 --outage 135+30 \
  --correlated 2.5:30 --white 1 --doppler 0.05 --receiver multi-gnss --sentences GGA,GSA,GST,RMC,VTG \
  --start 2026-07-14T16:20:00Z --seed 47 --output $T/highway-tunnel.nmea

# 15. A ride's vehicle: 120 s waiting near Oxford Circus, a 1,017 m drive at 10 m/s to the pickup
#     point on the Charing Cross station forecourt, 40 s stopped there, then 835 m south to a
#     drop-off by Parliament Square and 60 s there. The ride-service acceptance test replays it
#     through `lodestar vehicle`.
$L trace synthesize --route '51.51500,-0.13500;51.50850,-0.12470;51.50100,-0.12500' --speed 10 \
  --hold-start 120 --stop 221.7:40 --hold-end 60 --noise 2 --receiver multi-gnss \
  --start 2026-06-10T10:00:00Z --seed 53 --output $T/ride-vehicle.nmea
