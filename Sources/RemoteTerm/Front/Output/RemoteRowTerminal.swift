import RemoteTermEngine

/// What the remote-row writer (`RemoteRowWriter`) may send to the user's terminal, read once
/// from its terminfo entry: how many colours it has, what it draws beyond ncurses, whether it
/// erases in the current background (`bce`), which renditions it has, and whether it scrolls
/// a region by a count (`indn`/`rin`).
///
/// The writer speaks ANSI (ECMA-48) cursor addressing, scroll regions and SGR, which is what
/// every terminal in use today takes. An entry that spells those another way (`detect` gives
/// nil) is left to ncurses, which reads every capability.
package struct RemoteRowTerminal: Equatable, Sendable {
    /// Colours the terminal has (`COLORS`: 0, 8, 16, 88, 256, or 2^24 for direct colour).
    package var colorCount: Int
    /// Direct colour, strikethrough, overline, underline styles and colour (as for `StyleOverpaint`).
    package var styles: LocalStyleCapabilities
    /// Erasing fills with the current background colour (terminfo `bce`): a row's blank tail in a
    /// colour is erased in that colour rather than written as spaces.
    package var backgroundColorErase: Bool
    /// The renditions terminfo says the terminal draws (`bold`, `dim`, `sitm`, `smul`, `blink`,
    /// `rev`, `invis`), of bold, faint, italic, underline (any style), blink, inverse, invisible.
    package var renditions: CellAttributes
    /// A region scrolls by a count in one sequence (`CSI n S`, `CSI n T`); otherwise by one
    /// line feed (or reverse index) per line.
    package var scrollsByCount: Bool

    /// A terminal with these capabilities.
    package init(
        colorCount: Int, styles: LocalStyleCapabilities = .none, backgroundColorErase: Bool = true,
        renditions: CellAttributes = Self.allRenditions, scrollsByCount: Bool = true
    ) {
        self.colorCount = colorCount
        self.styles = styles
        self.backgroundColorErase = backgroundColorErase
        self.renditions = renditions
        self.scrollsByCount = scrollsByCount
    }

    /// Every rendition the writer can set.
    package static let allRenditions = CellAttributes([.bold, .faint, .italic, .blink, .inverse, .invisible])
        .union(CellAttributes(rawValue: 0b111 << 8))

    /// The terminal as its terminfo entry describes it (`string` a capability's text, `flag`
    /// a boolean's value), nil when its cursor addressing (`cup`), scroll region (`csr`) or
    /// attribute reset (`sgr0`) is not the ANSI one, or when writing its last column wraps at
    /// once (`am` without `xenl`).
    package static func detect(
        colorCount: Int, styles: LocalStyleCapabilities, string: (String) -> String?, flag: (String) -> Bool
    ) -> RemoteRowTerminal? {
        guard string("cup") == "\u{1B}[%i%p1%d;%p2%dH", string("csr") == "\u{1B}[%i%p1%d;%p2%dr",
            let reset = string("sgr0"), reset.contains("\u{1B}[m") || reset.contains("\u{1B}[0m")
        else { return nil }
        if flag("am") && !flag("xenl") { return nil }
        var renditions: CellAttributes = []
        let named: [(String, String, CellAttributes)] = [
            ("bold", "1", .bold), ("dim", "2", .faint), ("sitm", "3", .italic),
            ("smul", "4", CellAttributes(rawValue: 0b111 << 8)), ("blink", "5", .blink), ("rev", "7", .inverse),
            ("invis", "8", .invisible),
        ]
        // An entry's own padding (`$<2>`, for terminals of the 1980s) may follow.
        for (name, parameter, rendition) in named where string(name)?.hasPrefix("\u{1B}[\(parameter)m") == true {
            renditions.formUnion(rendition)
        }
        return RemoteRowTerminal(
            colorCount: colorCount, styles: styles, backgroundColorErase: flag("bce"), renditions: renditions,
            scrollsByCount: string("indn") == "\u{1B}[%p1%dS" && string("rin") == "\u{1B}[%p1%dT")
    }
}
