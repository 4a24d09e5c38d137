import RemoteTermCore
import RemoteTermEngine

/// Styling ncurses cannot draw, written by rterm itself over what ncurses drew: 24-bit
/// colour on a terminfo entry without direct colour, strikethrough, overline, underline
/// styles and underline colour.
///
/// ncurses draws every cell as best it can (nearest of the 256 colours, a plain underline).
/// Right after its `refresh`, the front sends `bytes(for:)` for the cells that need more
/// (`runs`): `ESC 7` (DECSC, which saves the cursor and the rendition, so what ncurses
/// believes about the terminal stays true), for each run a cursor move, an SGR with the
/// cell's full style and the run's text, then `ESC [ 0 m` and `ESC 8` (DECRC).
///
/// The text comes from the remote. The engine never stores C0 or C1 controls in a cell, but
/// this does not rely on it: anything that is not a printable scalar is written as a space
/// (or left out, for a combining mark), so nothing but the sequences above ever goes out.
package enum StyleOverpaint {
    // MARK: - Which cells

    /// Whether `capabilities` can draw something of `cell` that ncurses does not: a 24-bit
    /// foreground or background (after the remote's palette changes, `colors.drawn`),
    /// strikethrough, overline, an underline style other than single, an underline colour
    /// (on an underlined cell: without an underline it shows nothing).
    package static func needsOverpaint(
        _ cell: Cell, extras: CellExtras, colors: TerminalColors, capabilities: LocalStyleCapabilities
    ) -> Bool {
        let attributes = cell.attributes
        if capabilities.strikethrough && attributes.contains(.strikethrough) { return true }
        if capabilities.overline && attributes.contains(.overline) { return true }
        let underline = attributes.underlineStyle
        if capabilities.styledUnderline && underline != .none && underline != .single { return true }
        if capabilities.underlineColor && underline != .none && cell.extra != 0
            && extras.entry(cell.extra).underlineColor != 0
        {
            return true
        }
        if capabilities.directColor {
            if case .rgb = colors.drawn(cell.foreground, asForeground: true) { return true }
            if case .rgb = colors.drawn(cell.background, asForeground: false) { return true }
        }
        return false
    }

    /// The runs of one row (`cells` from column 0) that need overpaint: adjacent cells that
    /// need it join one run, and a wide character's continuation goes with its first half.
    /// A wide character cut off by the end of `cells` (the front shows fewer columns than the
    /// terminal has) is left to ncurses: written whole, it would reach past the screen.
    package static func runs(
        row: Int, cells: ArraySlice<Cell>, extras: CellExtras, colors: TerminalColors,
        capabilities: LocalStyleCapabilities
    ) -> [OverpaintRun] {
        guard !capabilities.isEmpty else { return [] }
        // Without direct colour or underline colour, only attributes can ask for overpaint:
        // a row without any of those bits (most rows) is passed over in one tight look.
        if !capabilities.directColor && !capabilities.underlineColor {
            var bits: UInt16 = 0
            if capabilities.strikethrough { bits |= CellAttributes.strikethrough.rawValue }
            if capabilities.overline { bits |= CellAttributes.overline.rawValue }
            if capabilities.styledUnderline { bits |= 0b111 << 8 }  // the underline style
            guard cells.contains(where: { $0.attributes.rawValue & bits != 0 }) else { return [] }
        }
        // Read in place (a row is drawn at frame pace; most need nothing), and a style is
        // judged once for the run of cells that share it.
        let base = cells.startIndex
        let count = cells.count
        var result: [OverpaintRun] = []
        var start: Int?
        var previousNeedy = false
        var judged: (foreground: UInt32, background: UInt32, attributes: UInt16, extra: UInt16, needy: Bool)?
        func close(at end: Int) {
            if let first = start {
                result.append(
                    OverpaintRun(row: row, column: first, cells: Array(cells[(base + first)..<(base + end)]), extras: extras))
                start = nil
            }
        }
        for offset in 0..<count {
            let cell = cells[base + offset]
            let needy: Bool
            if cell.attributes.contains(.wideContinuation) {
                needy = previousNeedy && offset > 0 && cells[base + offset - 1].attributes.contains(.wide)
            } else if cell.attributes.contains(.wide)
                && !(offset + 1 < count && cells[base + offset + 1].attributes.contains(.wideContinuation))
            {
                needy = false
            } else if let judged, judged.foreground == cell.foregroundBits, judged.background == cell.backgroundBits,
                judged.attributes == cell.attributes.rawValue, judged.extra == cell.extra
            {
                needy = judged.needy
            } else {
                needy = needsOverpaint(cell, extras: extras, colors: colors, capabilities: capabilities)
                judged = (cell.foregroundBits, cell.backgroundBits, cell.attributes.rawValue, cell.extra, needy)
            }
            previousNeedy = needy
            if needy {
                if start == nil { start = offset }
            } else {
                close(at: offset)
            }
        }
        close(at: count)
        return result
    }

    // MARK: - The bytes

    /// The bytes that overpaint `runs`: empty when there are none; otherwise `ESC 7`, for each
    /// run a cursor move and its cells (an SGR before the first and wherever the style
    /// changes), then `ESC [ 0 m` and `ESC 8`.
    ///
    /// `reverseScreen` (DECSCNM) flips every cell's inverse, as the ncurses renderer does.
    /// A wide character is written once, over its two columns; one whose continuation is not
    /// in the run is written as a space, so nothing is drawn outside the run's columns.
    package static func bytes(
        for runs: [OverpaintRun], colors: TerminalColors, capabilities: LocalStyleCapabilities,
        reverseScreen: Bool
    ) -> [UInt8] {
        let runs = runs.filter { $0.row >= 0 && $0.column >= 0 && !$0.cells.isEmpty }
        guard !runs.isEmpty else { return [] }
        var out: [UInt8] = [0x1B, UInt8(ascii: "7")]
        for run in runs {
            var cursor = -1  // the column the terminal's cursor is at, as far as this knows
            var style: [UInt8] = []
            for (offset, cell) in run.cells.enumerated() {
                // The first half wrote this column; an orphan leaves it to ncurses.
                if cell.attributes.contains(.wideContinuation) { continue }
                let column = run.column + offset
                if cursor != column {
                    out += Array("\u{1B}[\(run.row + 1);\(column + 1)H".utf8)
                    cursor = column
                }
                let cellStyle = sgr(
                    for: cell, extras: run.extras, colors: colors, capabilities: capabilities,
                    reverseScreen: reverseScreen)
                if cellStyle != style {
                    out += cellStyle
                    style = cellStyle
                }
                let wide = cell.attributes.contains(.wide) && pairsWithNext(run.cells, offset)
                appendText(of: cell, wide: wide, extras: run.extras, to: &out)
                cursor += wide ? 2 : 1
            }
        }
        out += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m"), 0x1B, UInt8(ascii: "8")]
        return out
    }

    /// Whether the cell at `offset` is a wide character's first half followed by its second.
    private static func pairsWithNext(_ cells: [Cell], _ offset: Int) -> Bool {
        offset + 1 < cells.count && cells[offset + 1].attributes.contains(.wideContinuation)
    }

    // MARK: - SGR

    /// `ESC [ 0 ; … m` setting exactly what `capabilities` can draw of `cell`'s rendition,
    /// followed by any capability string that is not a plain SGR (so cannot be merged in).
    static func sgr(
        for cell: Cell, extras: CellExtras, colors: TerminalColors, capabilities: LocalStyleCapabilities,
        reverseScreen: Bool
    ) -> [UInt8] {
        var a = cell.attributes
        let underline = a.underlineStyle
        if underline != .none && !capabilities.styledUnderline { a.underlineStyle = .single }
        if reverseScreen { a.formSymmetricDifference(.inverse) }
        if !capabilities.strikethrough { a.remove(.strikethrough) }
        if !capabilities.overline { a.remove(.overline) }
        let rendition = renditionParameters(a, capabilities: capabilities)
        var parameters = "0" + rendition.parameters
        var trailing = rendition.trailing
        parameters += ";" + colorParameters(
            colors.drawn(cell.foreground, asForeground: true), base: 30, extended: 38,
            directColor: capabilities.directColor)
        parameters += ";" + colorParameters(
            colors.drawn(cell.background, asForeground: false), base: 40, extended: 48,
            directColor: capabilities.directColor)
        if capabilities.underlineColor && underline != .none && cell.extra != 0 {
            let color = underlineColorParameters(extras.entry(cell.extra).underlineColor, colors: colors, capabilities: capabilities)
            parameters += color.parameters
            trailing += color.trailing
        }
        return Array("\u{1B}[\(parameters)m".utf8) + trailing
    }

    /// The SGR parameters of a rendition drawn as it is (the caller has left out what the
    /// terminal cannot draw and folded in a reverse-video screen), each after a `;` (`;1;4`),
    /// in SGR's order; and any capability string that is not a plain SGR (so cannot be merged
    /// in, and follows it). `RemoteRowWriter` and the overpaint share it.
    static func renditionParameters(
        _ a: CellAttributes, capabilities: LocalStyleCapabilities
    ) -> (parameters: String, trailing: [UInt8]) {
        var parameters = ""
        var trailing: [UInt8] = []
        // A capability's own string joins the SGR when it is one; otherwise it follows it.
        func add(_ expanded: [UInt8]) {
            if let merged = sgrParameters(expanded) { parameters += ";" + merged } else { trailing += expanded }
        }
        if a.contains(.bold) { parameters += ";1" }
        if a.contains(.faint) { parameters += ";2" }
        if a.contains(.italic) { parameters += ";3" }
        let underline = a.underlineStyle
        if underline == .single {
            parameters += ";4"
        } else if underline != .none {
            add(
                expand(
                    capabilities.styledUnderlineString, LocalStyleCapabilities.standardStyledUnderline,
                    [Int(underline.rawValue)]))
        }
        if a.contains(.blink) { parameters += ";5" }
        if a.contains(.inverse) { parameters += ";7" }
        if a.contains(.invisible) { parameters += ";8" }
        if a.contains(.strikethrough) {
            add(expand(capabilities.strikethroughString, LocalStyleCapabilities.standardStrikethrough, []))
        }
        if a.contains(.overline) {
            add(expand(capabilities.overlineString, LocalStyleCapabilities.standardOverline, []))
        }
        return (parameters, trailing)
    }

    /// The SGR parameters of an underline colour (`TerminalColor.packed`; 0, the default,
    /// gives none), after a `;`: `58:5:N` for a palette entry (tmux's Setulc1 form), the
    /// terminal's `Setulc` for RGB (an entry the remote redefined is RGB), following the SGR
    /// when it is not one.
    static func underlineColorParameters(
        _ packed: UInt32, colors: TerminalColors, capabilities: LocalStyleCapabilities
    ) -> (parameters: String, trailing: [UInt8]) {
        guard packed != 0 else { return ("", []) }
        switch colors.drawn(TerminalColor(packed: packed), asForeground: true) {
        case .indexed(let index):
            return (";58:5:\(index)", [])
        case .rgb(let r, let g, let b):
            let expanded = expand(
                capabilities.underlineColorString, LocalStyleCapabilities.standardUnderlineColor,
                [Int(r) << 16 | Int(g) << 8 | Int(b)])
            if let merged = sgrParameters(expanded) { return (";" + merged, []) }
            return ("", expanded)
        case .default:
            return ("", [])
        }
    }

    /// SGR parameters for a colour as drawn here: 39/49 for the default (explicit, so every
    /// run reads alike), `Terminal.colorParameters` in the semicolon form otherwise, and for
    /// RGB without direct colour the nearest palette entry (what ncurses drew).
    private static func colorParameters(_ color: TerminalColor, base: Int, extended: Int, directColor: Bool) -> String {
        var color = color
        if case .rgb(let r, let g, let b) = color, !directColor {
            color = .indexed(ColorPalette.nearestIndex(r: r, g: g, b: b))
        }
        return Terminal.colorParameters(color, base: base, extended: extended, semicolons: true).first
            ?? String(base + 9)
    }

    /// A capability string with its parameters; the standard sequence when the terminfo one
    /// is absent or cannot be evaluated.
    static func expand(_ string: String?, _ standard: String, _ parameters: [Int]) -> [UInt8] {
        if let string, let expanded = TerminfoParameters.expand(string, parameters) { return expanded }
        return TerminfoParameters.expand(standard, parameters) ?? []
    }

    /// The parameters of `bytes` when it is exactly one SGR (`ESC [` digits, `;` and `:`
    /// `m`), to merge into a larger one.
    static func sgrParameters(_ bytes: [UInt8]) -> String? {
        guard bytes.count > 3, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "m")
        else { return nil }
        let inner = bytes[2..<(bytes.count - 1)]
        let allowed = inner.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":")
        }
        return allowed ? String(decoding: inner, as: UTF8.self) : nil
    }

    // MARK: - Text

    /// The cell's text as UTF-8: what `LocalGlyph` says can be drawn in its columns (a space
    /// for an empty cell, the padding space of a wide cell whose glyph is narrow here). A base
    /// that is not a printable scalar becomes spaces over the cell's columns; such a mark is
    /// dropped, or a space when `LocalGlyph` counted a column for it. `wide` is false for a
    /// wide first half without its continuation: one space.
    static func appendText(of cell: Cell, wide: Bool, extras: CellExtras, to out: inout [UInt8]) {
        let glyph = LocalGlyph.codePoints(of: cell, extras: extras)
        guard wide || !cell.attributes.contains(.wide), let base = glyph.first, let scalar = printable(base) else {
            out += wide ? [0x20, 0x20] : [0x20]
            return
        }
        UTF8.encode(scalar) { out.append($0) }
        for mark in glyph.dropFirst() {
            if let scalar = printable(mark) {
                UTF8.encode(scalar) { out.append($0) }
            } else if characterWidth(mark) != 0 {
                out.append(0x20)  // LocalGlyph counted its column: keep the row in place
            }
        }
        if wide && LocalGlyph.needsPadding(cell, extras: extras) { out.append(0x20) }
    }

    /// The scalar for `value`, nil for a C0 control, DEL, a C1 control or no scalar at all.
    private static func printable(_ value: UInt32) -> Unicode.Scalar? {
        if value < 0x20 || (0x7F...0x9F).contains(value) { return nil }
        return Unicode.Scalar(value)
    }
}
