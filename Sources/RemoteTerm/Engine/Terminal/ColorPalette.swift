/// The xterm 256-colour palette and the ways down from richer colour to what the local
/// terminal can show: truecolor → nearest of the 256, 256 → 16 → 8.
///
/// Layout of the 256: 0–15 the ANSI colours (xterm's defaults here; real terminals theme
/// them), 16–231 a 6×6×6 cube with levels 0, 95, 135, 175, 215, 255, and 232–255 a grey
/// ramp 8, 18, …, 238.
package enum ColorPalette {
    /// An RGB triple.
    package typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    /// The six levels of each channel of the colour cube.
    package static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// xterm's default ANSI colours 0–15.
    static let ansi: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    /// The colour of palette entry `index` (xterm's defaults for 0–15).
    package static func rgb(ofIndex index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            let value = ansi[Int(index)]
            return (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        case 16..<232:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        }
    }

    // MARK: - Truecolor → 256

    /// The palette entry (16–255) closest to an RGB colour: the nearest point of the colour
    /// cube or the nearest grey of the ramp, whichever is closer. Entries 0–15 are never
    /// chosen, because users theme them and their real colour is unknown (tmux does the same).
    package static func nearestIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let red = Int(r)
        let green = Int(g)
        let blue = Int(b)
        let (redStep, greenStep, blueStep) = (cubeStep(red), cubeStep(green), cubeStep(blue))
        let cubeDistance = distanceSquared(
            (Int(cubeLevels[redStep]), Int(cubeLevels[greenStep]), Int(cubeLevels[blueStep])), (red, green, blue))

        // The grey nearest the average brightness: greys are 8 + 10 i.
        let average = (red + green + blue) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = distanceSquared((grey, grey, grey), (red, green, blue))

        if greyDistance < cubeDistance { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * redStep + 6 * greenStep + blueStep)
    }

    /// The index of the cube level nearest `value` (the midpoints are 48, 115, 155, 195, 235).
    static func cubeStep(_ value: Int) -> Int {
        var step = 0
        while step < 5 && value * 2 >= Int(cubeLevels[step]) + Int(cubeLevels[step + 1]) { step += 1 }
        return step
    }

    private static func distanceSquared(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }

    // MARK: - 256 → 16

    /// The ANSI colour (0–15) that best stands in for an RGB colour on a 16-colour terminal.
    ///
    /// Distance to xterm's defaults would turn every dark colour black, so this keeps the
    /// hue instead: greys go by brightness to black, bright black, white or bright white;
    /// other colours keep the channels that stand out (above the midpoint of the colour's
    /// own range) and are bright when their strongest channel is 0xD7 or more.
    package static func basicIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let (red, green, blue) = (Int(r), Int(g), Int(b))
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        if high - low < 0x30 {
            let average = (red + green + blue) / 3
            switch average {
            case ..<0x40: return 0
            case ..<0x80: return 8
            case ..<0xB8: return 7
            default: return 15
            }
        }
        let middle = high + low
        var index: UInt8 = 0
        if red * 2 > middle { index |= 1 }
        if green * 2 > middle { index |= 2 }
        if blue * 2 > middle { index |= 4 }
        return high >= 0xD7 ? index + 8 : index
    }

    /// The ANSI colour (0–15) for a palette entry: itself for 0–15.
    package static func basicIndex(forIndex index: UInt8) -> UInt8 {
        if index < 16 { return index }
        let (r, g, b) = rgb(ofIndex: index)
        return basicIndex(r: r, g: g, b: b)
    }

    // MARK: - For the local terminal

    /// Local colour counts at or above this are direct colour (ncurses `xterm-direct`).
    package static let directColorCount = 1 << 24

    /// The colour number to give ncurses for `color` on a terminal with `colorCount`
    /// colours (`COLORS`): -1 for the default colour (the front calls `use_default_colors`),
    /// and always something the terminal has.
    ///
    /// - Direct colour (`COLORS` ≥ 2^24): numbers 0–7 are the ANSI colours and anything
    ///   else is 0xRRGGBB, so entries 8–255 are sent as their RGB value, and an RGB value
    ///   below 8 (a blue so dark it is black) is nudged to 8 so it is not taken for an ANSI colour.
    /// - 256 colours: palette entries as they are, truecolor to `nearestIndex`.
    /// - 16 (or 88) colours: `basicIndex`; 8 colours: the same without the bright bit.
    /// - Fewer: -1, the default colour.
    package static func colorNumber(for color: TerminalColor, colorCount: Int) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let index):
            if colorCount >= directColorCount {
                if index < 8 { return Int32(index) }
                let (r, g, b) = rgb(ofIndex: index)
                return directNumber(r, g, b)
            }
            if colorCount >= 256 { return Int32(index) }
            return reduced(basicIndex(forIndex: index), colorCount: colorCount)
        case .rgb(let r, let g, let b):
            if colorCount >= directColorCount { return directNumber(r, g, b) }
            if colorCount >= 256 { return Int32(nearestIndex(r: r, g: g, b: b)) }
            return reduced(basicIndex(r: r, g: g, b: b), colorCount: colorCount)
        }
    }

    private static func directNumber(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
    }

    private static func reduced(_ basic: UInt8, colorCount: Int) -> Int32 {
        if colorCount >= 16 { return Int32(basic) }
        if colorCount >= 8 { return Int32(basic & 7) }
        return -1
    }
}
