/// What a shell that marks its prompts (OSC 133, FinalTerm's shell integration, which bash,
/// zsh and fish can be set up to send) said about itself: where each prompt began, whether
/// it is at a prompt now, and the status of the last command.
///
/// `A` a prompt begins, `B` the command line begins (the user types), `C` the command runs,
/// `D ; status` it finished. Prompts are kept by stable line number (`Terminal.line(number:)`),
/// so a view can jump to them in the history; only prompts on the main screen count.
package struct ShellPrompts: Equatable, Sendable {
    /// Prompt lines kept; older ones are forgotten (the scrollback forgets them too).
    static let limit = 2000

    /// Where the shell is, as its marks say.
    package enum Phase: Equatable, Sendable {
        /// No mark seen: the shell does not mark its prompts.
        case unknown
        /// At a prompt, waiting for a command (after `A` or `B`).
        case prompt
        /// A command runs (after `C`).
        case running
        /// A command finished (`D`), the next prompt not begun yet.
        case finished
    }

    /// The line numbers where prompts began, oldest first.
    package private(set) var lines: [Int] = []
    /// Where the shell is.
    package internal(set) var phase = Phase.unknown
    /// The status of the last command that finished (`D ; status`), nil when the shell did
    /// not say (or no command finished yet).
    package internal(set) var lastStatus: Int?
    /// How many commands finished, so that a front can tell a new status from the same one.
    package internal(set) var commandsFinished = 0
    /// How many prompts began (`A` on the main screen, a redrawn one too), so that a script
    /// can tell the prompt that follows its command from the one it typed the command at.
    package internal(set) var promptsBegun = 0
    /// Whether the shell marks commands starting (`C`): one that never does (bash without
    /// PS0) reports every `D`; one that does reports a `D` only after a command ran.
    var marksCommands = false
    /// How many commands were marked starting (`C`).
    package internal(set) var commandsStarted = 0
    /// Where the last command's output began (the cursor at its `C`) and where it ended (the
    /// cursor at its `D`), by stable line number: what an agent's `run` returns lies between.
    package internal(set) var outputStart: TextPosition?
    package internal(set) var outputEnd: TextPosition?

    /// A prompt began at `line`.
    mutating func promptBegan(atLine line: Int) {
        phase = .prompt
        promptsBegun &+= 1
        if let last = lines.last, last >= line {
            // The same prompt drawn again (a redraw after a resize), or the screen cleared.
            lines.removeAll { $0 >= line }
        }
        if lines.count == Self.limit { lines.removeFirst() }
        lines.append(line)
    }

    /// The prompt line before `line` (nil when there is none at or after `oldest`).
    package func prompt(before line: Int, oldest: Int) -> Int? {
        guard let found = lines.last(where: { $0 < line }), found >= oldest else { return nil }
        return found
    }

    /// The prompt line after `line`.
    package func prompt(after line: Int) -> Int? {
        lines.first { $0 > line }
    }
}
