/// The colour OSCs, as xterm has them: set, query and reset the palette (OSC 4, 104), the
/// special colours (OSC 5, 105) and the dynamic colours (OSC 10–19, 110–119).
///
/// A query (`?` in place of a spec) is answered with the colour as xterm reports it,
/// `rgb:rrrr/gggg/bbbb`, ended with the terminator the request came with (BEL or ST). The
/// answer is built from rterm's own table and the index it parsed as a number, never from
/// the remote's text.
extension Terminal {
    /// Most items one colour OSC may carry (a whole palette and its special colours fit):
    /// beyond this the rest is ignored, so one sequence cannot ask for megabytes of answers.
    static let colorItemLimit = 300

    static func isColorControl(_ command: Int) -> Bool {
        switch command {
        case 4, 5, 10...19, 104, 105, 110...119: return true
        default: return false
        }
    }

    /// The colour table: OSC 4/5/10–19 change it, the resets and RIS restore it.
    package var colorTable: TerminalColors { colors }

    /// What the colour table starts with and goes back to (xterm's unless a front that knows
    /// the local terminal's colours says otherwise). Setting it resets the table.
    package var colorDefaults: TerminalColors.Defaults {
        get { colors.defaults }
        set { colors = TerminalColors(defaults: newValue) }
    }

    mutating func colorControl(_ command: Int, _ argument: ArraySlice<UInt8>, endedByBell: Bool) {
        let items = argument.split(
            separator: UInt8(ascii: ";"), maxSplits: Self.colorItemLimit, omittingEmptySubsequences: false
        ).prefix(Self.colorItemLimit)
        let terminator = endedByBell ? "\u{07}" : "\u{1B}\\"
        switch command {
        case 4: changeIndexedColors(items, special: false, terminator: terminator)
        case 5: changeIndexedColors(items, special: true, terminator: terminator)
        case 10...19: changeDynamicColors(from: command, items, terminator: terminator)
        case 104: resetIndexedColors(items, special: false)
        case 105: resetIndexedColors(items, special: true)
        case 110...119: colors.resetDynamic(command - 100)
        default: break
        }
    }

    /// OSC 4 `; index ; spec` pairs, or OSC 5 with special-colour numbers (0 bold,
    /// 1 underline, 2 blink, 3 reverse, 4 italic; OSC 4 reaches them as 256–260). A pair
    /// with a bad spec is skipped; a bad index ends the list, as in xterm.
    private mutating func changeIndexedColors(
        _ items: ArraySlice<ArraySlice<UInt8>>, special: Bool, terminator: String
    ) {
        var rest = items
        while let indexText = rest.popFirst(), let spec = rest.popFirst() {
            guard let number = Self.colorNumber(indexText) else { return }
            let index = special ? number + TerminalColors.paletteCount : number
            guard let current = colors.indexed(index) else { return }
            if spec.elementsEqual("?".utf8) {
                reply("\u{1B}]\(special ? 5 : 4);\(number);\(current.reportSpec)\(terminator)")
            } else if let color = ColorSpec.parse(spec) {
                colors.setIndexed(index, to: color)
            }
        }
    }

    /// OSC 10–19: each spec (or `?`) applies to the next dynamic colour, so `OSC 10 ; a ; b`
    /// sets the text colour to a and the background to b. Past 19 the rest is ignored.
    private mutating func changeDynamicColors(
        from first: Int, _ items: ArraySlice<ArraySlice<UInt8>>, terminator: String
    ) {
        for (offset, spec) in items.enumerated() {
            let code = first + offset
            guard let current = colors.dynamic(code) else { return }
            if spec.elementsEqual("?".utf8) {
                reply("\u{1B}]\(code);\(current.reportSpec)\(terminator)")
            } else if let color = ColorSpec.parse(spec) {
                colors.setDynamic(code, to: color)
            }
        }
    }

    /// OSC 104 / 105: the listed entries back to their defaults, or the whole table when
    /// none is listed; entries that are not numbers in range are ignored. A bare OSC 104
    /// resets the special colours too: xterm's table for OSC 4 holds them after the 256
    /// (esctest relies on it, resetting with OSC 104 before each test).
    private mutating func resetIndexedColors(_ items: ArraySlice<ArraySlice<UInt8>>, special: Bool) {
        guard items.contains(where: { !$0.isEmpty }) else {
            colors.resetSpecials()
            if !special { colors.resetPalette() }
            return
        }
        for item in items {
            guard let number = Self.colorNumber(item) else { continue }
            if special {
                if number < TerminalColors.specialCount { colors.resetIndexed(number + TerminalColors.paletteCount) }
            } else {
                colors.resetIndexed(number)
            }
        }
    }

    /// A colour number: 1–3 decimal digits (no table has 1,000 entries).
    private static func colorNumber(_ text: ArraySlice<UInt8>) -> Int? {
        guard (1...3).contains(text.count), text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return text.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
