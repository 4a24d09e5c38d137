import RemoteTermEngine

/// What the local terminal answered when asked for its text and background colours (`OSC 10 ;
/// ?` and `OSC 11 ; ?`, followed by `ESC [ c`), so that a remote program asking rterm the
/// same question (neovim and others choose a light or dark theme from OSC 11) gets the
/// colours the user actually sees, not xterm's black on white. The remote's query is never
/// passed on: the front asks once, at start, and the terminal model answers from then on.
///
/// Every terminal answers the primary device attributes, and answers in order, so when
/// `ESC [ ? … c` arrives the colour answers have arrived too or never will.
package struct LocalColorAnswers: Equatable, Sendable {
    /// The text colour (OSC 10), if the terminal said.
    package private(set) var foreground: RGBColor?
    /// The background colour (OSC 11), if the terminal said.
    package private(set) var background: RGBColor?
    /// `ESC [ ? … c` arrived: nothing more will come.
    package private(set) var isComplete = false
    private var pending: [UInt8] = []

    /// The questions to write: both colours (the probe adds DA1 as the end marker).
    package static let question = Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8)

    package init() {}

    /// Looks at more of what the terminal sent (answers may be split across reads; anything
    /// else is skipped). Bounded: an answer longer than 128 bytes is dropped.
    package mutating func scan(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
        while let escape = pending.firstIndex(of: 0x1B) {
            if escape > 0 { pending.removeFirst(escape) }
            guard pending.count >= 2 else { return }
            if pending[1] == UInt8(ascii: "]") {
                // Ended by BEL or ST (`ESC \`), whichever comes first.
                guard let end = pending.indices.dropFirst(2).first(where: {
                    pending[$0] == 0x07 || pending[$0] == 0x5C && pending[$0 - 1] == 0x1B
                }) else { return trimIfTooLong() }
                record(osc: pending[2..<(pending[end] == 0x5C ? end - 1 : end)])
                pending.removeFirst(end + 1)
            } else if pending[1] == UInt8(ascii: "[") {
                guard let end = pending.dropFirst(2).firstIndex(where: { !(0x30...0x3F).contains($0) }) else {
                    return trimIfTooLong()
                }
                if pending[end] == UInt8(ascii: "c") && pending.count > 2 && pending[2] == UInt8(ascii: "?") {
                    isComplete = true
                }
                pending.removeFirst(end + 1)
            } else {
                pending.removeFirst(1)
            }
        }
        pending.removeAll()
    }

    private mutating func trimIfTooLong() {
        if pending.count > 128 { pending.removeAll() }
    }

    /// `10;rgb:…` or `11;rgb:…`.
    private mutating func record(osc body: ArraySlice<UInt8>) {
        guard let split = body.firstIndex(of: UInt8(ascii: ";")) else { return }
        let number = String(decoding: body[body.startIndex..<split], as: UTF8.self)
        guard let color = ColorSpec.parse(body[(split + 1)...]) else { return }
        switch number {
        case "10": foreground = color
        case "11": background = color
        default: break
        }
    }

    /// xterm's defaults with the local text and background colours in their places (the
    /// cursor, pointer, Tek and highlight colours follow them as in xterm).
    package var colorDefaults: TerminalColors.Defaults {
        var defaults = TerminalColors.Defaults.xterm
        if let foreground {
            for index in [0, 2, 3, 5, 7, 8] { defaults.dynamics[index] = foreground }
            defaults.specials = defaults.specials.map { _ in foreground }
        }
        if let background {
            for index in [1, 4, 6, 9] { defaults.dynamics[index] = background }
        }
        return defaults
    }
}
