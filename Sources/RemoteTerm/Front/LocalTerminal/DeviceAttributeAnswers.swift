/// What a local terminal answered when asked who it is, for choosing a terminfo entry when
/// `TERM` names one that terminfo does not know. The front asks for the secondary device
/// attributes (`ESC [ > c`) and then the primary ones (`ESC [ c`): every terminal answers
/// the primary question (`ESC [ ? … c`), so when that answer arrives the secondary one has
/// arrived too or never will. Terminals that answer the secondary question (xterm, VTE,
/// tmux, kitty, iTerm2, Windows Terminal…) draw as xterm does; the rest get `vt100`.
package struct DeviceAttributeAnswers: Equatable, Sendable {
    /// An answer to `ESC [ > c` (`ESC [ > … c`) was seen.
    package private(set) var sawSecondary = false
    /// An answer to `ESC [ c` (`ESC [ ? … c`) was seen: nothing more will come.
    package private(set) var sawPrimary = false
    private var scanner = TerminalAnswerScanner(limit: 256)

    /// Nothing seen yet.
    package init() {}

    /// Looks at more of what the terminal sent (answers may be split across reads; anything
    /// else, such as keys typed meanwhile, is skipped).
    package mutating func scan(_ bytes: some Sequence<UInt8>) {
        var secondary = false
        var primary = false
        scanner.scan(bytes) { marker, _, final in
            guard final == UInt8(ascii: "c") else { return }
            if marker == UInt8(ascii: ">") { secondary = true } else { primary = true }
        }
        sawSecondary = sawSecondary || secondary
        sawPrimary = sawPrimary || primary
    }

    /// The terminfo entry to draw with.
    package var suggestedTerm: String { sawSecondary ? "xterm-256color" : "vt100" }
}
