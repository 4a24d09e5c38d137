/// Rare per-cell data kept out of line: combining marks, an OSC 8 hyperlink, an underline
/// colour. A cell refers to its entry in the terminal's `CellExtras` by a 16-bit index; 0
/// means "none". This is the value readers see; the table stores it flat.
package struct CellExtra: Hashable, Sendable {
    /// Combining marks, variation selectors and ZWJ sequence parts after the base character.
    package var combining: [UInt32] = []
    /// Index into `CellExtras.hyperlinks` (0: none).
    package var hyperlink: UInt16 = 0
    /// Underline colour (SGR 58) in `TerminalColor.packed` form; 0 is the default.
    package var underlineColor: UInt32 = 0

    /// Most marks kept per cell; later ones are dropped (a remote cannot grow a cell forever).
    package static let combiningLimit = 16

    /// An empty extra.
    package init(combining: [UInt32] = [], hyperlink: UInt16 = 0, underlineColor: UInt32 = 0) {
        self.combining = combining
        self.hyperlink = hyperlink
        self.underlineColor = underlineColor
    }

    /// True when the entry carries nothing.
    package var isEmpty: Bool { combining.isEmpty && hyperlink == 0 && underlineColor == 0 }
}
