/// SGR (`CSI … m`): rendition flags, underline styles and colours, in both the `;` and the
/// `:` forms (`38;2;r;g;b`, `38:2::r:g:b`, `38:2:r:g:b`, `4:3`).
extension Terminal {
    /// Applies an SGR parameter list to the pen.
    mutating func selectGraphicRendition(_ p: borrowing CSIParameters) {
        if p.count == 0 {
            resetPen()
            return
        }
        var i = 0
        while i < p.count {
            let code = p[i]
            // How many following parameters belong to this one as ':' sub-parameters.
            var subCount = 0
            while p.isSubparameter(i + 1 + subCount) { subCount += 1 }
            var next = i + 1 + subCount
            switch code {
            case 0: resetPen()
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.faint)
            case 3: pen.attributes.insert(.italic)
            case 4:
                let style = subCount > 0 ? p[i + 1] : 1
                pen.attributes.underlineStyle = UnderlineStyle(rawValue: UInt8(clamping: style)) ?? .single
            case 5, 6: pen.attributes.insert(.blink)
            case 7: pen.attributes.insert(.inverse)
            case 8: pen.attributes.insert(.invisible)
            case 9: pen.attributes.insert(.strikethrough)
            case 21: pen.attributes.underlineStyle = .double
            case 22: pen.attributes.remove([.bold, .faint])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.underlineStyle = .none
            case 25: pen.attributes.remove(.blink)
            case 27: pen.attributes.remove(.inverse)
            case 28: pen.attributes.remove(.invisible)
            case 29: pen.attributes.remove(.strikethrough)
            case 30...37: pen.foregroundBits = TerminalColor.indexed(UInt8(code - 30)).packed
            case 39: pen.foregroundBits = 0
            case 40...47: pen.backgroundBits = TerminalColor.indexed(UInt8(code - 40)).packed
            case 49: pen.backgroundBits = 0
            case 53: pen.attributes.insert(.overline)
            case 55: pen.attributes.remove(.overline)
            case 59: setPenUnderlineColor(0)
            case 90...97: pen.foregroundBits = TerminalColor.indexed(UInt8(code - 90 + 8)).packed
            case 100...107: pen.backgroundBits = TerminalColor.indexed(UInt8(code - 100 + 8)).packed
            case 38, 48, 58:
                let (color, consumed) = extendedColor(p, at: i, subCount: subCount)
                if subCount == 0 { next = i + 1 + consumed }
                if let color {
                    switch code {
                    case 38: pen.foregroundBits = color
                    case 48: pen.backgroundBits = color
                    default: setPenUnderlineColor(color)
                    }
                }
            default: break
            }
            i = next
        }
    }

    /// Reads the colour after 38/48/58 at `index`. With ':' sub-parameters they are the
    /// colour itself (`2::r:g:b` with a colour-space id, or `2:r:g:b` without); with ';' the
    /// colour takes the following parameters. Returns the packed colour (nil when malformed)
    /// and, for the ';' form, how many parameters it used.
    private func extendedColor(_ p: borrowing CSIParameters, at index: Int, subCount: Int) -> (UInt32?, Int) {
        let kind = p[index + 1]
        if subCount > 0 {
            switch kind {
            case 5 where subCount >= 2:
                return (TerminalColor.indexed(UInt8(clamping: p[index + 2])).packed, 0)
            case 2 where subCount >= 5:
                return (rgb(p[index + 3], p[index + 4], p[index + 5]), 0)
            case 2 where subCount == 4:
                return (rgb(p[index + 2], p[index + 3], p[index + 4]), 0)
            default:
                return (nil, 0)
            }
        }
        switch kind {
        case 5:
            guard index + 2 < p.count else { return (nil, p.count - index - 1) }
            return (TerminalColor.indexed(UInt8(clamping: p[index + 2])).packed, 2)
        case 2:
            guard index + 4 < p.count else { return (nil, p.count - index - 1) }
            return (rgb(p[index + 2], p[index + 3], p[index + 4]), 4)
        default:
            return (nil, 1)
        }
    }

    private func rgb(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        TerminalColor.rgb(UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b)).packed
    }

    /// SGR 0: default rendition; the hyperlink (OSC 8) is not part of SGR and stays, nor
    /// is protection (DECSCA, SPA), which SGR 0 leaves alone in xterm.
    mutating func resetPen() {
        pen.foregroundBits = 0
        pen.backgroundBits = 0
        pen.attributes = pen.attributes.intersection(.protected)
        setPenUnderlineColor(0)
    }

    private mutating func setPenUnderlineColor(_ color: UInt32) {
        guard penExtra.underlineColor != color else { return }
        penExtra.underlineColor = color
        refreshPenExtra()
    }

    /// Re-interns the pen's extra after its hyperlink or underline colour changed.
    mutating func refreshPenExtra() {
        pen.extra = penExtra.isEmpty ? 0 : (internExtra(penExtra) ?? 0)
    }

    /// The pen as the SGR parameter string DECRQSS reports (`0;1;31` …).
    func penSGRString() -> String {
        Self.sgrParameters(pen.attributes, foreground: pen.foreground, background: pen.background)
            .joined(separator: ";")
    }

    /// The SGR parameters that set exactly this rendition and these colours after a reset
    /// (`0;1;4:3;31`), as xterm reports them: double underline as 21, the other underline
    /// styles as `4:n`, extended colours in the colon form, or with `semicolons` in the form
    /// every 256-colour terminal reads (`38;5;n`, `38;2;r;g;b`).
    static func sgrParameters(
        _ a: CellAttributes, foreground: TerminalColor, background: TerminalColor, semicolons: Bool = false
    ) -> [String] {
        var parts = ["0"]
        if a.contains(.bold) { parts.append("1") }
        if a.contains(.faint) { parts.append("2") }
        if a.contains(.italic) { parts.append("3") }
        switch a.underlineStyle {
        case .none: break
        case .single: parts.append("4")
        case .double: parts.append("21")
        default: parts.append("4:\(a.underlineStyle.rawValue)")
        }
        if a.contains(.blink) { parts.append("5") }
        if a.contains(.inverse) { parts.append("7") }
        if a.contains(.invisible) { parts.append("8") }
        if a.contains(.strikethrough) { parts.append("9") }
        if a.contains(.overline) { parts.append("53") }
        parts += colorParameters(foreground, base: 30, extended: 38, semicolons: semicolons)
        parts += colorParameters(background, base: 40, extended: 48, semicolons: semicolons)
        return parts
    }

    /// The SGR parameters of a colour: none for the default, 30–37 and 90–97 (40–47,
    /// 100–107) for the 16 ANSI colours, then `38:5:n` and `38:2::r:g:b` (or, with
    /// `semicolons`, `38;5;n` and `38;2;r;g;b`).
    package static func colorParameters(_ color: TerminalColor, base: Int, extended: Int, semicolons: Bool = false) -> [String] {
        switch color {
        case .default: return []
        case .indexed(let n) where n < 8: return [String(base + Int(n))]
        case .indexed(let n) where n < 16: return [String(base + 60 + Int(n) - 8)]
        case .indexed(let n): return [semicolons ? "\(extended);5;\(n)" : "\(extended):5:\(n)"]
        case .rgb(let r, let g, let b):
            return [semicolons ? "\(extended);2;\(r);\(g);\(b)" : "\(extended):2::\(r):\(g):\(b)"]
        }
    }
}
