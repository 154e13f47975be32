import Testing

@testable import GPSD

@Suite("gpsd endpoint: HOST[:PORT[:DEVICE]], GPSD_HOST, GPSD_PORT")
struct GPSDEndpointTests {
    @Test("no spec and no environment: localhost:2947, every device")
    func defaults() throws {
        let e = try GPSDEndpoint(spec: nil, environment: [:])
        #expect(e == GPSDEndpoint(host: "localhost", port: 2947, device: nil))
        #expect(e.description == "localhost:2947")
    }

    @Test(
        "the forms gpspipe and cgps take",
        arguments: [
            ("gps.local", GPSDEndpoint(host: "gps.local", port: 2947)),
            ("gps.local:3000", GPSDEndpoint(host: "gps.local", port: 3000)),
            ("127.0.0.1:3000:/dev/ttyUSB0", GPSDEndpoint(host: "127.0.0.1", port: 3000, device: "/dev/ttyUSB0")),
            (":3000", GPSDEndpoint(host: "localhost", port: 3000)),
            ("[::1]", GPSDEndpoint(host: "::1", port: 2947)),
            ("[::1]:3000:/dev/ttyACM0", GPSDEndpoint(host: "::1", port: 3000, device: "/dev/ttyACM0")),
            ("host::/dev/ttyS0", GPSDEndpoint(host: "host", port: 2947, device: "/dev/ttyS0")),
            // An IPv6 address alone needs no brackets (issue 14: `::1` was device "1" on localhost).
            ("::1", GPSDEndpoint(host: "::1", port: 2947)),
            ("fe80::1%eth0", GPSDEndpoint(host: "fe80::1%eth0", port: 2947)),
            ("2001:db8::2", GPSDEndpoint(host: "2001:db8::2", port: 2947)),
            ("[::1]:2947", GPSDEndpoint(host: "::1", port: 2947)),
            ("gps:3000:ttyS0", GPSDEndpoint(host: "gps", port: 3000, device: "ttyS0")),
        ])
    func parses(spec: String, expected: GPSDEndpoint) throws {
        #expect(try GPSDEndpoint(spec: spec, environment: [:]) == expected)
    }

    @Test("the environment gives defaults; the spec overrides only what it names")
    func environment() throws {
        let env = ["GPSD_HOST": "boat", "GPSD_PORT": "4000"]
        #expect(try GPSDEndpoint(spec: nil, environment: env) == GPSDEndpoint(host: "boat", port: 4000))
        #expect(try GPSDEndpoint(spec: ":5000", environment: env) == GPSDEndpoint(host: "boat", port: 5000))
        #expect(try GPSDEndpoint(spec: "car", environment: env) == GPSDEndpoint(host: "car", port: 4000))
    }

    @Test(
        "malformed specs are one-line errors",
        arguments: [
            ("gps:0", GPSDEndpointError.invalidPort("0")),
            ("gps:65536", .invalidPort("65536")),
            ("gps:http", .invalidPort("http")),
            ("[::1:2947", .unclosedBracket("[::1:2947")),
            ("[::1]x", .unexpectedText("[::1]x")),
            ("gps:2947:", .emptyDevice("gps:2947:")),
        ])
    func rejects(spec: String, error: GPSDEndpointError) {
        #expect(throws: error) { try GPSDEndpoint(spec: spec, environment: [:]) }
        #expect(!error.description.contains("\n"))
    }

    @Test("a bad GPSD_PORT is an error too")
    func badEnvironmentPort() {
        #expect(throws: GPSDEndpointError.invalidPort("x")) { try GPSDEndpoint(spec: nil, environment: ["GPSD_PORT": "x"]) }
    }

    @Test("IPv6 hosts print in brackets")
    func ipv6Description() {
        #expect(GPSDEndpoint(host: "::1", port: 2947, device: "/dev/ttyUSB0").description == "[::1]:2947:/dev/ttyUSB0")
    }
}
