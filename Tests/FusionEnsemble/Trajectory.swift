import Foundation
import LodestarInternals

/// One epoch of a scenario's ground truth, in a local east/north frame (metres, m/s), with what the
/// scenario does to the receiver at that epoch.
package struct TruthEpoch: Sendable {
    /// Seconds since the start.
    package var time: Double
    package var east: Double, north: Double
    package var velocityEast: Double, velocityNorth: Double
    /// In a tunnel: no position and no Doppler velocity.
    package var inOutage = false
    /// The reflection's offset (east, north, metres) when the fix is reflected.
    package var reflection: (east: Double, north: Double)?

    package var speed: Double { (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot() }
}

/// The ground truth of one scenario: a vehicle or walker driven by random manoeuvres within its
/// class's limits, integrated at 20 Hz and sampled at the receiver's rate.
package struct Trajectory: Sendable {
    package let scenario: ScenarioClass
    package let rate: Double
    package private(set) var epochs: [TruthEpoch] = []
    /// The index of the first epoch with a fix after each outage.
    package private(set) var reacquisitions: [Int] = []

    /// A planned change of the motion at a time: a new speed target, a turn, or a stop.
    private enum Manoeuvre {
        case speed(Double)
        case turn(Double)  // radians, signed (positive: to the right)
        case stop(Double)  // seconds
    }

    /// - Parameters:
    ///   - scenario: the class.
    ///   - rate: fixes per second (1 or 10).
    ///   - seed: the random draw.
    package init(_ scenario: ScenarioClass, rate: Double, seed: UInt64) {
        self.scenario = scenario
        self.rate = rate
        var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(ScenarioClass.allCases.firstIndex(of: scenario) ?? 0))
        let m = scenario.motion
        let h = 0.05
        let stepsPerEpoch = max(1, Int((1 / rate / h).rounded()))
        let steps = Int(m.duration / h)

        // Planned events: tunnels and reflections, and the manoeuvres they force.
        var planned: [(step: Int, manoeuvre: Manoeuvre)] = []
        var outages: [Range<Int>] = []
        var reflections: [(range: Range<Int>, east: Double, north: Double)] = []
        func step(_ t: Double) -> Int { Int(t / h) }
        switch scenario {
        case .tunnel:
            var t = 30 + 20 * rng.nextUnit()
            var variant = Int(rng.next() % 3)
            while t < m.duration - 80 {
                let length = 10 + 50 * rng.nextUnit()
                outages.append(step(t)..<step(t + length))
                switch variant % 3 {
                case 0:  // a bend of 60-120 degrees inside
                    let sign: Double = rng.nextUnit() < 0.5 ? -1 : 1
                    planned.append(
                        (step(t + length * 0.2 * rng.nextUnit()), .turn(sign * (60 + 60 * rng.nextUnit()) * .pi / 180)))
                case 1:  // a stop inside
                    planned.append((step(t + 2 + length * 0.3 * rng.nextUnit()), .stop(3 + length / 3 * rng.nextUnit())))
                default:  // entered from a standstill, accelerating through a bend
                    planned.append((step(max(0, t - 12)), .stop(12 + 2 * rng.nextUnit())))
                    planned.append((step(t + 2), .speed(9 + 4 * rng.nextUnit())))
                    let sign: Double = rng.nextUnit() < 0.5 ? -1 : 1
                    planned.append((step(t + 3 + length * 0.3 * rng.nextUnit()), .turn(sign * 100 * .pi / 180)))
                }
                variant += 1
                t += length + 40 + 30 * rng.nextUnit()
            }
        case .reflection:
            var t = 20 + 20 * rng.nextUnit()
            while t < m.duration - 30 {
                let length = 2 + 18 * rng.nextUnit()
                let size = 20 + 130 * rng.nextUnit()
                let angle = 2 * .pi * rng.nextUnit()
                reflections.append((step(t)..<step(t + length), size * sin(angle), size * cos(angle)))
                t += length + 25 + 25 * rng.nextUnit()
            }
        default:
            break
        }
        planned.sort { $0.step < $1.step }

        var x = 0.0
        var y = 0.0
        var heading = 2 * .pi * rng.nextUnit()
        var speed =
            scenario == .stationary ? 0 : m.speeds.lowerBound + (m.speeds.upperBound - m.speeds.lowerBound) * rng.nextUnit()
        var target = speed
        var turnLeft = 0.0
        var stoppedUntil = -1
        var next = 0
        var wasOut = false
        var current = 0
        func apply(_ manoeuvre: Manoeuvre) {
            switch manoeuvre {
            case .speed(let v): target = v
            case .turn(let angle): turnLeft += angle
            case .stop(let seconds): stoppedUntil = max(stoppedUntil, current + Int(seconds / h))
            }
        }
        for k in 0...steps {
            current = k
            // Manoeuvres: planned ones at their step, random ones at any moment.
            while next < planned.count, planned[next].step <= k {
                apply(planned[next].manoeuvre)
                next += 1
            }
            if m.meanInterval.isFinite, rng.nextUnit() < h / m.meanInterval {
                let u = rng.nextUnit()
                if m.stops, u < 0.2 {
                    apply(.stop(3 + 27 * rng.nextUnit()))
                } else if u < 0.6 {
                    apply(.speed(m.speeds.lowerBound + (m.speeds.upperBound - m.speeds.lowerBound) * rng.nextUnit()))
                } else {
                    let sign: Double = rng.nextUnit() < 0.5 ? -1 : 1
                    let angle = scenario == .highway ? 5 + 15 * rng.nextUnit() : 20 + 100 * rng.nextUnit()
                    apply(.turn(sign * angle * .pi / 180))
                }
            }
            if k % stepsPerEpoch == 0 {
                let out = outages.contains { $0.contains(k) }
                let reflected = reflections.first { $0.range.contains(k) }
                var e = TruthEpoch(
                    time: Double(k) * h, east: x, north: y,
                    velocityEast: speed * sin(heading), velocityNorth: speed * cos(heading))
                e.inOutage = out
                if let reflected { e.reflection = (reflected.east, reflected.north) }
                if wasOut, !out { reacquisitions.append(epochs.count) }
                wasOut = out
                epochs.append(e)
            }
            // Integrate one step: speed toward its target within the limits, then the turn.
            let goal = k < stoppedUntil ? 0 : target
            let a = max(-m.deceleration, min(m.acceleration, (goal - speed) / 1.0))
            let newSpeed = max(0, speed + a * h)
            if turnLeft != 0, newSpeed > 0.3 {
                let rate = min(m.yawRate, m.lateral / newSpeed) * h
                let d = turnLeft > 0 ? min(rate, turnLeft) : max(-rate, turnLeft)
                heading += d
                turnLeft -= d
            }
            let mean = (speed + newSpeed) / 2
            x += mean * sin(heading) * h
            y += mean * cos(heading) * h
            speed = newSpeed
        }
    }
}
