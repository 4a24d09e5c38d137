import Testing
@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Spot checks of the generated width table. Agreement with glibc for every code point is
/// asserted by Scripts/generate-character-width.py when the table is generated.
struct CharacterWidthTests {
    static let cases: [(UInt32, Int)] = [
        (0x61, 1),  // a
        (0x00E9, 1),  // é
        (0x00AD, 1),  // soft hyphen: Cf, but width 1
        (0x02FF, 1),  // last code point of the fast path
        (0x0300, 0),  // first combining mark
        (0x0301, 0),  // combining acute accent
        (0x0488, 0),  // combining Cyrillic hundred thousands sign (Me)
        (0x0600, 1),  // Arabic number sign: prepended concatenation mark
        (0x1160, 0),  // Hangul jungseong filler
        (0x11FF, 0),  // Hangul jongseong
        (0xD7B0, 0),  // Hangul jungseong (Jamo Extended-B)
        (0x200B, 0),  // zero width space
        (0x200C, 0),  // zero width non-joiner
        (0x200D, 0),  // zero width joiner
        (0x2028, 1),  // line separator (glibc: -1)
        (0xFE0F, 0),  // variation selector 16
        (0x3000, 2),  // ideographic space
        (0x3248, 2),  // circled number ten on black square (glibc special case)
        (0x4DC0, 2),  // hexagram (glibc special case)
        (0x4E2D, 2),  // 中
        (0xAC00, 2),  // 가
        (0xFF21, 2),  // fullwidth Ａ
        (0xFF61, 1),  // halfwidth ideographic full stop
        (0x1F600, 2),  // 😀
        (0x1F3FB, 2),  // emoji skin tone modifier
        (0x20000, 2),  // CJK extension B
        (0x2A6E0, 2),  // unassigned, CJK plane: wide
        (0x2FFFE, 1),  // noncharacter
        (0x30000, 2),  // CJK extension G
        (0x40000, 1),  // unassigned, beyond the table
        (0xE0001, 0),  // language tag
        (0xE0041, 0),  // tag latin capital letter A
        (0xE0100, 0),  // variation selector 17
        (0xE01EF, 0),  // variation selector 256
        (0xE01F0, 1),  // unassigned
        (0xF0000, 1),  // private use
        (0x10FFFF, 1),  // noncharacter, last code point
    ]

    @Test(arguments: cases)
    func width(codePoint: UInt32, expected: Int) {
        #expect(characterWidth(codePoint) == expected, "U+\(String(codePoint, radix: 16))")
    }

    @Test func everyCodePointHasWidthZeroOneOrTwo() {
        var counts = [0, 0, 0, 0]  // widths 0, 1, 2 and anything else
        for codePoint in UInt32(0x20)...0x10FFFF {
            counts[min(max(characterWidth(codePoint), 0), 3)] += 1
        }
        #expect(counts[3] == 0)
        // Sanity bounds for Unicode 14: a few thousand zero-width, some 180k wide.
        #expect((2_000...3_000).contains(counts[0]))
        #expect((150_000...200_000).contains(counts[2]))
    }
}
