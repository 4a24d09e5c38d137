import RemoteTermEngine
import RemoteTermSSH

/// How the bar's buttons are labelled: symbols where they are shorter (`← ⌫ ⏎ ☰`), or every
/// button spelled in ASCII words (`Left Backspace Enter Menu`), which a screen reader says
/// and a braille display shows, and which every terminal and font can draw.
package enum KeyBarLabelStyle: Equatable, Sendable {
    /// Symbols where they are shorter.
    case glyphs
    /// Words, ASCII only, on every button and on everything else the bar row says.
    case words

    /// The style for a setting: `auto` is words when the locale is not UTF-8 (`LC_ALL`, then
    /// `LC_CTYPE`, then `LANG`; none set is the C locale) or the terminal is one whose
    /// fonts lack the symbols (the Linux console, a VT100-family terminal, `dumb`).
    package static func resolve(_ setting: FrontPreferences.Labels?, environment: [String: String]) -> KeyBarLabelStyle {
        switch setting ?? .auto {
        case .glyphs: return .glyphs
        case .words: return .words
        case .auto:
            let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
            let lowered = locale.lowercased()
            let isUTF8 = lowered.contains("utf-8") || lowered.contains("utf8")
            let term = environment["TERM"] ?? ""
            let plainTerminal = ["linux", "vt", "dumb", "ansi", "cons"].contains { term.hasPrefix($0) }
            return isUTF8 && !plainTerminal ? .glyphs : .words
        }
    }

    /// `item` as this style labels it.
    package func styled(_ item: KeyBarItem) -> KeyBarItem {
        guard self == .words else { return item }
        var styled = item
        let words = item.wordLabel ?? Self.words(for: item)
        styled.label = words
        let short = item.shortWordLabel ?? item.shortLabel.map { Self.ascii($0) }
        styled.shortLabel = short.flatMap { $0.isEmpty || terminalColumns($0) > terminalColumns(words) ? nil : $0 }
        styled.alternatives = item.alternatives.map { self.styled($0) }
        return styled
    }

    /// Words for an item that has none of its own: an ASCII label as it is, a key's name,
    /// or the label with its symbols spelled out.
    static func words(for item: KeyBarItem) -> String {
        if item.label.unicodeScalars.allSatisfy({ $0.isASCII }) { return item.label }
        switch item.action {
        case .key(let event) where event.modifiers.isEmpty:
            return KeyBarItem.named(event.key).wordLabel ?? event.name
        case .key(let event): return event.name
        case .menu: return "Menu"
        case .modifier(let modifier): return modifier == .control ? "Ctrl" : "Alt"
        default:
            let text = ascii(item.label)
            return text.isEmpty ? "key" : text
        }
    }

    /// The symbols rterm itself writes on the bar row, and their words.
    static let spelled: [Unicode.Scalar: String] = [
        "←": "Left", "↑": "Up", "↓": "Down", "→": "Right", "⌫": "Backspace", "⏎": "Enter", "☰": "Menu",
        "‹": "<", "›": ">", "…": "...", "·": "-", "—": "-", "–": "-", "✓": "ok", "✗": "x", "•": "*",
    ]

    /// `text` in ASCII: rterm's symbols spelled out (a word run into the text before it gets
    /// a blank), anything else outside ASCII as `?`. Used for every label and line of the
    /// bar row in words style, whoever chose the text.
    package static func ascii(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else if let word = spelled[scalar] {
                if word.count > 1, let last = out.unicodeScalars.last, last != " " { out += " " }
                out += word
            } else {
                out += "?"
            }
        }
        return out
    }
}
