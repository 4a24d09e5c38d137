/// A colour of the terminal's colour table, 8 bits a channel.
///
/// xterm keeps what the X server allocated, which on a 24-bit visual is 8 bits a channel,
/// and reports each channel widened to 16 bits (`0xAB` as `abab`); rterm keeps the same.
package struct RGBColor: Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`.
    package init(_ hex: UInt32) {
        self.init(red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
                  blue: UInt8(truncatingIfNeeded: hex))
    }

    /// A colour given 16 bits a channel, as X11's colour specs give it: the low byte is
    /// dropped, as the X server does when it allocates the colour on a 24-bit visual.
    init(red16: UInt16, green16: UInt16, blue16: UInt16) {
        self.init(red: UInt8(red16 >> 8), green: UInt8(green16 >> 8), blue: UInt8(blue16 >> 8))
    }

    /// The colour as xterm reports it: `rgb:rrrr/gggg/bbbb`, 16 bits a channel in hex.
    var reportSpec: String {
        func channel(_ value: UInt8) -> String {
            let hex = String(UInt16(value) * 0x101, radix: 16)
            return String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "rgb:\(channel(red))/\(channel(green))/\(channel(blue))"
    }
}

/// xterm's colour table for one terminal: the 256-colour palette (OSC 4), the special
/// colours for bold, underline, blink, reverse and italic (OSC 5, or OSC 4 past 255) and the
/// dynamic colours (OSC 10–19).
///
/// Every table has a fixed size, so nothing the remote sends can grow it; indices outside
/// are refused by the accessors (`nil`), never clamped. The defaults are what xterm starts
/// with, kept beside the current values so the reset OSCs (104, 105, 110–119) and RIS can
/// go back to them.
package struct TerminalColors: Sendable, Equatable {
    /// Palette entries (OSC 4 indices 0–255).
    package static let paletteCount = 256
    /// Special colours: bold, underline, blink, reverse, italic (xterm's colorBD…colorIT).
    package static let specialCount = 5
    /// Dynamic colours: OSC 10 to OSC 19.
    package static let dynamicCount = 10
    /// The OSC number of the first dynamic colour (the text foreground).
    package static let firstDynamic = 10

    /// What each table starts with and goes back to on reset.
    package struct Defaults: Sendable, Equatable {
        package var palette: [RGBColor]
        package var specials: [RGBColor]
        package var dynamics: [RGBColor]

        /// xterm's: its 16 ANSI colours, the 6×6×6 cube and the grey ramp; black text on
        /// white (`XtDefaultForeground` / `XtDefaultBackground`) for the dynamic colours, the
        /// text colour for the cursor, the Tek colours and the highlight background, the
        /// background for the pointer's background and the highlight text; the special
        /// colours default to the text colour, as xterm's `colorBD`… resources do.
        package static let xterm: Defaults = {
            let palette = (0..<paletteCount).map { index -> RGBColor in
                let (r, g, b) = ColorPalette.rgb(ofIndex: UInt8(index))
                return RGBColor(red: r, green: g, blue: b)
            }
            let black = RGBColor(0x000000)
            let white = RGBColor(0xFFFFFF)
            // 10 text, 11 background, 12 cursor, 13 pointer, 14 pointer background,
            // 15 Tek text, 16 Tek background, 17 highlight background, 18 Tek cursor,
            // 19 highlight text.
            let dynamics = [black, white, black, black, white, black, white, black, black, white]
            return Defaults(
                palette: palette, specials: Array(repeating: black, count: specialCount), dynamics: dynamics)
        }()
    }

    package private(set) var defaults: Defaults
    package private(set) var palette: [RGBColor]
    package private(set) var specials: [RGBColor]
    package private(set) var dynamics: [RGBColor]

    /// A table holding `defaults`.
    package init(defaults: Defaults = .xterm) {
        precondition(
            defaults.palette.count == Self.paletteCount && defaults.specials.count == Self.specialCount
                && defaults.dynamics.count == Self.dynamicCount, "colour tables have fixed sizes")
        self.defaults = defaults
        palette = defaults.palette
        specials = defaults.specials
        dynamics = defaults.dynamics
    }

    // MARK: - Palette and special colours (OSC 4 / OSC 5 share one numbering, as in xterm)

    /// An entry of OSC 4's numbering: 0–255 the palette, 256–260 the special colours.
    package func indexed(_ index: Int) -> RGBColor? {
        if index >= 0 && index < Self.paletteCount { return palette[index] }
        let special = index - Self.paletteCount
        if special >= 0 && special < Self.specialCount { return specials[special] }
        return nil
    }

    /// Sets an entry of OSC 4's numbering; false when the index is outside it.
    @discardableResult
    mutating func setIndexed(_ index: Int, to color: RGBColor) -> Bool {
        if index >= 0 && index < Self.paletteCount {
            palette[index] = color
            return true
        }
        let special = index - Self.paletteCount
        guard special >= 0 && special < Self.specialCount else { return false }
        specials[special] = color
        return true
    }

    /// Returns an entry of OSC 4's numbering to its default.
    mutating func resetIndexed(_ index: Int) {
        if let color = Self.entry(index, palette: defaults.palette, specials: defaults.specials) {
            setIndexed(index, to: color)
        }
    }

    mutating func resetPalette() { palette = defaults.palette }
    mutating func resetSpecials() { specials = defaults.specials }

    private static func entry(_ index: Int, palette: [RGBColor], specials: [RGBColor]) -> RGBColor? {
        if index >= 0 && index < paletteCount { return palette[index] }
        let special = index - paletteCount
        return special >= 0 && special < specialCount ? specials[special] : nil
    }

    // MARK: - Drawing

    /// The colour to draw for a cell's `color`: a palette entry, or the default text or
    /// background colour, that the remote changed (OSC 4, OSC 10, OSC 11) becomes its RGB
    /// value; everything else stays as it is, so what the remote left alone keeps the local
    /// terminal's own theme.
    package func drawn(_ color: TerminalColor, asForeground: Bool) -> TerminalColor {
        switch color {
        case .default:
            let slot = asForeground ? 0 : 1
            let value = dynamics[slot]
            return value == defaults.dynamics[slot] ? color : .rgb(value.red, value.green, value.blue)
        case .indexed(let index):
            let value = palette[Int(index)]
            return value == defaults.palette[Int(index)] ? color : .rgb(value.red, value.green, value.blue)
        case .rgb:
            return color
        }
    }

    // MARK: - Dynamic colours (OSC 10–19)

    /// The dynamic colour of OSC `code` (10–19).
    package func dynamic(_ code: Int) -> RGBColor? {
        let slot = code - Self.firstDynamic
        return slot >= 0 && slot < Self.dynamicCount ? dynamics[slot] : nil
    }

    mutating func setDynamic(_ code: Int, to color: RGBColor) {
        let slot = code - Self.firstDynamic
        if slot >= 0 && slot < Self.dynamicCount { dynamics[slot] = color }
    }

    mutating func resetDynamic(_ code: Int) {
        let slot = code - Self.firstDynamic
        if slot >= 0 && slot < Self.dynamicCount { dynamics[slot] = defaults.dynamics[slot] }
    }
}
