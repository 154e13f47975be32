import GNSS
import Testing

@testable import GPSD

@Suite("connection outages and refused lines")
struct ConnectionOutageTests {
    @Test("an outage is said once; only a connection that delivers ends it and resets the count")
    func oncePerOutage() {
        var o = ConnectionOutage()
        var said: [SourceState?] = []
        said.append(o.failed("can't connect"))  // gpsd not running
        said.append(o.failed("can't connect"))
        said.append(o.failed("gpsd closed the connection before sending anything"))  // accepts, closes
        #expect(o.attempt == 3)
        let greeting = o.lineArrived(isReport: false)  // the greeting: connected
        let report = o.lineArrived(isReport: true)
        #expect(greeting && !report)
        #expect(o.attempt == 0)
        said.append(o.failed("gpsd closed the connection"))
        said.append(o.failed("can't connect"))
        #expect(said == [.refused(reason: "can't connect"), nil, nil, .lost(reason: "gpsd closed the connection"), nil])
        #expect(o.attempt == 2)
    }

    @Test("an oversized line: the count goes on, and a greeting alone no longer ends the outage")
    func oversized() {
        var o = ConnectionOutage()
        let first = o.lineArrived(isReport: false)
        let loss = o.failed("too long", resetsBackoff: false)
        let attemptAfterLoss = o.attempt
        let secondGreeting = o.lineArrived(isReport: false)
        let again = o.failed("too long", resetsBackoff: false)
        let attemptAfterAgain = o.attempt
        let thirdGreeting = o.lineArrived(isReport: false)
        let report = o.lineArrived(isReport: true)
        #expect(first && loss == .lost(reason: "too long") && attemptAfterLoss == 1)
        #expect(!secondGreeting && again == nil && attemptAfterAgain == 2)
        #expect(!thirdGreeting && report && o.attempt == 0)
    }

    @Test("whole JSON objects, and what is not one")
    func wholeObjects() {
        func whole(_ text: String) -> Bool { text.withCString { UnreadLines.isWholeObject($0) } }
        #expect(whole(#"{"class":"TPV","mode":3,"lat":51.5}"#))
        #expect(whole("{\"class\":\"TPV\",\"device\":\"a}b\\\"c\"}\r"))
        #expect(whole(#"{"class":"SKY","satellites":[{"PRN":1},{"PRN":2}]}"#))
        #expect(!whole(#"{"class":"TPV","mode":3,"lat":"#))
        #expect(!whole(#"{"class":"TPV"}{"class":"TPV"}"#))
        #expect(!whole(#"{"class":"TPV","device":"open}"#))
        #expect(!whole(#"{"class":"TPV"}}"#))
        #expect(!whole(""))
    }

    @Test("refused lines: five warnings, then one at each power of ten")
    func rateLimited() {
        var lines = UnreadLines()
        let warnings = (1...1000).compactMap { _ in "garbage".withCString { lines.note($0) } }
        #expect(warnings.count == 8)
        #expect(warnings.prefix(5).allSatisfy { $0 == "a line that is not a gpsd report: 'garbage'" })
        #expect(warnings.dropFirst(5).map { $0.prefix(while: { $0 != " " }) } == ["10", "100", "1000"])
        let sky = "{\"class\":\"SKY\"}".withCString { lines.note($0) }
        #expect(sky == nil)
    }
}
