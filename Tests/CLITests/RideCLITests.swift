import Foundation
import TestSupport
import Testing

/// `lodestar ride`, run as a user runs it, each command in its own process, against a real SQLite
/// file in a temporary directory.
@Suite("lodestar ride")
struct RideCLITests {
    let directory: URL
    let store: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-ride-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = directory.appendingPathComponent("rides.sqlite").path
    }

    static let walk = TestData.packageRoot.appendingPathComponent("Traces/walk-to-pickup.nmea").path
    static let fleet = TestData.packageRoot.appendingPathComponent("Examples/fleet.json").path

    func ride(_ arguments: [String], stdin: String? = nil) async throws -> CLIRunner.Result {
        try await CLIRunner.run(["ride"] + arguments + ["--store", store], stdin: stdin)
    }

    /// The ride identifier on the `handle  success  ride ID` line.
    static func rideIdentifier(_ output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("handle") }?
            .split(separator: " ").drop { $0 != "ride" }.dropFirst().first.map(String.init)
    }

    @Test("the acceptance: book from the walk trace, show it from a second process, cancel it")
    func acceptance() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let booked = try await ride(["request", "--trace", Self.walk, "--dropoff", "51.4700,-0.4543", "--party", "2", "--yes"])
        #expect(booked.status == 0, "\(booked.stderr)")
        #expect(booked.stderr.isEmpty)
        let lines = booked.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("location     trace walk-to-pickup.nmea: 51.50850,-0.12468 ±2 m at 2026-03-14T09:36:22Z")
                == true)
        #expect(lines.contains("pickup       confirmationRequired  Charing Cross station forecourt (51.50850,-0.12470)"))
        #expect(lines.contains("             accepted (--yes)"))
        #expect(lines.contains("drop-off     success  51.47000,-0.45430"))
        #expect(lines.contains("party size   success  2"))
        #expect(lines.contains { $0.hasPrefix("confirm      ready  SIM-N515W0002-") })
        let id = try #require(Self.rideIdentifier(booked.stdout))
        #expect(UUID(uuidString: id) != nil)
        #expect(lines.contains("ride \(id)"))
        #expect(lines.contains("  phase      confirmed"))

        let shown = try await ride(["status", id])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("ride \(id)\n"))
        #expect(shown.stdout.contains("  pickup     Charing Cross station forecourt (51.50850,-0.12470)"))
        #expect(shown.stdout.contains("  drop-off   51.47000,-0.45430"))
        #expect(shown.stdout.contains("  option     Standard, party of 2"))

        let listed = try await ride(["list"])
        #expect(listed.stdout.hasPrefix(id))

        let cancelled = try await ride(["cancel", id])
        #expect(cancelled.status == 0, "\(cancelled.stderr)")
        #expect(cancelled.stdout.hasPrefix("cancel  success\n"))
        #expect(cancelled.stdout.contains("  phase      completed (canceledByUser)"))
        let after = try await ride(["status", id, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        #expect(json["code"] as? Int == 3)
        let status = try #require(json["rideStatus"] as? [String: Any])
        #expect(status["rideIdentifier"] as? String == id)
        #expect(status["phase"] as? Int == 4)
        #expect(status["completionStatus"] as? String == "canceledByUser")
        let again = try await ride(["cancel", id])
        #expect(again.status == 4)
        #expect(again.stderr == "lodestar ride cancel: the ride is already completed (canceledByUser)\n")
    }

    @Test("without a terminal and without --yes, a proposal stops with exit 3 and books nothing")
    func confirmationWithoutTerminal() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let r = try await ride(["request", "--trace", Self.walk, "--party", "2"])
        #expect(r.status == 3)
        #expect(r.stdout.contains("pickup       confirmationRequired  Charing Cross station forecourt (51.50850,-0.12470)"))
        #expect(r.stderr.hasPrefix("lodestar ride request: pickup: confirm Charing Cross station forecourt"))
        #expect(r.stderr.contains("--yes"))
        #expect(try await ride(["list"]).stdout.hasPrefix("no rides"))
    }

    @Test("several places: the choices are listed nearest first (by name with no location); --yes takes the first")
    func disambiguation() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let listed = try await ride(["request", "--trace", Self.walk, "--pickup-name", "Heathrow", "--party", "1"])
        #expect(listed.status == 3)
        let choices = listed.stdout.split(separator: "\n").filter { $0.contains(". Heathrow Terminal") }
        // From Charing Cross (the trace's end) T4 is 23.0 km away, T2 23.1, T3 23.5, T5 25.3.
        #expect(
            choices.map { $0.trimmingCharacters(in: .whitespaces).prefix(22) }
                == ["1. Heathrow Terminal 4", "2. Heathrow Terminal 2", "3. Heathrow Terminal 3", "4. Heathrow Terminal 5"])
        // With no current location, by name; --yes takes the first.
        let chosen = try await ride(["request", "--pickup-name", "Heathrow", "--party", "1", "--yes", "--json"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(chosen.stdout.utf8)) as? [String: Any])
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["parameter"] as? String } == [
                "pickupLocation", "dropOffLocation", "partySize", "rideOptionName", "scheduledPickupTime", "paymentMethod",
            ])
        #expect(steps[0]["outcome"] as? String == "disambiguation")
        #expect((steps[0]["placemark"] as? [String: Any])?["name"] as? String == "Heathrow Terminal 2")
        #expect(steps[0]["acceptedBy"] as? String == "yes")
        #expect(steps[1]["outcome"] as? String == "notRequired")
        #expect((report["confirm"] as? [String: Any])?["code"] as? Int == 1)
        #expect((report["handle"] as? [String: Any])?["code"] as? Int == 3)
        #expect((report["rideStatus"] as? [String: Any])?["phase"] as? Int == 2)
    }

    @Test("negative latitudes and longitudes parse")
    func negativeCoordinates() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let r = try await ride(["request", "--pickup", "-33.8688,151.2093", "--dropoff", "-33.9399,151.1753", "--party", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("pickup       success  -33.86880,151.20930"))
        #expect(r.stdout.contains("drop-off     success  -33.93990,151.17530"))
        #expect(r.stdout.contains("confirm      ready  SIM-S339E1512-"))
        let west = try await ride(["request", "--pickup", "40.7580,-73.9855", "--party", "1"])
        #expect(west.status == 0, "\(west.stderr)")
        #expect(west.stdout.contains("pickup       success  40.75800,-73.98550"))
    }

    @Test("missing or bad values: exit 3 for a value needed, 4 for refused, 64 for bad arguments")
    func badValues() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let noPickup = try await ride(["request", "--party", "1"])
        #expect(noPickup.status == 3)
        #expect(noPickup.stdout.contains("pickup       needsValue  (no current location)"))
        #expect(noPickup.stderr.contains("give --pickup LAT,LON or --pickup-name NAME (or --trace FILE"))
        let noParty = try await ride(["request", "--pickup", "51.5085,-0.1247"])
        #expect(noParty.status == 3)
        #expect(noParty.stderr == "lodestar ride request: party size: needs a value: give --party N\n")
        let tooMany = try await ride(["request", "--pickup", "51.5085,-0.1247", "--party", "7"])
        #expect(tooMany.status == 4)
        #expect(tooMany.stderr.contains("party of 7 exceeds capacity: the largest vehicle seats 6"))
        let zero = try await ride(["request", "--pickup", "51.5085,-0.1247", "--party", "0"])
        #expect(zero.status == 4)
        let option = try await ride(["request", "--pickup", "51.5085,-0.1247", "--party", "1", "--option", "Limo"])
        #expect(option.status == 4)
        #expect(option.stderr.contains("no ride option named 'Limo'"))
        let unknownPlace = try await ride(["request", "--pickup-name", "Gare du Nord", "--party", "1"])
        #expect(unknownPlace.status == 4)
        let badCoordinate = try await ride(["request", "--pickup", "95,0", "--party", "1"])
        #expect(badCoordinate.status == 64)
        // An infinite wait was accepted and then trapped converting to a Duration.
        let endless = try await ride(["request", "--gpsd", "localhost", "--wait", "inf", "--party", "1"])
        #expect(endless.status == 64)
        #expect(endless.stderr == "lodestar ride request: --wait must be from 0.1 to 3600 seconds (got inf)\n")
        let both = try await ride(["request", "--pickup", "51.5,-0.1", "--pickup-name", "Waterloo station", "--party", "1"])
        #expect(both.status == 64)
        #expect(try await ride(["list"]).stdout.hasPrefix("no rides"))
    }

    @Test("a fleet file: the nearest free vehicle, or no service far from it")
    func fleetFile() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // LDN-004 at Trafalgar Square is nearest but busy; LDN-001 at Leicester Square is next.
        let r = try await ride(["request", "--pickup-name", "Trafalgar Square", "--party", "2", "--fleet", Self.fleet])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("confirm      ready  LDN-001 Toyota Prius (LD26 RDE)"))
        let far = try await ride(["request", "--pickup", "53.4808,-2.2426", "--party", "2", "--fleet", Self.fleet])
        #expect(far.status == 4)
        #expect(far.stdout.contains("confirm      failureRequiringAppLaunchNoServiceInArea"))
        let options = try await ride(["options", "--pickup", "51.5085,-0.1247", "--fleet", Self.fleet, "--json"])
        #expect(options.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(options.stdout.utf8)) as? [String: Any])
        #expect(json["code"] as? Int == 3)
        #expect((json["rideOptions"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Standard", "XL"])
    }

    @Test("a corrupt store is a one-line error, not a crash")
    func corruptStore() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(repeating: 0x42, count: 4_096).write(to: URL(fileURLWithPath: store))
        for arguments in [["list"], ["status", "X"], ["request", "--pickup", "51.5085,-0.1247", "--party", "1"]] {
            let r = try await ride(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr.hasSuffix(": ride store \(store) is not an SQLite database (corrupt or a different file)\n"))
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    /// Books `count` rides from Charing Cross and returns their identifiers.
    func book(_ count: Int) async throws -> [String] {
        var identifiers: [String] = []
        for _ in 0..<count {
            let r = try await ride(["request", "--pickup", "51.5085,-0.1247", "--party", "1"])
            identifiers.append(try #require(Self.rideIdentifier(r.stdout), "\(r.stderr)"))
        }
        return identifiers
    }

    /// The files in the store's directory.
    func directoryListing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("another application's SQLite database is refused by every command and left byte for byte as it was")
    func foreignDatabase() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try #require(try await book(1).first)
        // The same file marked by another application: application_id 'GPSM' at bytes 68-71 of the header.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        bytes.replaceSubrange(68..<72, with: Array("GPSM".utf8))
        try bytes.write(to: URL(fileURLWithPath: store))
        let listing = try directoryListing()
        for arguments in [
            ["list"], ["status", id], ["cancel", id], ["options", "--pickup", "51.5085,-0.1247"],
            ["request", "--pickup", "51.5085,-0.1247", "--party", "1"],
        ] {
            let r = try await ride(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(
                r.stderr.hasSuffix(
                    ": \(store) is not a Lodestar ride store (its SQLite application_id is 0x4750534D ('GPSM')); it was left unchanged\n"
                ),
                "\(arguments): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
        #expect(try directoryListing() == listing)
    }

    @Test("a ride whose record cannot be decoded: list shows the others, names it on standard error, exits 5")
    func unreadableRide() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = try await book(2)
        // Damage one record in place (the store is closed, every ride in the main file): its
        // "booking" key becomes "bookinX", of the same length, so SQLite still reads the row.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let key = Data("\"booking\":".utf8)
        let found = try #require(bytes.range(of: key))
        bytes[found.lowerBound + 7] = UInt8(ascii: "X")
        try bytes.write(to: URL(fileURLWithPath: store))
        let r = try await ride(["list"])
        #expect(r.status == 5, "\(r.stderr)")
        let listed = r.stdout.split(separator: "\n")
        #expect(listed.count == 1)
        let good = try #require(ids.first { listed.first?.hasPrefix($0) == true })
        let bad = try #require(ids.first { $0 != good })
        #expect(
            r.stderr.hasPrefix(
                "lodestar ride list: ride \(bad) in the store cannot be read: its record: No value associated with key"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        let json = try await ride(["list", "--json"])
        #expect(json.status == 5)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["rideIdentifier"] as? String } == [good])
        #expect(json.stderr == r.stderr)
    }

    @Test("list, status and options only read: they work as an unprivileged user on a read-only store in a read-only directory")
    func readOnlyStore() async throws {
        defer {
            chmod(directory.path, 0o755)
            try? FileManager.default.removeItem(at: directory)
        }
        let id = try #require(try await book(1).first)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let listing = try directoryListing()
        #expect(chmod(store, 0o444) == 0 && chmod(directory.path, 0o555) == 0)
        // Root writes whatever the permissions say: the commands run as nobody, whom they stop.
        let prefix = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            let process = Process()
            process.executableURL = URL(
                fileURLWithPath: prefix.first ?? CLIRunner.productsDirectory.appendingPathComponent("lodestar").path)
            process.arguments =
                prefix.dropFirst() + (prefix.isEmpty ? [] : [CLIRunner.productsDirectory.appendingPathComponent("lodestar").path])
                + ["ride"] + arguments + ["--store", store]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let error = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return CLIRunner.Result(
                status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                stderr: String(decoding: error, as: UTF8.self))
        }
        let list = try run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix(id))
        let status = try run(["status", id])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasPrefix("ride \(id)\n"))
        let options = try run(["options", "--pickup", "51.5085,-0.1247"])
        #expect(options.status == 0, "\(options.stderr)")
        // A command that writes says why it cannot, on one line.
        let cancel = try run(["cancel", id])
        #expect(cancel.status == 1)
        #expect(cancel.stderr.hasPrefix("lodestar ride cancel: cannot open ride store \(store): "), "\(cancel.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
        #expect(try directoryListing() == listing)
    }

    @Test("list on a store that does not exist creates nothing")
    func listCreatesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("not/yet/rides.sqlite").path
        let r = try await CLIRunner.run(["ride", "list", "--store", missing])
        #expect(r.status == 0)
        #expect(r.stdout == "no rides in \(missing)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("not").path))
    }

    @Test("watching a finished ride prints its last status and ends")
    func watchEnds() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let booked = try await ride(["request", "--pickup", "51.5085,-0.1247", "--party", "1"])
        let id = try #require(Self.rideIdentifier(booked.stdout))
        #expect(try await ride(["cancel", id]).status == 0)
        let watched = try await ride(["status", id, "--watch"])
        #expect(watched.status == 0)
        #expect(watched.stdout.split(separator: "\n").count == 1)
        #expect(watched.stdout.contains("completed (canceledByUser)"))
    }

    @Test("LODESTAR_RIDE_STORE chooses the store when --store is not given")
    func storeFromEnvironment() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = CLIRunner.productsDirectory.appendingPathComponent("lodestar")
        process.arguments = ["ride", "request", "--pickup", "51.5085,-0.1247", "--party", "1"]
        process.environment = ["LODESTAR_RIDE_STORE": store, "HOME": directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try await ride(["list"]).stdout.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".local").path))
    }
}

