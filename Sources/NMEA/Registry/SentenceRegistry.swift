/// The registry of sentence types: the one place that names each type Lodestar decodes, in the
/// order of ``NMEAStatistics``' counters, and the standard types it recognises without decoding.
///
/// Each decoded type is one entry of ``walk(_:)``; its conformance to ``RegisteredSentence``
/// (below) gives its code, whether it has a time field and its ``NMEASentence`` case, and points to
/// what decodes, describes and assembles it. The parser finds a sentence's decoder here
/// (``decode(_:_:talker:into:)``), the statistics their type names (``decodedTypes``), and lenient
/// framing the standard types (``isStandard(_:)``).
///
/// To decode a new type: write `Sentences/TYPE.swift` with its `decode`, add its `describe` and
/// `contribute`, its case to ``NMEASentence``, a `SentenceType` constant, and one entry here.
enum SentenceRegistry {
    /// Calls `walker` with each decoded type, in registry order, until it returns true.
    @inline(__always)
    static func walk<W: RegistryWalker>(_ w: inout W) throws(W.Failure) {
        if try w.visit(GGA.self, ordinal: 0) { return }
        if try w.visit(RMC.self, ordinal: 1) { return }
        if try w.visit(GLL.self, ordinal: 2) { return }
        if try w.visit(GSA.self, ordinal: 3) { return }
        if try w.visit(GSV.self, ordinal: 4) { return }
        if try w.visit(VTG.self, ordinal: 5) { return }
        if try w.visit(GST.self, ordinal: 6) { return }
        if try w.visit(GBS.self, ordinal: 7) { return }
        if try w.visit(ZDA.self, ordinal: 8) { return }
        if try w.visit(GNS.self, ordinal: 9) { return }
        if try w.visit(HDT.self, ordinal: 10) { return }
        if try w.visit(HDG.self, ordinal: 11) { return }
        if try w.visit(HDM.self, ordinal: 12) { return }
        _ = try w.visit(THS.self, ordinal: 13)
    }

    /// Decodes a standard sentence of `type` from its fields and hands the typed value to
    /// `visitor`. Returns false, having done nothing, when Lodestar does not decode `type`.
    @inline(__always)
    static func decode<V: SentenceVisitor>(
        _ type: SentenceType, _ fields: inout Fields, talker: Talker, into visitor: inout V
    ) throws(NMEAError) -> Bool {
        try withUnsafeMutablePointer(to: &visitor) { (v) throws(NMEAError) -> Bool in
            try withUnsafeMutablePointer(to: &fields) { (f) throws(NMEAError) -> Bool in
                var dispatch = Dispatch(type: type, fields: f, talker: talker, visitor: v)
                try walk(&dispatch)
                return dispatch.found
            }
        }
    }

    /// The decoded types, in registry order.
    static let decodedTypes: [SentenceType] = {
        var collect = Collect()
        walk(&collect)
        return collect.types
    }()

    /// Whether `type` is a standard NMEA 0183 sentence formatter (IEC 61162-1 and common NMEA 4.x
    /// additions), decoded or not. Lenient parsing takes a line without its `$` for a sentence
    /// only when its type is one of these.
    static func isStandard(_ type: UInt32) -> Bool { standardTypes.contains(type) }

    /// The standard types Lodestar recognises and skips.
    private static let undecodedTypes = """
        AAM ABK ACA ACK ACS AIR ALM ALR APA APB BBM BEC BOD BWC BWR BWW CUR DBK DBS DBT DCN \
        DDC DOR DPT DSC DSE DSI DSR DTM ETL EVE FIR FSI GEN GFA GLC GMP GRS \
        HBT HEV HMR HMS HSC HTC HTD LCD LRF LRI LR1 LR2 LR3 MLA MMB \
        MSK MSS MTA MTW MWD MWV OSD RLM RMA RMB ROR ROT RPM RSA RSD RTE SFI SSD STN \
        TLB TLL TRC TRD TTM TUT TXT VBW VDM VDO VDR VHW VLW VPW VSD WCV WNC WPL XDR XTE \
        XTR ZDL ZFO ZTG
        """

    private static let standardTypes: Set<UInt32> = {
        var set = Set(decodedTypes.map(\.rawValue))
        for name in undecodedTypes.split(separator: " ") {
            if let type = SentenceType(String(name)) { set.insert(type.rawValue) }
        }
        return set
    }()

    /// The walk that decodes: the entry whose code is the sentence's.
    private struct Dispatch<V: SentenceVisitor>: RegistryWalker {
        let type: SentenceType
        let fields: UnsafeMutablePointer<Fields>
        let talker: Talker
        let visitor: UnsafeMutablePointer<V>
        var found = false

        @inline(__always)
        mutating func visit<S: RegisteredSentence>(_: S.Type, ordinal: Int) throws(NMEAError) -> Bool {
            guard S.type == type else { return false }
            visitor.pointee.visit(try S.decode(&fields.pointee, talker: talker), ordinal: ordinal)
            found = true
            return true
        }
    }

    /// The walk that lists the codes.
    private struct Collect: RegistryWalker {
        var types: [SentenceType] = []

        mutating func visit<S: RegisteredSentence>(_: S.Type, ordinal: Int) -> Bool {
            precondition(
                ordinal == types.count && ordinal < NMEAStatistics.counterCapacity && !types.contains(S.type),
                "registry entries out of order, repeated, or more than the statistics count")
            types.append(S.type)
            return false
        }
    }
}

// The entries: code, time field, public case, epoch.

extension GGA: RegisteredSentence {
    static var type: SentenceType { .gga }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .gga(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension RMC: RegisteredSentence {
    static var type: SentenceType { .rmc }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .rmc(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension GLL: RegisteredSentence {
    static var type: SentenceType { .gll }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .gll(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension GSA: RegisteredSentence {
    static var type: SentenceType { .gsa }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .gsa(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension GSV: RegisteredSentence {
    static var type: SentenceType { .gsv }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .gsv(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension VTG: RegisteredSentence {
    static var type: SentenceType { .vtg }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .vtg(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension GST: RegisteredSentence {
    static var type: SentenceType { .gst }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .gst(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension GBS: RegisteredSentence {
    static var type: SentenceType { .gbs }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .gbs(self) }
    /// Used only for its time (the cycle boundary): error estimates come from GST or the DOPs.
    func contribute(to epoch: inout EpochBuilder) {}
}

extension ZDA: RegisteredSentence {
    static var type: SentenceType { .zda }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .zda(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension GNS: RegisteredSentence {
    static var type: SentenceType { .gns }
    static var carriesTime: Bool { true }
    var sentence: NMEASentence { .gns(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension HDT: RegisteredSentence {
    static var type: SentenceType { .hdt }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .hdt(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension HDG: RegisteredSentence {
    static var type: SentenceType { .hdg }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .hdg(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension HDM: RegisteredSentence {
    static var type: SentenceType { .hdm }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .hdm(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}

extension THS: RegisteredSentence {
    static var type: SentenceType { .ths }
    static var carriesTime: Bool { false }
    var sentence: NMEASentence { .ths(self) }
    func contribute(to epoch: inout EpochBuilder) { epoch.add(self) }
}
