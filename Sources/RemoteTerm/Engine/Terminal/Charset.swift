/// The character sets a G0–G3 slot can hold (SCS, `ESC ( F` and friends).
package enum Charset: UInt8, Sendable {
    /// US ASCII (`B`).
    case ascii
    /// DEC Special Graphics (`0`): line drawing in place of `_` and lower-case letters.
    case decSpecialGraphics
    /// United Kingdom (`A`): `#` is the pound sign.
    case british

    /// The set named by the final byte of an SCS sequence, if rterm knows it.
    init?(designator: UInt8) {
        switch designator {
        case UInt8(ascii: "B"): self = .ascii
        case UInt8(ascii: "0"): self = .decSpecialGraphics
        case UInt8(ascii: "A"): self = .british
        default: return nil
        }
    }

    /// Maps a printable ASCII code point through the set.
    @inline(__always)
    func translate(_ codePoint: UInt32) -> UInt32 {
        switch self {
        case .ascii:
            return codePoint
        case .british:
            return codePoint == 0x23 ? 0xA3 : codePoint
        case .decSpecialGraphics:
            guard codePoint >= 0x5F && codePoint <= 0x7E else { return codePoint }
            return Self.decGraphics[Int(codePoint - 0x5F)]
        }
    }

    /// DEC Special Graphics for 0x5F–0x7E, as the Unicode characters xterm shows.
    private static let decGraphics: [UInt32] = [
        0x00A0,  // _ blank
        0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, 0x00B1,  // ` a b c d e f g
        0x2424, 0x240B, 0x2518, 0x2510, 0x250C, 0x2514, 0x253C, 0x23BA,  // h i j k l m n o
        0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534, 0x252C,  // p q r s t u v w
        0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7,  // x y z { | } ~
    ]
}

/// The four designated character sets and which one is invoked into GL.
package struct CharsetState: Equatable, Sendable {
    /// G0–G3.
    var slots: (Charset, Charset, Charset, Charset) = (.ascii, .ascii, .ascii, .ascii)
    /// The slot invoked into GL (SI → 0, SO → 1, LS2 → 2, LS3 → 3).
    var active = 0
    /// The set currently used for printing.
    var current: Charset = .ascii

    package static func == (a: CharsetState, b: CharsetState) -> Bool {
        a.slots == b.slots && a.active == b.active
    }

    /// Designates `charset` into slot `slot` (0–3).
    mutating func designate(_ charset: Charset, slot: Int) {
        switch slot {
        case 0: slots.0 = charset
        case 1: slots.1 = charset
        case 2: slots.2 = charset
        default: slots.3 = charset
        }
        refresh()
    }

    /// Invokes slot `slot` into GL.
    mutating func invoke(_ slot: Int) {
        active = slot
        refresh()
    }

    private mutating func refresh() {
        switch active {
        case 0: current = slots.0
        case 1: current = slots.1
        case 2: current = slots.2
        default: current = slots.3
        }
    }
}
