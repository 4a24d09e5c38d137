import RemoteTermEngine

/// A named set of buttons: the bar shows one set at a time, chosen per host (`RTermKeyBar`),
/// per program (`KeyBarRule`), or by a click on the set's name. rterm ships `shell` (the
/// default bar), `vim`, `less`, `htop` and `tmux`; a `set NAME` block of the key-bar file
/// replaces one or adds another.
package struct KeyBarSet: Equatable, Sendable {
    /// The set's name, shown first on the bar.
    package var name: String
    /// Its buttons, in order.
    package var items: [KeyBarItem]

    /// A set.
    package init(name: String, items: [KeyBarItem]) {
        self.name = name
        self.items = items
    }

    /// The name of the set shown when nothing chooses another.
    package static let defaultName = "shell"

    /// The sets rterm ships, `shell` first.
    package static let builtIn: [KeyBarSet] = [
        KeyBarSet(name: defaultName, items: KeyBarItem.defaultItems()),
        vim, less, htop, tmux,
    ]

    /// vim: leave insert mode, write, quit, insert, undo and redo, the arrows.
    static let vim = KeyBarSet(
        name: "vim",
        items: [
            KeyBarItem.named(.escape),
            KeyBarItem.text(":w\r", label: ":w⏎", words: ":w Enter"),
            KeyBarItem.text(":q\r", label: ":q⏎", words: ":q Enter"),
            KeyBarItem.character("i"), KeyBarItem.character("u"),
            KeyBarItem(label: "^R", action: .key(KeyEvent(.character("r"), modifiers: .control))).with(words: "Ctrl+R"),
            KeyBarItem.modifier(.control),
            KeyBarItem.named(.left), KeyBarItem.named(.up), KeyBarItem.named(.down), KeyBarItem.named(.right),
            KeyBarItem.character(":"), KeyBarItem.character("/"),
            KeyBarItem.menuItem(),
        ])

    /// less and man: quit, search and its next and previous match, top and bottom, a page.
    static let less = KeyBarSet(
        name: "less",
        items: [
            KeyBarItem.character("q"), KeyBarItem.character("/"), KeyBarItem.character("n"),
            KeyBarItem.character("N"), KeyBarItem.character("g"), KeyBarItem.character("G"),
            KeyBarItem.named(.character(" ")), KeyBarItem.named(.pageUp), KeyBarItem.named(.pageDown),
            KeyBarItem.named(.up), KeyBarItem.named(.down), KeyBarItem.named(.escape),
            KeyBarItem.menuItem(),
        ])

    /// htop and top: the function keys their menus name, and quit.
    static let htop = KeyBarSet(
        name: "htop",
        items: (1...10).map { KeyBarItem(label: "F\($0)", action: .key(KeyEvent(.function($0)))) } + [
            KeyBarItem.character("q"), KeyBarItem.named(.up), KeyBarItem.named(.down), KeyBarItem.menuItem(),
        ])

    /// tmux: its prefix (Ctrl+b) and what usually follows it.
    static let tmux = KeyBarSet(
        name: "tmux",
        items: [
            KeyBarItem(label: "prefix", shortLabel: "^B", action: .key(KeyEvent(.character("b"), modifiers: .control)))
                .with(words: "prefix", short: "Ctrl+B"),
            KeyBarItem.character("c"), KeyBarItem.character("n"), KeyBarItem.character("p"),
            KeyBarItem.character("o"), KeyBarItem.character("%"), KeyBarItem.character("\""),
            KeyBarItem.character("d"), KeyBarItem.character("["), KeyBarItem.named(.escape),
            KeyBarItem.named(.left), KeyBarItem.named(.up), KeyBarItem.named(.down), KeyBarItem.named(.right),
            KeyBarItem.menuItem(),
        ])
}
