/// An incremental UTF-8 decoder that does not depend on the locale.
///
/// It is fed one byte at a time and keeps its state across chunks, so a character split
/// between two reads decodes the same as one read whole. Malformed input becomes U+FFFD by
/// the "maximal subpart" rule of Unicode §3.9 (the W3C/WHATWG decoder behaviour): a lead byte
/// followed by a byte outside its allowed range yields one U+FFFD for the lead and its valid
/// continuations, and the offending byte is decoded again from the start state.
package struct UTF8Decoder: Equatable, Sendable {
    /// `step` needs more bytes before it can say anything.
    package static let needMore: UInt32 = 0xFFFF_FFFF
    /// `step` ended a malformed sequence: emit U+FFFD, then give the same byte to `step` again.
    package static let replaceAndRetry: UInt32 = 0xFFFF_FFFE
    /// The replacement character.
    package static let replacement: UInt32 = 0xFFFD

    var codePoint: UInt32 = 0
    var remaining: UInt8 = 0
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF

    /// A decoder in its start state.
    package init() {}

    /// True while a multi-byte character is partly decoded.
    package var isPending: Bool { remaining != 0 }

    /// Consumes one byte. Returns a code point, U+FFFD for an invalid byte, `needMore`, or
    /// `replaceAndRetry` (the byte was not consumed).
    @inline(__always)
    package mutating func step(_ byte: UInt8) -> UInt32 {
        if remaining == 0 {
            switch byte {
            case 0x00...0x7F:
                return UInt32(byte)
            case 0xC2...0xDF:
                start(byte & 0x1F, remaining: 1, lower: 0x80, upper: 0xBF)
            case 0xE0:
                start(0, remaining: 2, lower: 0xA0, upper: 0xBF)
            case 0xED:
                start(0x0D, remaining: 2, lower: 0x80, upper: 0x9F)
            case 0xE1...0xEF:
                start(byte & 0x0F, remaining: 2, lower: 0x80, upper: 0xBF)
            case 0xF0:
                start(0, remaining: 3, lower: 0x90, upper: 0xBF)
            case 0xF1...0xF3:
                start(byte & 0x07, remaining: 3, lower: 0x80, upper: 0xBF)
            case 0xF4:
                start(4, remaining: 3, lower: 0x80, upper: 0x8F)
            default:
                return Self.replacement
            }
            return Self.needMore
        }
        guard byte >= lower && byte <= upper else {
            reset()
            return Self.replaceAndRetry
        }
        codePoint = codePoint << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        lower = 0x80
        upper = 0xBF
        return remaining == 0 ? codePoint : Self.needMore
    }

    /// Abandons a partly decoded character (the caller emits U+FFFD for it if it was pending).
    package mutating func reset() {
        remaining = 0
        codePoint = 0
        lower = 0x80
        upper = 0xBF
    }

    @inline(__always)
    mutating func start(_ bits: UInt8, remaining count: UInt8, lower low: UInt8, upper high: UInt8) {
        codePoint = UInt32(bits)
        remaining = count
        lower = low
        upper = high
    }
}

/// Appends the UTF-8 encoding of a code point (assumed to be a valid scalar value).
func appendUTF8(_ codePoint: UInt32, to bytes: inout [UInt8]) {
    switch codePoint {
    case 0..<0x80:
        bytes.append(UInt8(codePoint))
    case 0x80..<0x800:
        bytes.append(UInt8(0xC0 | codePoint >> 6))
        bytes.append(UInt8(0x80 | codePoint & 0x3F))
    case 0x800..<0x10000:
        bytes.append(UInt8(0xE0 | codePoint >> 12))
        bytes.append(UInt8(0x80 | (codePoint >> 6) & 0x3F))
        bytes.append(UInt8(0x80 | codePoint & 0x3F))
    default:
        bytes.append(UInt8(0xF0 | codePoint >> 18))
        bytes.append(UInt8(0x80 | (codePoint >> 12) & 0x3F))
        bytes.append(UInt8(0x80 | (codePoint >> 6) & 0x3F))
        bytes.append(UInt8(0x80 | codePoint & 0x3F))
    }
}
