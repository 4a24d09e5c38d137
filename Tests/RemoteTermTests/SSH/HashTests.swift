import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Known-answer vectors (FIPS 180-4 examples, RFC 2202, and values from Python's hashlib).
struct HashTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }.joined()
    }

    static let sha1Vectors: [(String, String)] = [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        ),
        // Lengths around the padding boundary (55, 56 and 64 bytes).
        (String(repeating: "x", count: 55), "cef734ba81a024479e09eb5a75b6ddae62e6abf1"),
        (String(repeating: "x", count: 56), "901305367c259952f4e7af8323f480d59f81335b"),
        (String(repeating: "x", count: 64), "bb2fa3ee7afb9f54c6dfb5d021f14b1ffe40c163"),
    ]

    @Test(arguments: sha1Vectors)
    func sha1(message: String, expected: String) {
        #expect(Self.hex(SHA1.hash(Array(message.utf8))) == expected)
    }

    @Test func sha1OfAMillionAs() {
        #expect(
            Self.hex(SHA1.hash([UInt8](repeating: 0x61, count: 1_000_000)))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    static let sha256Vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            String(repeating: "x", count: 55),
            "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"
        ),
        (
            String(repeating: "x", count: 56),
            "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"
        ),
        (
            String(repeating: "x", count: 64),
            "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"
        ),
    ]

    @Test(arguments: sha256Vectors)
    func sha256(message: String, expected: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == expected)
    }

    @Test func sha256OfAMillionAs() {
        #expect(
            Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    static let hmacVectors: [([UInt8], String, String)] = [
        // RFC 2202 test case 1.
        ([UInt8](repeating: 0x0b, count: 20), "Hi There", "b617318655057264e28bc0b6fb378c8ef146be00"),
        // RFC 2202 test case 2.
        (
            Array("Jefe".utf8), "what do ya want for nothing?", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"
        ),
        // A key longer than the block size is hashed first (RFC 2202 test case 6).
        (
            [UInt8](repeating: 0xaa, count: 80), "Test Using Larger Than Block-Size Key - Hash Key First",
            "aa4ae5e15272d00e95705637ce8a3b55ed402112"
        ),
        (
            Array("key".utf8), "The quick brown fox jumps over the lazy dog",
            "de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9"
        ),
    ]

    @Test(arguments: hmacVectors)
    func hmacSHA1(key: [UInt8], message: String, expected: String) {
        #expect(Self.hex(SHA1.hmac(key: key, message: Array(message.utf8))) == expected)
    }

    /// Keys generated with ssh-keygen; fingerprints as printed by `ssh-keygen -lf`.
    static let fingerprintVectors: [(String, String)] = [
        (
            "AAAAC3NzaC1lZDI1NTE5AAAAIMNX5TSeifdzTGlus5D8AgWGAGscrIaQ2fHuIaP5OENP",
            "SHA256:8tmADKWbjJA4t4Dx48Dld73319uDvRm6ZYClz8V0uIs"
        ),
        (
            "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBJY8xarbBoBOuR6mHaNTN6rbQOSSGhkK4kXDptyuBpXzp0bHAZDXOfAxIOFz8fuyU/8gFVZ3+PMU2dcW3EnwA8k=",
            "SHA256:JEjQaujqdKW3R8fARQFRggsrwGjaFx15EJSV5aoN26o"
        ),
    ]

    @Test(arguments: fingerprintVectors)
    func openSSHFingerprint(base64Key: String, expected: String) throws {
        let blob = try #require(KnownHostsFixtures.blob(base64Key))
        #expect(SSHFingerprint.sha256(ofKeyBlob: blob) == expected)
    }

    @Test func fingerprintDisplayNames() {
        #expect(SSHFingerprint.displayName(ofKeyType: "ssh-ed25519") == "ED25519")
        #expect(SSHFingerprint.displayName(ofKeyType: "ecdsa-sha2-nistp384") == "ECDSA")
        #expect(SSHFingerprint.displayName(ofKeyType: "ssh-rsa") == "RSA")
    }
}
