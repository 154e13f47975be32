import Foundation
import LodestarInternals
import RideServer
import Testing

/// A ride's identifier in a path is read from its bytes (issue 24): the same answers as
/// Foundation's `UUID(uuidString:)` and `uuidString`, which it replaced, for texts in the UUID
/// form; stricter than Foundation for others.
@Suite("Ride identifiers in paths")
struct RideIdentifierTests {
    @Test("either case is the store's upper-case form; anything else is no ride")
    func forms() {
        #expect(RideIdentifier.canonical("e122da2b-2d7b-4c61-b4ae-ea83c4a6916a") == "E122DA2B-2D7B-4C61-B4AE-EA83C4A6916A")
        #expect(RideIdentifier.canonical("E122DA2B-2D7B-4C61-B4AE-EA83C4A6916A") == "E122DA2B-2D7B-4C61-B4AE-EA83C4A6916A")
        for text in [
            "", "e122da2b2d7b4c61b4aeea83c4a6916a", "e122da2b-2d7b-4c61-b4ae-ea83c4a6916",
            "{e122da2b-2d7b-4c61-b4ae-ea83c4a6916a}",
            "g122da2b-2d7b-4c61-b4ae-ea83c4a6916a", "e122da2b-2d7b-4c61-b4ae_ea83c4a6916a",
            "e122da2b-2d7b-4c61-b4ae-ea83c4a6916aa",
            "é122da2b-2d7b-4c61-b4ae-ea83c4a6916", "../rides",
        ] {
            #expect(RideIdentifier.canonical(text) == nil, "\(text)")
        }
    }

    @Test("20,000 random 36-character texts: the UUID form is read as Foundation reads it, and nothing else is")
    func sameAsFoundation() throws {
        var random = SplitMix64(seed: 24)
        let alphabet = Array("0123456789abcdefABCDEF-g Z")
        let form = try Regex("^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")
        var valid = 0
        var lenient = 0
        for _ in 0..<20_000 {
            var characters = (0..<36).map { _ in alphabet[Int(random.next() % 22)] }
            // Dashes where a UUID has them, mostly, so that many texts are valid.
            for i in [8, 13, 18, 23] where random.next() % 8 != 0 { characters[i] = "-" }
            if random.next() % 4 == 0 { characters[Int(random.next() % 36)] = alphabet[Int(random.next() % 26)] }
            let text = String(characters)
            let foundation = UUID(uuidString: text)?.uuidString
            if text.wholeMatch(of: form) != nil {
                #expect(RideIdentifier.canonical(text) == foundation, "\(text)")
                #expect(foundation == text.uppercased())
                valid += 1
            } else {
                // Foundation's sscanf also takes a sign or a space inside a byte's two digits
                // ("--287" reads as FE87): not a UUID, and no ride.
                #expect(RideIdentifier.canonical(text) == nil, "\(text)")
                if foundation != nil { lenient += 1 }
            }
        }
        #expect(valid > 2_000)
        #expect(lenient > 0, "the texts include Foundation's lenient forms")
    }
}
