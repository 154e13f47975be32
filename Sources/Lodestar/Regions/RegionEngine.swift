import Foundation
import Geodesy
import LodestarInternals

/// Many regions watched against a stream of locations: the pure, synchronous core of
/// ``RegionMonitor`` (no clock, no I/O), for servers and tests. CoreLocation's `CLMonitor` in plain
/// Swift.
///
/// ## The rule (``RegionRule/uncertainty``, the default)
/// With r the location's 68% radius (``Location/horizontalAccuracy``, metres) and d the signed
/// distance from the location to the region's boundary (metres, negative inside):
/// - the state becomes ``RegionState/inside`` when the whole circle lies inside: d ≤ −r;
/// - it becomes ``RegionState/outside`` when the whole circle lies outside: d ≥ r, or
///   d ≥ r + ``exitMargin`` for a region that is inside;
/// - in between it holds; before the first decision it is ``RegionState/unknown``.
/// A location with no accuracy decides nothing (every state holds). Fused and dead-reckoned
/// locations count with their own, larger, circles. ``RegionRule/point`` takes r = 0: the raw
/// comparison, which flaps at an edge with the receiver's noise.
///
/// ## Events
/// A region's first decided state is reported once, as ``RegionEvent/Kind/inside`` or
/// ``RegionEvent/Kind/outside`` with ``RegionEvent/initial`` true; ``add(_:at:)`` returns its
/// ``RegionEvent/Kind/unknown``. Afterwards outside → inside is an ``RegionEvent/Kind/enter``,
/// inside → outside an ``RegionEvent/Kind/exit``, and a region with a dwell time reports
/// ``RegionEvent/Kind/dwell`` once the location has stayed inside that long (fix time) since it
/// entered (or was first found inside).
///
/// ## Crossings between fixes
/// When a region is decided outside at two consecutive decided locations, and the straight segment
/// between them (in the local equirectangular plane about the later one) passes inside the region by
/// at least the smaller of the two locations' 68% radii (0 for the point rule), an
/// ``RegionEvent/Kind/enter`` and an ``RegionEvent/Kind/exit`` are reported with
/// ``RegionEvent/interpolated`` true, their times and places linear along the segment at the
/// boundary. Segments whose box spans more than 1024 grid cells (about 7 km by 4.5 km at 50°) are
/// not searched.
///
/// ## Cost
/// An update looks up the grid cell of the location (and the cells under the segment from the
/// previous location), evaluates the regions listed there, the regions inside, the large ones,
/// and, once, every region still unknown; regions far away and outside are never touched. A region
/// inside is measured again only once the location has travelled as far as it was inside when last
/// measured (an odometer of the steps between locations): before that it cannot have been left.
/// - Complexity: ``add(_:at:)`` and ``remove(_:)`` O(cells of the region), ``update(_:)`` O(regions
///   near the location + regions inside + unknown regions).
public struct RegionEngine: Sendable {
    public typealias Rule = RegionRule

    /// How states are decided.
    public let rule: RegionRule
    /// Extra distance beyond the 68% circle a region that is inside needs before it is left, metres,
    /// 0...10,000.
    public let exitMargin: Double

    /// One region's state, and its circle unpacked (``conditions`` holds the rest): what an update
    /// reads of each region it evaluates, in about 48 bytes.
    struct Slot: Sendable {
        var state: RegionState = .unknown
        var dwellReported = false
        var isLive = true
        /// When it entered (or was first found inside), seconds since 1970; NaN when not inside.
        var enteredAt = Double.nan
        /// The condition's dwell, seconds; NaN for none (read at every update while inside).
        let dwellSeconds: Double
        /// Its place in ``RegionEngine/insideList`` while inside, else -1.
        var insideAt: Int32 = -1
        /// While inside: the ``RegionEngine/odometer`` reading, metres, below which the location
        /// cannot have left (it was measured this far inside); −∞ when unknown.
        var stayUntil = -Double.infinity
        /// A circle's centre; unused for a polygon.
        let center: Coordinate
        /// A circle's radius, metres; NaN for a polygon (measured from its condition).
        let radius: Double

