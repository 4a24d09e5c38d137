import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// One button of the key bar: what it shows and what a click on it does.
///
/// Items are plain values; `KeyBarLayout` places them, `KeyBar` turns clicks into actions,
/// and `KeyBarConfig` reads them from the user's config text.
public struct KeyBarItem: Equatable, Sendable {
    /// Which way a page button turns the bar's pages.
    public enum PageDirection: Equatable, Sendable {
        /// The page before (wrapping from the first page to the last).
        case previous
        /// The page after (wrapping from the last page to the first).
        case next
    }

    /// What a click on the item does.
    public enum Action: Equatable, Sendable {
        /// Sends one key, through the one-shot modifiers and the remote's key encoding.
        case key(KeyEvent)
        /// Sends these bytes literally (a string such as `git status\r`).
        case text([UInt8])
        /// Sends these keys in order, literally (a short macro such as `Ctrl+a d`).
        case macro([KeyEvent])
        /// Arms, cancels or locks a one-shot modifier (Ctrl or Alt); sends nothing.
        case modifier(KeyModifiers)
        /// Opens rterm's own menu (hide the bar, help, disconnect); the front handles it.
        case menu
        /// Turns the bar's page; only the layout's ‹ › buttons carry this action.
        case page(PageDirection)
        /// Shows the workspace's session at this index; only the session tabs carry it.
        case session(Int)
    }

    /// The widest label the config accepts, in terminal columns, so that every item fits
    /// between the page buttons of a 20-column bar (20 − 2 × 3 for ‹ › − 2 for padding).
    public static let maximumLabelWidth = 12

    /// The label shown when there is room.
    public var label: String
    /// A shorter label for narrow terminals; used only when no other item shows the same
    /// text (see `KeyBarLayout`), so a shortened bar is never ambiguous.
    public var shortLabel: String?
    /// What a click does.
    public var action: Action
    /// Whether holding the mouse button on the item repeats it (arrows and ⌫ by default).
    public var repeats: Bool
    /// Whether the item starts a new page (a `page` line in the config before it).
    public var startsPage: Bool

    /// An item; `repeats` defaults to true for the arrows, Backspace and Delete.
    public init(
        label: String, shortLabel: String? = nil, action: Action, repeats: Bool? = nil, startsPage: Bool = false
    ) {
        self.label = label
        self.shortLabel = shortLabel
        self.action = action
        self.repeats = repeats ?? Self.repeatsByDefault(action)
        self.startsPage = startsPage
    }

    /// Keys people hold down to move or erase; everything else fires once per click.
    public static func repeatsByDefault(_ action: Action) -> Bool {
        guard case .key(let event) = action else { return false }
        switch event.key {
        case .up, .down, .left, .right, .backspace, .delete: return true
        default: return false
        }
    }

    /// The text shown for the item in a modifier state: a modifier item reads `^Ctrl` when
    /// armed and `^CTRL` when locked, so the state reads in monochrome, in a screen capture
    /// and to a screen reader (the front adds reverse video). Armed and locked are the same
    /// width, one column more than off, so the default bar still fits 80 columns with room
    /// reserved for either state. A label with no lower case (`M`) locks as `[^M]` instead,
    /// to stay distinct. Other items ignore the state.
    public func label(short: Bool, state: ModifierLatch.State) -> String {
        let base = short ? (shortLabel ?? label) : label
        guard case .modifier = action else { return base }
        switch state {
        case .off: return base
        case .armed: return "^" + base
        case .locked: return base.uppercased() != base ? "^" + base.uppercased() : "[^" + base + "]"
        }
    }

    /// The default bar. `asciiOnly` replaces the symbols (☰ ⌫ ⏎ and the arrows) with words
    /// for terminals or fonts without them.
    public static func defaultItems(asciiOnly: Bool = false) -> [KeyBarItem] {
        func key(_ label: String, _ short: String?, _ key: Key) -> KeyBarItem {
            KeyBarItem(label: label, shortLabel: short, action: .key(KeyEvent(key)))
        }
        func character(_ scalar: Unicode.Scalar) -> KeyBarItem {
            KeyBarItem(label: String(Character(scalar)), action: .key(.character(scalar)))
        }
        return [
            key("Esc", nil, .escape),
            key("Tab", nil, .tab),
            KeyBarItem(label: "Ctrl", shortLabel: "Ct", action: .modifier(.control)),
            KeyBarItem(label: "Alt", shortLabel: "Al", action: .modifier(.alt)),
            key(asciiOnly ? "Left" : "←", asciiOnly ? "Lt" : nil, .left),
            key(asciiOnly ? "Up" : "↑", nil, .up),
            key(asciiOnly ? "Down" : "↓", asciiOnly ? "Dn" : nil, .down),
            key(asciiOnly ? "Right" : "→", asciiOnly ? "Rt" : nil, .right),
            key(asciiOnly ? "BkSp" : "⌫", asciiOnly ? "BS" : nil, .backspace),
            key(asciiOnly ? "Ret" : "⏎", nil, .enter),
            key("PgUp", asciiOnly ? "PU" : "P↑", .pageUp),
            key("PgDn", asciiOnly ? "PD" : "P↓", .pageDown),
            key("Home", "Hm", .home),
            key("End", nil, .end),
            character("|"),
            character("~"),
            character("/"),
            character("-"),
            KeyBarItem(label: asciiOnly ? "Menu" : "☰", action: .menu),
        ]
    }
}

/// Terminal columns of a label, by the same width table the terminal engine uses.
func terminalColumns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + characterWidth($1.value) }
}

/// The longest prefix of `text` that fits in `columns` terminal columns.
func clipped(_ text: String, toColumns columns: Int) -> String {
    var result = String.UnicodeScalarView()
    var used = 0
    for scalar in text.unicodeScalars {
        let width = characterWidth(scalar.value)
        if used + width > columns { break }
        used += width
        result.append(scalar)
    }
    return String(result)
}
