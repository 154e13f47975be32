import Foundation
import FoundationXML
import TestSupport
import Testing

/// `lodestar guide --plot` as a picture: rendered to PNG by librsvg (`rsvg-convert`, Debian's
/// librsvg2-bin, installed by `make deps`), decoded by a small PNG reader in Python's standard
/// library, and its pixels counted; and its labels read from the SVG.
@Suite("lodestar guide --plot, rendered")
struct GuidePlotPictureTests {
    /// Width, height, and the pixels that are not the white background, in all and by colour:
    /// the track's blue, the turns' orange, the start's and arrival's green, the destination's red.
    struct Pixels {
        var width = 0, height = 0, inked = 0, blue = 0, orange = 0, green = 0, red = 0
    }

    /// A PNG reader (8-bit RGB or RGBA, not interlaced, as rsvg-convert writes) that counts pixels.
    static let reader = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
        pos, idat = 8, b''
        while pos < len(data):
            n, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            pos += 12 + n
            if kind == b'IHDR':
                w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat += body
        assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
        bpp = 4 if ctype == 6 else 3
        raw, stride = zlib.decompress(idat), w * bpp
        prev, i = bytearray(stride), 0
        inked = blue = orange = green = red = 0
        for y in range(h):
            f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, bpp):
                r, g, bl = line[x], line[x + 1], line[x + 2]
                if (r, g, bl) == (255, 255, 255): continue
                inked += 1
                if bl > 150 and r < 80: blue += 1
                elif r > 200 and 80 < g < 140 and bl < 60: orange += 1
                elif g > 100 and r < 80 and bl < 80: green += 1
                elif r > 150 and g < 80 and bl < 80: red += 1
            prev = line
        print(w, h, inked, blue, orange, green, red)
        """#

    static func render(_ svg: URL) throws -> Pixels {
        let png = svg.deletingPathExtension().appendingPathExtension("png")
        defer { try? FileManager.default.removeItem(at: png) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        convert.arguments = ["--format", "png", "--output", png.path, svg.path]
        try convert.run()
        convert.waitUntilExit()
        try #require(convert.terminationStatus == 0, "rsvg-convert failed")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", reader, png.path]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        let n = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(n.count == 7, "the reader said: \(text)")
        return Pixels(width: n[0], height: n[1], inked: n[2], blue: n[3], orange: n[4], green: n[5], red: n[6])
    }

    static func texts(_ svg: URL, id: String) throws -> [String] {
        let root = try #require(try XMLDocument(contentsOf: svg).rootElement())
        let group = try #require(try root.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement, "no \(id)")
        return try group.nodes(forXPath: ".//*[local-name()='text']").compactMap(\.stringValue)
    }

    static func plot(_ arguments: [String]) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-plot-\(UUID().uuidString).svg")
        let r = try await CLIRunner.run(["guide"] + arguments + ["--fast", "--raw", "--plot", file.path])
        #expect(r.status == 0 || r.status == 3, "\(r.stderr)")
        return file
    }

    @Test("the walk: an 800 × 800 picture, not blank; legend, start, turns and the arrival labelled in visible text")
    func walk() async throws {
        let svg = try await Self.plot(["--to", "51.50850,-0.12470", "--trace", GuideTruth.path("walk-to-pickup")])
        defer { try? FileManager.default.removeItem(at: svg) }
        let pixels = try Self.render(svg)
        #expect(pixels.width == 800 && pixels.height == 800)
        // Not blank, not a flood: the track, the marks and the text ink a few per cent of the canvas.
        #expect(pixels.inked > 8_000 && pixels.inked < 200_000, "\(pixels)")
        #expect(pixels.blue > 1_500, "the track: \(pixels)")
        #expect(pixels.orange > 100, "the turns: \(pixels)")
        #expect(pixels.green > 300, "the start, the arrival and its circle: \(pixels)")
        #expect(pixels.red > 40, "the destination: \(pixels)")
        let expected = try #require(try GuideTruth("walk-to-pickup").arrival(at: GuideTests.pickup, within: 20))
        #expect(
            try Self.texts(svg, id: "arrival-label") == [
                "arrived \(expected.row.timeOfDay), \(Int(expected.distance.rounded())) m from destination"
            ])
        #expect(try Self.texts(svg, id: "start") == ["start 09:30:00"])
        let turns = try Self.texts(svg, id: "turn-labels")
        #expect(
            !turns.isEmpty
                && turns.allSatisfy {
                    $0.range(of: #"^\d\d:\d\d:\d\d (ahead|turn (left|right) \d+°|turn around)$"#, options: .regularExpression)
                        != nil
                }, "\(turns)")
        #expect(
            try Self.texts(svg, id: "legend") == [
                "track", "guidance point", "start", "turn", "arrival", "destination", "arrival within 20 m",
            ])
    }

    @Test("a destination 344 km away (Paris from the walk): the map frames the track and a labelled red line points to it")
    func farDestination() async throws {
        let svg = try await Self.plot(["--to", "48.8566,2.3522", "--trace", GuideTruth.path("walk-to-pickup")])
        defer { try? FileManager.default.removeItem(at: svg) }
        let pixels = try Self.render(svg)
        #expect(pixels.width == 800 && pixels.height == 800)
        #expect(pixels.blue > 1_500, "the track stays readable, not a dot: \(pixels)")
        #expect(pixels.red > 300, "the line and its label: \(pixels)")
        let label = try #require(try Self.texts(svg, id: "destination-label").first)
        #expect(
            label.range(of: #"^destination 34\d\.\d\d km, bearing 14\d° SSE$"#, options: .regularExpression) != nil, "\(label)")
        #expect(try Self.texts(svg, id: "end").first?.hasPrefix("end 09:36:22, ") == true)
        #expect(try Self.texts(svg, id: "legend").contains("toward the destination"))
        // The track spans most of the canvas: its extent in pixels, from the polyline.
        let root = try #require(try XMLDocument(contentsOf: svg).rootElement())
        let track = try #require(try root.nodes(forXPath: "//*[@id='track']").first as? XMLElement)
        let points = track.attributes?.first { $0.localName == "points" || $0.name == "points" }?.stringValue ?? ""
        let ys = points.split(separator: " ").compactMap { Double($0.split(separator: ",").last ?? "") }
        #expect((ys.max() ?? 0) - (ys.min() ?? 0) > 300, "the track is drawn large enough to read")
    }
}