        init(_ condition: borrowing RegionCondition) {
            dwellSeconds = condition.dwell?.seconds ?? .nan
            if case .circle(let center, let radius) = condition.shape {
                (self.center, self.radius) = (center, radius)
            } else {
                (center, radius) = (Coordinate(uncheckedLatitude: 0, longitude: 0), .nan)
            }
        }
    }

    /// The segment from the last decided location to this one: its start, and its length in the
    /// plane about this one, metres.
    struct Segment {
        var start: Anchor
        var length: Double
    }

    /// The last decided location: where a crossing segment starts.
    struct Anchor: Sendable, Equatable {
        var coordinate: Coordinate
        var accuracy: Double
        var time: Date
    }

    private(set) var slots: [Slot] = []
    /// Each slot's condition, beside the slots.
    private(set) var conditions: [RegionCondition] = []
    /// Each slot's padded box (``RegionGrid/Box/world`` for a large region), kept apart from the
    /// slots so that the cell's regions an update cannot reach are passed over reading 16 bytes
    /// each: an outside region whose box misses the location (and the segment from the last one)
    /// cannot change.
    private var boxes: [RegionGrid.CompactBox] = []
    /// Each slot's last update that evaluated it, beside the slots (read for every region listed).
    private var stamps: [UInt32] = []
    private var free: [Int32] = []
    /// Identifier → slot.
    private var index = RegionIdentifierIndex()
    private var grid = RegionGrid()
    /// The slots inside, in no order; each knows its place (``Slot/insideAt``), so that leaving is
    /// O(1) and an update walks an array, not a hash table.
    private var insideList: [Int32] = []
    private var unknownSlots: [Int32] = []
    private var generation: UInt32 = 0
    /// The candidate buffer of ``update(_:)``, kept for its capacity.
    private var scratch: [Int32] = []
    private var anchor: Anchor?
    /// The distance travelled, metres, over-estimated: the sum of the planar steps between
    /// consecutive locations, each widened by 0.2% and 1 mm (a step beyond 10 km, or near a pole,
    /// counts 10,000 km). Only differences of it are used.
    private var odometer = 0.0
    /// The location the odometer last advanced to.
    private var odometerPoint: Coordinate?
    /// The time of the last location, for events made between locations.
    public private(set) var lastTime: Date?

    /// The most grid cells a crossing segment's box may span.
    static let segmentCells = 1024
    /// The widest exit margin, metres.
    public static let maximumExitMargin = 10_000.0

    /// - Parameters:
    ///   - rule: ``RegionRule/uncertainty`` (default) or ``RegionRule/point``.
    ///   - exitMargin: metres, finite, 0...10,000; default 0.
    /// - Throws: ``RegionError/exitMargin(_:)``.
    public init(rule: RegionRule = .uncertainty, exitMargin: Double = 0) throws(RegionError) {
        guard exitMargin.isFinite, exitMargin >= 0, exitMargin <= Self.maximumExitMargin else {
            throw .exitMargin(exitMargin)
        }
        self.rule = rule
        self.exitMargin = exitMargin
    }

    // MARK: Conditions

    /// How many regions are watched.
    public var count: Int { index.count }
    /// The identifiers watched, in no particular order. - Complexity: O(n).
    public var identifiers: [String] { index.indices.map { conditions[Int($0)].id } }
    /// The identifiers of the regions in `state`, in no particular order. - Complexity: O(regions
    /// inside) for ``RegionState/inside``, else O(n).
    public func identifiers(in state: RegionState) -> [String] {
        if state == .inside { return insideList.map { conditions[Int($0)].id } }
        return zip(slots, conditions).compactMap { $0.isLive && $0.state == state ? $1.id : nil }
    }

    /// How many regions are in `state`. - Complexity: O(regions inside) for
    /// ``RegionState/inside``, else O(n), with no identifier copied.
    public func count(in state: RegionState) -> Int {
        if state == .inside { return insideList.count }
        var n = 0
        for k in slots.indices where slots[k].isLive && slots[k].state == state { n += 1 }
        return n
    }

