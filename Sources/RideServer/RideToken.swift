import Crypto
import Foundation

/// Bearer tokens: made from 32 random bytes, shown once, stored only as their SHA-256.
public enum RideToken {
    /// A new token: 32 bytes from the system's cryptographic generator, as 43 characters of
    /// base64url without padding (RFC 4648 §5), prefixed "ldst_" so a leaked one is recognisable.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "ldst_" + base64
    }

    /// The token's SHA-256 (FIPS 180-4) over its UTF-8 bytes, as 64 lowercase hexadecimal digits:
    /// what the store keeps and looks up.
    public static func hash(_ token: String) -> String {
        let digest = SHA256.hash(data: Data(token.utf8))
        // 64 lowercase hexadecimal digits written in one buffer: every request's token is hashed.
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { buffer in
            var i = 0
            for byte in digest {
                buffer[i] = digits[Int(byte >> 4)]
                buffer[i + 1] = digits[Int(byte & 0x0F)]
                i += 2
            }
            return i
        }
    }
}
