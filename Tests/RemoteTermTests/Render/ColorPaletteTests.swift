// The xterm palette, truecolor → 256 quantisation on known values, and the fallbacks to
// 16 and 8 colours and to direct colour.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

@Suite struct ColorPaletteTests {
    @Test(arguments: [
        (UInt8(0), 0x000000), (1, 0xCD0000), (7, 0xE5E5E5), (8, 0x7F7F7F), (12, 0x5C5CFF), (15, 0xFFFFFF),
        (16, 0x000000), (17, 0x00005F), (21, 0x0000FF), (67, 0x5F87AF), (196, 0xFF0000), (231, 0xFFFFFF),
        (232, 0x080808), (244, 0x808080), (255, 0xEEEEEE),
    ])
    func paletteValues(_ index: UInt8, _ rgb: Int) {
        let (r, g, b) = ColorPalette.rgb(ofIndex: index)
        #expect(Int(r) << 16 | Int(g) << 8 | Int(b) == rgb, "colour \(index)")
    }

    @Test(arguments: [
        ("black", 0x000000, UInt8(16)),
        ("white", 0xFFFFFF, 231),
        ("pure red", 0xFF0000, 196),
        ("exact cube entry", 0x5F87AF, 67),
        ("mid grey goes to the ramp", 0x808080, 244),
        ("dark grey on the ramp", 0x121212, 233),
        ("near black is the darkest grey", 0x050505, 232),
        ("light grey", 0xEEEEEE, 255),
        ("almost white", 0xFAFAFA, 231),
        ("orange", 0xFF8000, 208),
        ("a green", 0x64C832, 77),
        ("a slate", 0x708090, 66),
        ("solarized base03 is nearer a grey", 0x002B36, 234),
        ("greyish brown stays in the cube", 0x7F5F5F, 95),
    ])
    func nearestOfTheTwoHundredFiftySix(_ name: String, _ rgb: Int, _ expected: UInt8) {
        let index = ColorPalette.nearestIndex(r: UInt8(rgb >> 16), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF))
        #expect(index == expected, "\(name)")
    }

    @Test func everyCubeAndGreyEntryMapsToItself() {
        for index in UInt8(16)...255 {
            let (r, g, b) = ColorPalette.rgb(ofIndex: index)
            #expect(ColorPalette.nearestIndex(r: r, g: g, b: b) == index, "colour \(index)")
        }
    }

    @Test func quantisationMatchesBruteForceOnASampleOfTheRGBSpace() {
        // Sample the RGB space: the chosen entry is as close as the best of entries 16–255
        // found by brute force (ties may pick either).
        func distance(_ index: UInt8, _ r: Int, _ g: Int, _ b: Int) -> Int {
            let (pr, pg, pb) = ColorPalette.rgb(ofIndex: index)
            let (dr, dg, db) = (Int(pr) - r, Int(pg) - g, Int(pb) - b)
            return dr * dr + dg * dg + db * db
        }
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let chosen = ColorPalette.nearestIndex(r: UInt8(r), g: UInt8(g), b: UInt8(b))
                    let best = (16...255).map { distance(UInt8($0), r, g, b) }.min()!
                    #expect(distance(chosen, r, g, b) == best, "\(r),\(g),\(b) → \(chosen)")
                }
            }
        }
    }

    @Test(arguments: [
        (UInt8(5), UInt8(5)), (16, 0), (17, 4), (21, 12), (22, 2), (23, 6), (46, 10), (52, 1), (58, 3), (59, 8),
        (88, 1), (160, 9), (196, 9), (201, 13), (226, 11), (231, 15), (232, 0), (240, 8), (246, 7), (252, 15),
    ])
    func sixteenColourFallbackKeepsTheHue(_ index: UInt8, _ expected: UInt8) {
        #expect(ColorPalette.basicIndex(forIndex: index) == expected, "colour \(index)")
    }

    @Test(arguments: [
        (TerminalColor.default, 256, Int32(-1)),
        (.default, 1 << 24, -1),
        (.indexed(9), 8, 1),
        (.indexed(9), 16, 9),
        (.indexed(196), 16, 9),
        (.indexed(196), 8, 1),
        (.indexed(196), 256, 196),
        (.indexed(196), 1 << 24, 0xFF0000),
        (.indexed(3), 1 << 24, 3),
        (.indexed(16), 1 << 24, 8),
        (.rgb(0xFF, 0x80, 0), 256, 208),
        (.rgb(0xFF, 0x80, 0), 1 << 24, 0xFF8000),
        (.rgb(0, 0, 5), 1 << 24, 8),
        (.rgb(0xFF, 0, 0), 16, 9),
        (.rgb(0xFF, 0, 0), 2, -1),
        (.indexed(1), 0, -1),
    ])
    func colourNumbersForTheLocalTerminal(_ color: TerminalColor, _ colors: Int, _ expected: Int32) {
        #expect(ColorPalette.colorNumber(for: color, colorCount: colors) == expected)
    }
}
