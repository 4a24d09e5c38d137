/// OSC 133, the marks a shell sets around its prompts and commands (`ShellPrompts`).
extension Terminal {
    /// `OSC 133 ; A|B|C|D [; status]`.
    mutating func shellMark(_ argument: ArraySlice<UInt8>) {
        guard let mark = argument.first else { return }
        switch mark {
        case UInt8(ascii: "A"):
            promptMarks &+= 1
            guard !isAlternateScreenActive else { return }
            shellPrompts.promptBegan(atLine: screenTopLineNumber + cursorRow)
        case UInt8(ascii: "B"):
            shellPrompts.phase = .prompt
        case UInt8(ascii: "C"):
            shellPrompts.phase = .running
            shellPrompts.marksCommands = true
            shellPrompts.commandsStarted &+= 1
            shellPrompts.outputStart = isAlternateScreenActive ? nil : cursorPosition
        case UInt8(ascii: "D"):
            promptMarks &+= 1
            // `D ; status [; options]`: the status, when it is a number.
            let fields = argument.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true)
            var status: Int?
            if let first = fields.first, first.count <= 6, first.allSatisfy({ (0x30...0x39).contains($0) }) {
                status = Int(String(decoding: first, as: UTF8.self))
            }
            // A `D` right after a prompt (no command ran: the user pressed Enter on an empty
            // line or Ctrl+C) reports nothing new.
            guard !shellPrompts.marksCommands || shellPrompts.phase == .running else { return }
            shellPrompts.phase = .finished
            shellPrompts.lastStatus = status
            shellPrompts.outputEnd = isAlternateScreenActive ? nil : cursorPosition
            shellPrompts.commandsFinished &+= 1
            pendingEffects.append(.commandFinished(status: status))
        default:
            break
        }
    }

    /// Where the cursor is, by stable line number; past the last column while a wrap is
    /// pending (the character printed there is before it).
    private var cursorPosition: TextPosition {
        TextPosition(line: screenTopLineNumber + cursorRow, column: cursorColumn + (hasPendingWrap ? 1 : 0))
    }
}