    /// The condition watched under an identifier, or nil.
    public func condition(_ id: String) -> RegionCondition? {
        index.index(of: id, in: conditions).map { conditions[Int($0)] }
    }

    /// A region's state, or nil when no region has this identifier.
    public func state(of id: String) -> RegionState? {
        index.index(of: id, in: conditions).map { slots[Int($0)].state }
    }

    /// A region's stored form (``RegionSnapshot/Entry``), or nil when no region has this identifier.
    func entry(_ id: String) -> RegionSnapshot.Entry? {
        index.index(of: id, in: conditions).map { entry(at: Int($0)) }
    }

    /// Starts watching a region; one with the same identifier is replaced (its state starts again
    /// from unknown). Its state is decided at the next update.
    /// - Parameters:
    ///   - condition: the region and its rules.
    ///   - time: the time for the returned event; default the last location's, else now.
    /// - Returns: the region's ``RegionEvent/Kind/unknown`` event.
    /// - Complexity: O(cells of the region), one hash of its identifier.
    @discardableResult
    public mutating func add(_ condition: RegionCondition, at time: Date? = nil) -> RegionEvent {
        add(condition, box: RegionGrid.box(of: condition.shape), at: time)
    }

    /// ``add(_:at:)`` with the region's box made (``RegionGrid/box(of:)``).
    private mutating func add(_ condition: RegionCondition, box exact: RegionGrid.Box?, at time: Date?) -> RegionEvent {
        let box = RegionGrid.CompactBox(exact ?? .world)
        // The identifier is hashed once: the index is offered the slot the region would take
        // and answers with the slot of a region it replaces, whose slot is then taken again (as
        // removing it, which frees its slot last, and adding would). The offered slot's
        // condition is this one's already when the index reads it.
        let fresh = free.last ?? Int32(slots.count)
        let appended = Int(fresh) == slots.count
        if appended {
            conditions.append(condition)
        } else {
            conditions[Int(fresh)] = condition
        }
        let slot: Int32
        if let old = index.insert(condition.id, index: fresh, in: conditions) {
            if appended { conditions.removeLast() }
            grid.remove(old, shape: conditions[Int(old)].shape)
            leaveInside(old)
            conditions[Int(old)] = condition
            slot = old
        } else {
            slot = fresh
            if !appended { free.removeLast() }
        }
        if Int(slot) < slots.count {
            slots[Int(slot)] = Slot(condition)
            boxes[Int(slot)] = box
            stamps[Int(slot)] = 0
        } else {
            slots.append(Slot(condition))
            boxes.append(box)
            stamps.append(0)
        }
        grid.insert(slot, box: exact)
        unknownSlots.append(slot)
        return RegionEvent(
            region: condition.id, kind: .unknown, time: time ?? lastTime ?? Date(),
            coordinate: anchor?.coordinate, accuracy: anchor?.accuracy)
    }

    /// Starts watching several regions, as ``add(_:at:)`` one after another, their events at one
    /// time (default the last location's, else now), with room made for them all at once.
    /// - Returns: their ``RegionEvent/Kind/unknown`` events, in order.
    public mutating func add(contentsOf conditions: [RegionCondition], at time: Date? = nil) -> [RegionEvent] {
        let time = time ?? lastTime ?? Date()
        let n = conditions.count
        index.reserveCapacity(index.count + n)
        slots.reserve(adding: n)
        self.conditions.reserve(adding: n)
        boxes.reserve(adding: n)
        stamps.reserve(adding: n)
        unknownSlots.reserve(adding: n)
        var events: [RegionEvent] = []
        events.reserveCapacity(n)
        for k in conditions.indices { events.append(add(conditions[k], at: time)) }
        return events
    }

