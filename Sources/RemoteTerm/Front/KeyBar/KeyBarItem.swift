import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// One button of the key bar: what it shows and what a click on it does.
///
/// Items are plain values; `KeyBarLayout` places them, `KeyBar` turns clicks into actions,
/// and `KeyBarConfiguration.parse` reads them from the user's key-bar file.
package struct KeyBarItem: Equatable, Sendable {
    /// Which way a page button turns the bar's pages.
    package enum PageDirection: Equatable, Sendable {
        /// The page before (wrapping from the first page to the last).
        case previous
        /// The page after (wrapping from the last page to the first).
        case next
    }

    /// What a click on the item does.
    package enum Action: Equatable, Sendable {
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
        /// Opens the item's alternatives and sends nothing (a button such as `Fn`, whose keys
        /// are all in its popup).
        case popup
        /// Shows the next key set; only the set's name, first on the bar, carries it.
        case cycleSet
    }

    /// The widest label the config accepts, in terminal columns, so that every item fits
    /// between the page buttons of a 20-column bar (20 − 2 × 3 for ‹ › − 2 for the gap and
    /// the blank before the label).
    package static let maximumLabelWidth = 12

    /// The label shown when there is room.
    package var label: String
    /// A shorter label for narrow terminals; used only when no other item shows the same
    /// text (see `KeyBarLayout`), so a shortened bar is never ambiguous.
    package var shortLabel: String?
    /// What a click does.
    package var action: Action
    /// Whether holding the mouse button on the item repeats it (arrows and ⌫ by default).
    package var repeats: Bool
    /// Whether the item starts a new page (a `page` line in the config before it).
    package var startsPage: Bool
    /// What a long press (or a right click) offers instead, in a strip above the button
    /// (`-` → `_ = +`); empty: none.
    package var alternatives: [KeyBarItem] = []
    /// The label in words (`Backspace`, `PageUp`), when the label is a symbol or an
    /// abbreviation; nil: the label, or words made from it (`KeyBarLabelStyle`).
    package var wordLabel: String?
    /// A shorter word label for narrow terminals (`BkSp`, `PgUp`).
    package var shortWordLabel: String?

    /// An item; `repeats` defaults to true for the arrows, Backspace and Delete.
    package init(
        label: String, shortLabel: String? = nil, action: Action, repeats: Bool? = nil, startsPage: Bool = false
    ) {
        self.label = label
        self.shortLabel = shortLabel
        self.action = action
        self.repeats = repeats ?? Self.repeatsByDefault(action)
        self.startsPage = startsPage
    }

    /// This item with alternatives for its popup.
    package func with(alternatives: [KeyBarItem]) -> KeyBarItem {
        var item = self
        item.alternatives = alternatives
        return item
    }

    /// This item with its label in words (and a shorter one for narrow rows).
    package func with(words: String, short: String? = nil) -> KeyBarItem {
        var item = self
        item.wordLabel = words
        item.shortWordLabel = short
        return item
    }

    /// Whether the label is never shortened, whatever the width: Esc, Tab, Ctrl and Alt, the
    /// keys a phone's keyboard lacks and the reason the bar exists, read as what they are
    /// (`Ct` or `Al` does not). Where they do not fit, the bar pages instead.
    package var keepsFullLabel: Bool {
        switch action {
        case .modifier: return true
        case .key(let event): return event.modifiers.isEmpty && (event.key == .escape || event.key == .tab)
        default: return false
        }
    }

    /// Keys people hold down to move or erase; everything else fires once per click.
    package static func repeatsByDefault(_ action: Action) -> Bool {
        guard case .key(let event) = action else { return false }
        switch event.key {
        case .up, .down, .left, .right, .backspace, .delete: return true
        default: return false
        }
    }

    /// The text shown for the item in a modifier state: a modifier item reads `^Ctrl` when
    /// armed and `^CTRL` when locked, so the state reads in monochrome, in a screen capture
    /// and to a screen reader (the front draws the button's cap differently too). Armed and
    /// locked are the same width, one column more than off: the `^` takes the blank before
    /// the label inside the button (`KeyBarLayout.minimumWidth`), so arming moves nothing
    /// and costs no room. A label with no lower case (`M`) locks as `[^M]` instead, to stay
    /// distinct. Other items ignore the state.
    package func label(short: Bool, state: ModifierLatch.State) -> String {
        let base = short ? (shortLabel ?? label) : label
        guard case .modifier = action else { return base }
        switch state {
        case .off: return base
        case .armed: return "^" + base
        case .locked: return base.uppercased() != base ? "^" + base.uppercased() : "[^" + base + "]"
        }
    }

    /// The default bar (the `shell` set). `asciiOnly` replaces the symbols (☰ ⌫ ⏎ and the
    /// arrows) with words for terminals or fonts without them.
    package static func defaultItems(asciiOnly: Bool = false) -> [KeyBarItem] {
        var items = [
            named(.escape), named(.tab), modifier(.control), modifier(.alt),
            named(.left), named(.up), named(.down), named(.right), named(.backspace), named(.enter),
            named(.pageUp), named(.pageDown), named(.home), named(.end),
            character("|").with(alternatives: characters("\\&")),
            character("~"),
            character("/").with(alternatives: characters("?*")),
            character("-").with(alternatives: characters("_=+")),
            functionKeys(),
            menuItem(),
        ]
        if asciiOnly { items = items.map { KeyBarLabelStyle.words.styled($0) } }
        return items
    }

    /// A button for a named key, labelled as the default bar labels it (a symbol where one
    /// is shorter, with its words for `--bar-labels words`).
    package static func named(_ key: Key, modifiers: KeyModifiers = []) -> KeyBarItem {
        let event = KeyEvent(key, modifiers: modifiers)
        guard modifiers.isEmpty else { return KeyBarItem(label: event.name, action: .key(event)) }
        func item(_ label: String, _ short: String?, words: String, shortWords: String?) -> KeyBarItem {
            KeyBarItem(label: label, shortLabel: short, action: .key(event)).with(words: words, short: shortWords)
        }
        switch key {
        case .left: return item("←", nil, words: "Left", shortWords: "Lt")
        case .up: return item("↑", nil, words: "Up", shortWords: nil)
        case .down: return item("↓", nil, words: "Down", shortWords: "Dn")
        case .right: return item("→", nil, words: "Right", shortWords: "Rt")
        case .backspace: return item("⌫", nil, words: "Backspace", shortWords: "BkSp")
        case .enter: return item("⏎", nil, words: "Enter", shortWords: "Ret")
        case .pageUp: return item("PgUp", "P↑", words: "PageUp", shortWords: "PgUp")
        case .pageDown: return item("PgDn", "P↓", words: "PageDown", shortWords: "PgDn")
        case .home: return item("Home", "Hm", words: "Home", shortWords: "Hm")
        case .character(" "): return item("Space", "Spc", words: "Space", shortWords: "Spc")
        default: return KeyBarItem(label: event.name, action: .key(event))
        }
    }

    /// A button for one character.
    package static func character(_ scalar: Unicode.Scalar) -> KeyBarItem {
        KeyBarItem(label: String(Character(scalar)), action: .key(.character(scalar)))
    }

    /// Buttons for each character of `text`, as a popup's alternatives.
    static func characters(_ text: String) -> [KeyBarItem] {
        text.unicodeScalars.map { character($0) }
    }

    /// A one-shot modifier button (never shortened: `keepsFullLabel`).
    package static func modifier(_ modifier: KeyModifiers) -> KeyBarItem {
        modifier == .control
            ? KeyBarItem(label: "Ctrl", action: .modifier(.control))
            : KeyBarItem(label: "Alt", action: .modifier(.alt))
    }

    /// `Fn`: its popup holds F1…F12.
    package static func functionKeys() -> KeyBarItem {
        KeyBarItem(label: "Fn", action: .popup)
            .with(alternatives: (1...12).map { KeyBarItem(label: "F\($0)", action: .key(KeyEvent(.function($0)))) })
    }

    /// rterm's menu button.
    package static func menuItem() -> KeyBarItem {
        KeyBarItem(label: "☰", action: .menu).with(words: "Menu")
    }

    /// Text sent as it is, under a label.
    package static func text(_ text: String, label: String, words: String? = nil) -> KeyBarItem {
        let item = KeyBarItem(label: label, action: .text(Array(text.utf8)))
        return words.map { item.with(words: $0) } ?? item
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
