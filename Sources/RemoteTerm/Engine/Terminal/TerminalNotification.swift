/// A desktop notification a remote program asked for (OSC 9, OSC 777 `notify`, kitty's
/// OSC 99), its text already made safe: controls, bidirectional controls and line separators
/// dropped, as titles are, and bounded, so that passing it on to the user's terminal can
/// never carry a sequence of the remote's choosing.
public struct TerminalNotification: Equatable, Sendable {
    /// How the program asked, which is how the front passes it on.
    public enum Kind: Equatable, Sendable {
        /// OSC 9 (iTerm2, Windows Terminal, WezTerm, Ghostty): the body alone.
        case osc9
        /// OSC 777 `notify ; title ; body` (urxvt, VTE, foot, WezTerm).
        case osc777
        /// OSC 99 (kitty): a title and a body, possibly sent in pieces.
        case osc99
    }

    /// Longest title kept, in characters.
    package static let titleLimit = 256
    /// Longest body kept, in characters: with the title, what is passed on stays well
    /// under 4 KiB however wide the characters.
    package static let bodyLimit = 700

    /// How the program asked.
    public var kind: Kind
    /// The title (empty for OSC 9, which has none).
    public var title: String
    /// The text.
    public var body: String

    /// A notification of `kind`; the texts are cleaned and bounded here.
    package init(kind: Kind, title: String, body: String) {
        self.kind = kind
        self.title = Self.clean(title, limit: Self.titleLimit)
        self.body = Self.clean(body, limit: Self.bodyLimit)
    }

    /// `text` without what a terminal acts on (as a title is cleaned), at most `limit`
    /// characters.
    static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var kept = 0
        for scalar in text.unicodeScalars {
            guard kept < limit else { break }
            if InertText.isActive(scalar) { continue }
            scalars.append(scalar)
            kept += 1
        }
        return String(scalars)
    }
}

/// A progress report a remote program sent (ConEmu's OSC 9 ; 4, which Windows Terminal,
/// Ghostty and others show on the tab): what the front shows on the bar and passes on.
public enum TerminalProgress: Equatable, Sendable {
    /// A percentage, 0–100 (state 1).
    case percent(Int)
    /// An error, with the percentage reached when one was given (state 2).
    case error(Int?)
    /// Busy, with no percentage (state 3).
    case indeterminate
    /// Paused or warning, with the percentage (state 4).
    case paused(Int?)

    /// ConEmu's state number and percentage, as OSC 9 ; 4 writes them.
    package var stateAndValue: (state: Int, value: Int?) {
        switch self {
        case .percent(let value): (1, value)
        case .error(let value): (2, value)
        case .indeterminate: (3, nil)
        case .paused(let value): (4, value)
        }
    }
}