    /// Starts watching the regions of a collection, as `add(contentsOf:at:)` does with its
    /// conditions. An engine with no regions takes the collection's conditions and the identifier
    /// table its reader made as they are (no identifier hashed again, no condition copied).
    /// - Returns: their ``RegionEvent/Kind/unknown`` events, in order.
    public mutating func add(contentsOf collection: RegionCollection, at time: Date? = nil) -> [RegionEvent] {
        guard let table = collection.index, slots.isEmpty, free.isEmpty, index.count == 0 else {
            return add(contentsOf: collection.conditions, at: time)
        }
        let time = time ?? lastTime ?? Date()
        let n = collection.conditions.count
        let all = collection.conditions
        conditions = all
        index = table
        // Every array made whole, each element written once in place (no append's checks).
        let exact = [RegionGrid.Box?](unsafeUninitializedCapacity: n) { buffer, count in
            for k in 0..<n { (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: RegionGrid.box(of: all[k].shape)) }
            count = n
        }
        slots = [Slot](unsafeUninitializedCapacity: n) { buffer, count in
            for k in 0..<n { (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: Slot(all[k])) }
            count = n
        }
        boxes = [RegionGrid.CompactBox](unsafeUninitializedCapacity: n) { buffer, count in
            for k in 0..<n {
                (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: RegionGrid.CompactBox(exact[k] ?? .world))
            }
            count = n
        }
        stamps = [UInt32](repeating: 0, count: n)
        unknownSlots = [Int32](unsafeUninitializedCapacity: n) { buffer, count in
            for k in 0..<n { (buffer.baseAddress.unsafelyUnwrapped + k).initialize(to: Int32(truncatingIfNeeded: k)) }
            count = n
        }
        let (coordinate, accuracy) = (anchor?.coordinate, anchor?.accuracy)
        let events = [RegionEvent](unsafeUninitializedCapacity: n) { buffer, count in
            for k in 0..<n {
                (buffer.baseAddress.unsafelyUnwrapped + k).initialize(
                    to: RegionEvent(region: all[k].id, kind: .unknown, time: time, coordinate: coordinate, accuracy: accuracy))
            }
            count = n
        }
        grid.insertAll(exact)
        return events
    }

    /// Stops watching a region. - Returns: its condition, or nil when there was none.
    @discardableResult
    public mutating func remove(_ id: String) -> RegionCondition? {
        guard let slot = index.remove(id, in: conditions) else { return nil }
        let condition = conditions[Int(slot)]
        grid.remove(slot, shape: condition.shape)
        leaveInside(slot)
        slots[Int(slot)].isLive = false
        slots[Int(slot)].state = .unknown
        free.append(slot)
        // A stale entry in unknownSlots is dropped at the next update (its slot reused or dead).
        return condition
    }

    /// Sets a just-added region's state from a snapshot.
    mutating func restore(_ entry: RegionSnapshot.Entry) {
        guard let slot = index.index(of: entry.condition.id, in: conditions) else { return }
        let i = Int(slot)
        slots[i].state = entry.state
        slots[i].dwellReported = entry.dwellReported
        if entry.state == .inside {
            slots[i].enteredAt = (entry.enteredAt ?? lastTime ?? Date()).timeIntervalSince1970
            joinInside(slot)
        }
    }

    /// Sets the last location's time from a snapshot.
    mutating func restoreTime(_ time: Date?) {
        lastTime = time
    }

    // MARK: Updates

