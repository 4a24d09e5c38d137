/// How the full-screen front shows a host, from rterm's own ssh_config keywords (each also a
/// long option): the key set its bar starts with (`RTermKeyBar` / `--keybar NAME`), the bar's
/// height (`RTermBarRows` / `--bar-rows 1|2|3`), its labels (`RTermBarLabels` / `--bar-labels
/// words|glyphs|auto`) and reader mode (`RTermReader yes` / `--reader`). OpenSSH needs
/// `IgnoreUnknown RTerm*` to read a file that sets them. nil: not set, the key-bar file's
/// setting or rterm's default applies.
package struct FrontPreferences: Equatable, Sendable {
    /// How the bar's buttons are labelled.
    package enum Labels: String, Equatable, Sendable {
        /// Symbols where they are shorter (`← ↑ ⌫ ⏎ ☰`).
        case glyphs
        /// Every button spelled in ASCII words (`Left Up Backspace Enter Menu`), for a screen
        /// reader, a braille display, or a terminal or locale without the symbols.
        case words
        /// Words when the locale is not UTF-8 or the terminal cannot draw the symbols.
        case auto
    }

    /// The key set the bar shows on connect (a set of the key-bar file, or a built-in one).
    package var keyBarSet: String?
    /// Rows of the bar, 1 to 3.
    package var barRows: Int?
    /// How buttons are labelled.
    package var barLabels: Labels?
    /// Reader mode: plain lines for a screen reader instead of a full screen.
    package var reader: Bool?

    /// Nothing set.
    package init(keyBarSet: String? = nil, barRows: Int? = nil, barLabels: Labels? = nil, reader: Bool? = nil) {
        self.keyBarSet = keyBarSet
        self.barRows = barRows
        self.barLabels = barLabels
        self.reader = reader
    }

    /// The most rows a bar may take.
    package static let maximumBarRows = 3

    /// A key set's name: letters, digits, `_` and `-`, at most 32.
    package static func setName(_ text: String) throws(SSHOptionValueError) -> String {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D
        }
        guard !text.isEmpty, text.utf8.count <= 32, allowed else {
            throw SSHOptionValueError("bad key set name '\(text)' (letters, digits, _ and - only, at most 32)")
        }
        return text
    }

    /// A bar height: 1, 2 or 3.
    package static func barRows(_ text: String) throws(SSHOptionValueError) -> Int {
        guard let rows = Int(text), (1...maximumBarRows).contains(rows) else {
            throw SSHOptionValueError("bad bar rows '\(text)' (1, 2 or 3)")
        }
        return rows
    }

    /// A label style: words, glyphs or auto.
    package static func labels(_ text: String) throws(SSHOptionValueError) -> Labels {
        guard let labels = Labels(rawValue: text.lowercased()) else {
            throw SSHOptionValueError("bad bar labels '\(text)' (words, glyphs or auto)")
        }
        return labels
    }

    /// The `-G` lines of what is set.
    var configDumpLines: [String] {
        var lines: [String] = []
        if let keyBarSet { lines.append("rtermkeybar \(keyBarSet)") }
        if let barRows { lines.append("rtermbarrows \(barRows)") }
        if let barLabels { lines.append("rtermbarlabels \(barLabels.rawValue)") }
        if let reader { lines.append("rtermreader \(reader ? "yes" : "no")") }
        return lines
    }
}
