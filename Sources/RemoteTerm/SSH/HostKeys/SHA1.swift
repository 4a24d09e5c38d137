import RemoteTermEngine

/// SHA-1 and HMAC-SHA1, as needed to match hashed known_hosts entries (`|1|salt|hash`).
///
/// OpenSSH hashes host names with HMAC-SHA1 keyed by a random 20-byte salt. SHA-1 is
/// weak against collisions, but that does not matter here: the HMAC only hides which
/// hosts a file lists. This is a small, allocation-light implementation of FIPS 180-4
/// and RFC 2104, so that the pure known_hosts code needs no crypto library.
package enum SHA1 {
    /// The digest size in bytes.
    package static let digestSize = 20
    /// The block size in bytes (used by HMAC).
    package static let blockSize = 64

    /// The SHA-1 digest of `message`.
    package static func hash<Bytes: Collection>(_ message: Bytes) -> [UInt8]
    where Bytes.Element == UInt8 {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        let padded = MerkleDamgardPadding.pad(Array(message), lengthBytes: 8)
        var schedule = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: padded.count, by: blockSize) {
            for i in 0..<16 {
                schedule[i] = MerkleDamgardPadding.bigEndianWord(padded, at: blockStart + 4 * i)
            }
            for i in 16..<80 {
                let mixed = schedule[i - 3] ^ schedule[i - 8] ^ schedule[i - 14] ^ schedule[i - 16]
                schedule[i] = mixed.rotatedLeft(by: 1)
            }
            var (a, b, c, d, e) = state
            for i in 0..<80 {
                let f: UInt32
                let k: UInt32
                switch i {
                case 0..<20:
                    f = (b & c) | (~b & d)
                    k = 0x5A82_7999
                case 20..<40:
                    f = b ^ c ^ d
                    k = 0x6ED9_EBA1
                case 40..<60:
                    f = (b & c) | (b & d) | (c & d)
                    k = 0x8F1B_BCDC
                default:
                    f = b ^ c ^ d
                    k = 0xCA62_C1D6
                }
                let temp = a.rotatedLeft(by: 5) &+ f &+ e &+ k &+ schedule[i]
                e = d
                d = c
                c = b.rotatedLeft(by: 30)
                b = a
                a = temp
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
        var digest = [UInt8]()
        digest.reserveCapacity(digestSize)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            MerkleDamgardPadding.appendBigEndian(word, to: &digest)
        }
        return digest
    }

    /// HMAC-SHA1 (RFC 2104) of `message` under `key`.
    package static func hmac<Key: Collection, Message: Collection>(key: Key, message: Message)
        -> [UInt8]
    where Key.Element == UInt8, Message.Element == UInt8 {
        var blockKey = key.count > blockSize ? hash(key) : Array(key)
        blockKey += [UInt8](repeating: 0, count: blockSize - blockKey.count)
        let inner = hash(blockKey.map { $0 ^ 0x36 } + Array(message))
        return hash(blockKey.map { $0 ^ 0x5C } + inner)
    }
}

/// Helpers shared by the SHA-1 and SHA-256 implementations (both are Merkle–Damgård
/// hashes over 64-byte blocks with big-endian words and a 64-bit bit-length suffix).
enum MerkleDamgardPadding {
    /// `message` followed by 0x80, zeros, and the message length in bits as a big-endian
    /// integer of `lengthBytes` bytes, padded to a multiple of 64 bytes.
    static func pad(_ message: [UInt8], lengthBytes: Int) -> [UInt8] {
        var padded = message
        padded.append(0x80)
        while (padded.count + lengthBytes) % 64 != 0 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: (lengthBytes - 1) * 8, through: 0, by: -8) {
            padded.append(shift >= 64 ? 0 : UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        return padded
    }

    static func bigEndianWord(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func appendBigEndian(_ word: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: word >> 24))
        bytes.append(UInt8(truncatingIfNeeded: word >> 16))
        bytes.append(UInt8(truncatingIfNeeded: word >> 8))
        bytes.append(UInt8(truncatingIfNeeded: word))
    }
}

extension UInt32 {
    @inline(__always) func rotatedLeft(by count: UInt32) -> UInt32 {
        (self << count) | (self >> (32 - count))
    }

    @inline(__always) func rotatedRight(by count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
