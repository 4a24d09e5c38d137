/// Whether the user's terminal draws synchronized frames (mode ?2026: what is written between
/// `CSI ? 2026 h` and `CSI ? 2026 l` is shown at once, never half drawn): asked with DECRQM
/// (`CSI ? 2026 $ p`), answered with DECRPM, `CSI ? 2026 ; Ps $ y`, where Ps 1 (set) or 2
/// (reset) means the terminal knows the mode, and 0 (unknown), 4 or no answer that it does
/// not. Terminals that draw slowly (phones, tablets, web terminals over a network) are where
/// a half-drawn frame shows.
package struct LocalSynchronizedOutputAnswer: Equatable, Sendable {
    /// The terminal said it knows the mode.
    package private(set) var isSupported = false
    private var scanner = TerminalAnswerScanner(limit: 128)

    /// The question to write (the probe adds DA1 as the end marker).
    package static let question = Array("\u{1B}[?2026$p".utf8)

    /// Nothing seen yet.
    package init() {}

    /// Looks at more of what the terminal sent (split across reads, among other answers).
    package mutating func scan(_ bytes: some Sequence<UInt8>) {
        // The scanner ends an answer at its first byte past the parameters: for DECRPM that is
        // the intermediate `$` (the `y` after it is skipped).
        scanner.scan(bytes) { marker, parameters, final in
            guard marker == UInt8(ascii: "?"), final == UInt8(ascii: "$") else { return }
            let text = String(decoding: parameters, as: UTF8.self)
            if text == "2026;1" || text == "2026;2" { isSupported = true }
        }
    }
}
