import RemoteTermEngine

/// What the user's terminal answered when asked which keyboard protocols it speaks, for the
/// one the screen turns on (`LocalKeyboardProtocol`). The questions are the kitty keyboard
/// protocol's flags query (`CSI ? u`, answered `CSI ? flags u`) and xterm's XTQMODKEYS for
/// modifyOtherKeys (`CSI ? 4 m`, answered `CSI > 4 ; level m`), both followed
/// by the primary device attributes (`CSI c`), which every terminal answers, in order: when
/// `CSI ? … c` arrives, the other answers have arrived too or never will. The kitty protocol
/// is preferred when a terminal speaks both: it says more, and pops back cleanly.
package struct LocalKeyboardAnswers: Equatable, Sendable {
    /// The kitty protocol's flags, if the terminal answered that question.
    package private(set) var kittyFlags: KittyKeyboardFlags?
    /// The modifyOtherKeys level, if the terminal answered that question.
    package private(set) var modifyOtherKeys: Int?
    /// `CSI ? … c` arrived: nothing more will come.
    package private(set) var isComplete = false
    private var scanner = TerminalAnswerScanner(limit: 128)

    /// The questions to write (the probe adds DA1 as the end marker).
    package static let question = Array("\u{1B}[?u\u{1B}[?4m".utf8)

    /// Nothing seen yet.
    package init() {}

    /// Looks at more of what the terminal sent (answers may be split across reads; anything
    /// else, such as the colour answers or keys typed meanwhile, is skipped). Bounded: what
    /// waits for its end is dropped past 128 bytes.
    package mutating func scan(_ bytes: some Sequence<UInt8>) {
        var answers: [(UInt8, ArraySlice<UInt8>, UInt8)] = []
        scanner.scan(bytes) { answers.append(($0, $1, $2)) }
        for (marker, parameters, final) in answers { record(marker: marker, parameters: parameters, final: final) }
    }

    /// One answer: `? flags u`, `> 4 ; level m` (or `> 4 m`), or `? … c`.
    private mutating func record(marker: UInt8, parameters: ArraySlice<UInt8>, final: UInt8) {
        let parts = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        let numbers = parts.map { part in
            part.allSatisfy { (0x30...0x39).contains($0) } ? part.reduce(0) { min($0 * 10 + Int($1 - 0x30), 1000) } : nil
        }
        switch (marker, final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "u")):
            if numbers.count == 1, let flags = numbers[0] {
                kittyFlags = KittyKeyboardFlags(rawValue: UInt8(clamping: flags))
            }
        case (UInt8(ascii: ">"), UInt8(ascii: "m")):
            if numbers.first == 4, numbers.count <= 2, let level = numbers.count == 2 ? numbers[1] : 0 {
                modifyOtherKeys = min(level, 9)
            }
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            isComplete = true
        default:
            break
        }
    }

    /// The protocol to turn on: the kitty protocol's if the terminal speaks it, else
    /// modifyOtherKeys if it speaks that, else neither.
    package var keyboardProtocol: LocalKeyboardProtocol {
        if kittyFlags != nil { return .kitty }
        if let modifyOtherKeys { return .modifyOtherKeys(previous: modifyOtherKeys) }
        return .legacy
    }
}