/// `lodestar ride request` at a terminal: the questions it asks and what the answers do. Standard
/// input is a pseudo-terminal and the answers are typed ahead, as a person would type them.
@Suite("lodestar ride request at a terminal")
struct RidePromptTests {
    let cli: RideCLITests

    init() throws { cli = try RideCLITests() }

    func request(_ arguments: [String], typing: String) async throws -> CLIRunner.Result {
        try await TerminalRunner.run(["ride", "request"] + arguments + ["--store", cli.store], typing: typing)
    }

    @Test("the proposed pickup is asked about; 'y' books the ride")
    func confirmYes() async throws {
        defer { try? FileManager.default.removeItem(at: cli.directory) }
        let r = try await request(["--trace", RideCLITests.walk, "--dropoff", "51.4700,-0.4543", "--party", "2"], typing: "y\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Use Charing Cross station forecourt (51.50850,-0.12470) as the pickup? [y/N] "))
        let id = try #require(RideCLITests.rideIdentifier(r.stdout))
        let list = try await cli.ride(["list"])
        #expect(list.stdout.contains(id))
    }

    @Test("n, no or Enter declines: exit 6 (declined, not refused), nothing booked")
    func confirmNo() async throws {
        defer { try? FileManager.default.removeItem(at: cli.directory) }
        for answer in ["n\n", "\n", "No\n"] {
            let r = try await request(["--trace", RideCLITests.walk, "--party", "2"], typing: answer)
            #expect(r.status == 6, "\(answer): \(r.stderr)")
            #expect(r.stderr == "lodestar ride request: pickup: declined\n")
        }
        #expect(try await cli.ride(["list"]).stdout.hasPrefix("no rides"))
    }

    @Test("an answer that is not y or n is asked again, saying why; Ctrl-D ends the prompt line and declines")
    func confirmInvalidThenEnd() async throws {
        defer { try? FileManager.default.removeItem(at: cli.directory) }
        let question = "Use Charing Cross station forecourt (51.50850,-0.12470) as the pickup? [y/N] "
        let r = try await request(["--trace", RideCLITests.walk, "--party", "2"], typing: "maybe\n\u{04}")
        #expect(r.status == 6, "\(r.stderr)")
        #expect(r.stdout.components(separatedBy: question).count == 3, "\(r.stdout)")
        #expect(r.stdout.contains("'maybe' is not an answer: type y or n (Enter alone is no)\n"))
        // The end of input ends the prompt's line: the output ends with a newline, not the question.
        #expect(r.stdout.hasSuffix(question + "\n"), "\(r.stdout)")
        #expect(r.stderr == "lodestar ride request: pickup: no answer (end of input)\n")
        #expect(try await cli.ride(["list"]).stdout.hasPrefix("no rides"))
    }

    @Test("several places: a number out of range is asked again; the chosen place is the pickup")
    func choose() async throws {
        defer { try? FileManager.default.removeItem(at: cli.directory) }
        let r = try await request(["--trace", RideCLITests.walk, "--pickup-name", "Heathrow", "--party", "1"], typing: "9\n2\n")
        #expect(r.status == 0, "\(r.stderr)")
        // Nearest first from Charing Cross: T4, T2, T3, T5. The question comes twice: "9" is no choice.
        #expect(r.stdout.components(separatedBy: "Which pickup? [1-4, Enter to stop] ").count == 3)
        #expect(r.stdout.contains("'9' is not one of the places: type a number from 1 to 4\n"))
        // The choice is said, as a resolved place is.
        #expect(r.stdout.contains("pickup       success  Heathrow Terminal 2 (51.46960,-0.45170)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("  2. Heathrow Terminal 2 (51.46960,-0.45170)"))
        #expect(r.stdout.contains("pickup     Heathrow Terminal 2 (51.46960,-0.45170)"))
    }

    @Test("several places: Enter alone stops without booking (exit 6)")
    func chooseNone() async throws {
        defer { try? FileManager.default.removeItem(at: cli.directory) }
        let r = try await request(["--trace", RideCLITests.walk, "--pickup-name", "Heathrow", "--party", "1"], typing: "\n")
        #expect(r.status == 6, "\(r.stderr)")
        #expect(r.stderr == "lodestar ride request: pickup: no place chosen\n")
        #expect(try await cli.ride(["list"]).stdout.hasPrefix("no rides"))
    }
}