    /// Decides every region that the location can change; returns the events, in time order.
    /// Locations are expected in time order; a crossing is looked for only forward in time.
    public mutating func update(_ location: Location) -> [RegionEvent] {
        generation &+= 1
        if generation == 0 {
            for i in stamps.indices { stamps[i] = 0 }
            generation = 1
        }
        lastTime = location.timestamp
        let radius: Double?
        switch rule {
        case .point: radius = 0
        case .uncertainty: radius = location.horizontalAccuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        }
        var events: [RegionEvent] = []
        let fix = Anchor(coordinate: location.coordinate, accuracy: radius ?? .nan, time: location.timestamp)
        let segment = radius == nil ? nil : anchor.flatMap { $0.time < fix.time ? $0 : nil }

        let here = location.coordinate
        let plane = LocalPlane(origin: here)
        let point = RegionGrid.Box(south: here.latitude, north: here.latitude, west: here.longitude, east: here.longitude)
        advanceOdometer(to: here, plane)
        // Downwards, so that a region leaving (its place taken by the last) is never skipped. A
        // region the location cannot have left since it was measured (``Slot/stayUntil``) is not
        // measured again; only its dwell is looked at.
        var k = insideList.count
        while k > 0 {
            k &-= 1
            let slot = insideList[k]
            let i = Int(slot)
            if odometer < slots[i].stayUntil, stamps[i] != generation {
                stamps[i] = generation
                if !slots[i].dwellReported, !slots[i].dwellSeconds.isNaN { dwell(slot, fix, &events) }
                continue
            }
            evaluate(slot, fix, plane, nil, point, &events)
        }
        guard radius != nil else { return events }

        var reach = point
        if let start = segment?.coordinate, abs(start.longitude - here.longitude) <= 180 {
            reach = RegionGrid.Box(
                south: min(reach.south, start.latitude), north: max(reach.north, start.latitude),
                west: min(reach.west, start.longitude), east: max(reach.east, start.longitude))
        }
        // The regions listed under the reach, in a buffer kept between updates (no allocation).
        var candidates = scratch
        scratch = []
        candidates.removeAll(keepingCapacity: true)
        var searched = segment.map { Segment(start: $0, length: plane.point($0.coordinate).length) }
        if !grid.collect(in: reach, limit: Self.segmentCells, into: &candidates) {
            // A segment too long to search: the location's own cell only.
            searched = nil
            reach = point
            _ = grid.collect(in: point, limit: 1, into: &candidates)
        }
        // Every region listed is live; one the reach misses cannot change (inside ones were
        // evaluated above, unknown ones are below). The list is sifted in place first, each region
        // once (stamped), its box against the reach's rounded outwards, through pointers; then
        // the regions kept are decided.
        let wide = RegionGrid.CompactBox(reach)
        let generation = generation
        var kept = 0
        stamps.withUnsafeMutableBufferPointer { stamps in
            boxes.withUnsafeBufferPointer { boxes in
                candidates.withUnsafeMutableBufferPointer { listed in
                    for j in listed.indices {
                        let slot = listed[j]
                        let i = Int(slot)
                        guard stamps[i] != generation, boxes[i].intersects(wide) else { continue }
                        stamps[i] = generation
                        listed[kept] = slot
                        kept &+= 1
                    }
                }
            }
        }
        for j in 0..<kept { decide(Int(candidates[j]), fix, plane, searched, reach, &events) }
        scratch = candidates
        resolveUnknown(fix, plane, &events)
        anchor = fix
        if events.count > 1, events.indices.dropFirst().contains(where: { events[$0 - 1].time > events[$0].time }) {
            // Stable: events of one time keep their order (an enter before its dwell).
            events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        return events
    }

    /// Evaluates the unknown regions not yet evaluated by this update: a region whose box, widened
    /// by the circle, does not hold the location is outside without a distance.
    private mutating func resolveUnknown(_ fix: Anchor, _ plane: LocalPlane, _ events: inout [RegionEvent]) {
        guard !unknownSlots.isEmpty else { return }
        let dLat = fix.accuracy / plane.metresPerDegreeLatitude
        let dLon = fix.accuracy / plane.metresPerDegreeLongitude
        var still: [Int32] = []
        for slot in unknownSlots {
            let s = slots[Int(slot)]
            guard s.isLive, s.state == .unknown else { continue }
            if stamps[Int(slot)] != generation {
                let b = boxes[Int(slot)].box
                if !RegionGrid.Box(south: b.south - dLat, north: b.north + dLat, west: b.west - dLon, east: b.east + dLon)
                    .contains(fix.coordinate)
                {
                    stamps[Int(slot)] = generation
                    slots[Int(slot)].state = .outside
                    events.append(event(slot, .outside, fix, initial: true))
                } else {
                    evaluate(slot, fix, plane, nil, .world, &events)
                }
            }
            if slots[Int(slot)].state == .unknown { still.append(slot) }
        }
        unknownSlots = still
    }

    /// Decides one region for a location (once per update), in the plane about it, with the segment
    /// from the previous decided location for crossings; `reach` is the box of the location and the
    /// segment: an outside region whose box misses it cannot change.
    private mutating func evaluate(
        _ slot: Int32, _ fix: Anchor, _ plane: LocalPlane, _ segment: Segment?,
        _ reach: RegionGrid.Box, _ events: inout [RegionEvent]
    ) {
        let i = Int(slot)
        guard stamps[i] != generation, slots[i].isLive else { return }
        stamps[i] = generation
        decide(i, fix, plane, segment, reach, &events)
    }

    /// ``evaluate(_:_:_:_:_:_:)`` for a live region stamped already.
    private mutating func decide(
        _ i: Int, _ fix: Anchor, _ plane: LocalPlane, _ segment: Segment?,
        _ reach: RegionGrid.Box, _ events: inout [RegionEvent]
    ) {
        let slot = Int32(truncatingIfNeeded: i)
        if slots[i].state == .outside, !boxes[i].intersects(reach) { return }
        let r = fix.accuracy
        switch slots[i].state {
        case .inside:
            guard !r.isNaN else { return dwell(slot, fix, &events) }
            let d = signedDistance(i, fix.coordinate, plane)
            if d >= r + exitMargin {
                slots[i].state = .outside
                slots[i].enteredAt = .nan
                leaveInside(slot)
                events.append(event(slot, .exit, fix))
            } else {
                slots[i].stayUntil = stay(d)
                dwell(slot, fix, &events)
            }
        case .outside:
            guard !r.isNaN else { return }
            let d = signedDistance(i, fix.coordinate, plane)
            if d <= -r {
                slots[i].stayUntil = stay(d)
                enter(slot, .enter, fix, initial: false, &events)
            } else if d >= r, let segment, mayCross(i, d, segment, needing: min(segment.start.accuracy, r)) {
                let start = segment.start
                let shape = conditions[i].shape
                if let crossing = shape.crossing(from: start.coordinate, to: fix.coordinate, in: plane),
                    crossing.depth >= min(start.accuracy, r), shape.signedDistance(from: start.coordinate) >= start.accuracy
                {
                    events.append(event(slot, .enter, interpolating: start, fix, at: crossing.entry))
                    events.append(event(slot, .exit, interpolating: start, fix, at: crossing.exit))
                }
            }
        case .unknown:
            guard !r.isNaN else { return }
            let d = signedDistance(i, fix.coordinate, plane)
            if d <= -r {
                slots[i].stayUntil = stay(d)
                enter(slot, .inside, fix, initial: true, &events)
            } else if d >= r {
                slots[i].state = .outside
                events.append(event(slot, .outside, fix, initial: true))
            }
        }
    }

    /// Moves the odometer to `here` (the origin of `plane`).
    private mutating func advanceOdometer(to here: Coordinate, _ plane: LocalPlane) {
        if let last = odometerPoint {
            let step = plane.point(last).length
            odometer += step <= 10_000 && abs(here.latitude) <= 85 && abs(last.latitude) <= 85 ? step * 1.002 + 0.001 : 1e7
        }
        odometerPoint = here
    }

    /// The odometer reading below which a region measured `d` metres from its boundary (d < 0,
    /// inside) cannot have been left: leaving takes d′ ≥ r′ + margin ≥ 0, and the planar distance
    /// to a boundary grows by no more than the distance travelled. Shortened by 0.2% and 1 cm for
    /// the planes' differences and rounding.
    @inline(__always)
    private func stay(_ d: Double) -> Double {
        odometer - d * 0.998 - 0.01
    }

    /// The signed distance from `point` to slot `i`'s boundary, metres, in the plane about the
    /// point: ``RegionShape/signedDistance(from:in:)``, with a circle read from its slot.
    @inline(__always)
    private func signedDistance(_ i: Int, _ point: Coordinate, _ plane: LocalPlane) -> Double {
        let radius = slots[i].radius
        if radius.isNaN { return conditions[i].shape.signedDistance(from: point, in: plane) }
        return RegionShape.signedDistance(from: point, toCircle: slots[i].center, radius: radius, in: plane)
    }

    /// Whether the segment can pass `needed` metres inside slot `i`, whose boundary is `d` metres
    /// from the segment's end (the location, the plane's origin): every point of the segment lies
    /// within its length of the end, and a planar distance to a boundary changes by no more than
    /// the distance moved, so the segment reaches at most `length − d` inside. A circle measured on
    /// the ellipsoid (centre beyond ``RegionShape/flatRange``) is always searched.
    @inline(__always)
    private func mayCross(_ i: Int, _ d: Double, _ segment: Segment, needing needed: Double) -> Bool {
        let radius = slots[i].radius
        if !radius.isNaN, d + radius > RegionShape.flatRange { return true }
        // A micrometre for rounding.
        return d <= segment.length - needed + 1e-6
    }

    /// Places a slot in ``insideList``.
    private mutating func joinInside(_ slot: Int32) {
        guard slots[Int(slot)].insideAt < 0 else { return }
        slots[Int(slot)].insideAt = Int32(insideList.count)
        insideList.append(slot)
    }

    /// Takes a slot out of ``insideList`` (the last takes its place); nothing when it is not there.
    private mutating func leaveInside(_ slot: Int32) {
        let at = Int(slots[Int(slot)].insideAt)
        guard at >= 0 else { return }
        let last = insideList.removeLast()
        if last != slot {
            insideList[at] = last
            slots[Int(last)].insideAt = Int32(at)
        }
        slots[Int(slot)].insideAt = -1
    }

    private mutating func enter(
        _ slot: Int32, _ kind: RegionEvent.Kind, _ fix: Anchor, initial: Bool,
        _ events: inout [RegionEvent]
    ) {
        let i = Int(slot)
        slots[i].state = .inside
        slots[i].enteredAt = fix.time.timeIntervalSince1970
        slots[i].dwellReported = false
        joinInside(slot)
        events.append(event(slot, kind, fix, initial: initial))
        dwell(slot, fix, &events)
    }

    /// Reports the dwell once the region has been inside for its dwell time.
    private mutating func dwell(_ slot: Int32, _ fix: Anchor, _ events: inout [RegionEvent]) {
        let i = Int(slot)
        // NaN (no dwell) compares false.
        guard !slots[i].dwellReported, fix.time.timeIntervalSince1970 - slots[i].enteredAt >= slots[i].dwellSeconds
        else { return }
        slots[i].dwellReported = true
        events.append(event(slot, .dwell, fix))
    }

    private func event(_ slot: Int32, _ kind: RegionEvent.Kind, _ fix: Anchor, initial: Bool = false) -> RegionEvent {
        RegionEvent(
            region: conditions[Int(slot)].id, kind: kind, time: fix.time, coordinate: fix.coordinate,
            accuracy: fix.accuracy.isNaN ? nil : fix.accuracy, initial: initial)
    }

    /// An event at fraction `t` of the way from `a` to `b`: time, place (linear in longitude and
    /// latitude, as the plane is) and accuracy interpolated.
    private func event(_ slot: Int32, _ kind: RegionEvent.Kind, interpolating a: Anchor, _ b: Anchor, at t: Double)
        -> RegionEvent
    {
        let lat = a.coordinate.latitude + t * (b.coordinate.latitude - a.coordinate.latitude)
        let lon = a.coordinate.longitude + t * Angle.normalizedLongitude(b.coordinate.longitude - a.coordinate.longitude)
        return RegionEvent(
            region: conditions[Int(slot)].id, kind: kind,
            time: a.time.addingTimeInterval(t * b.time.timeIntervalSince(a.time)),
            coordinate: Coordinate(uncheckedLatitude: lat, longitude: Angle.normalizedLongitude(lon)),
            accuracy: a.accuracy + t * (b.accuracy - a.accuracy), interpolated: true)
    }
}

extension Array {
    /// Makes room for `n` more elements: at least twice the capacity when it grows, so that many
    /// small additions stay linear.
    fileprivate mutating func reserve(adding n: Int) {
        let needed = count + n
        if needed > capacity { reserveCapacity(Swift.max(needed, 2 * capacity)) }
    }
}
