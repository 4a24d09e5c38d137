import RemoteTermEngine

/// `wait-prompt` and `expect-status`: the shell's own word that it is back at its prompt and
/// how its command ended (OSC 133, `Terminal.shellPrompts`), instead of a pattern guessed
/// from the prompt's text.
///
/// Right after `type "sleep 1\r"` the screen still shows the prompt the command was typed at
/// (its echo and the shell's `C` mark are still on their way), so "at a prompt" alone would
/// pass at once. Both steps therefore wait for a prompt that *began* after the last input
/// the script sent (`type`, `key`, `paste`, a `click` that sent a key): the one that follows
/// the command. With no input since the shell's last prompt began, that prompt counts, so a
/// script may start with `wait-prompt` and may repeat it.
extension ScriptRunner {
    /// Where a failure sends a user whose shell does not mark its prompts.
    static let promptMarksHelp = "the shell does not mark its prompts (no OSC 133 seen): docs/ssh.md, Prompt marks, has the lines for bash, zsh and fish"

    /// Whether the shell is at a prompt that began after the last input sent.
    var isAtNewPrompt: Bool {
        let prompts = terminal.shellPrompts
        return prompts.phase == .prompt && prompts.promptsBegun > promptsAtLastInput
    }

    /// Why the shell is not at a new prompt after `seconds`.
    private func notAtPrompt(_ seconds: Double) -> String {
        switch terminal.shellPrompts.phase {
        case .unknown: Self.promptMarksHelp
        case .running: "the command still runs after \(Self.format(seconds)) (no prompt since the last input)"
        case .prompt, .finished: "no new prompt within \(Self.format(seconds)) after the last input"
        }
    }

    /// `wait-prompt`: until the shell is at a new prompt, for `seconds` at most.
    func waitPrompt(seconds: Double, step: ScriptStep) -> Wait {
        wait(seconds, until: { self.isAtNewPrompt }) { back throws(Failure) in
            guard back else { throw self.failure(step, "wait-prompt", self.notAtPrompt(seconds)) }
            return nil
        }
    }

    /// `expect-status`: once the shell is at a new prompt (within the timeout), the status its
    /// last command reported must be `code`.
    func expectStatus(_ code: Int, step: ScriptStep) -> Wait {
        let seconds = timeout
        let name = "expect-status \(code)"
        return wait(seconds, until: { self.isAtNewPrompt }) { back throws(Failure) in
            guard back else { throw self.failure(step, name, self.notAtPrompt(seconds)) }
            let prompts = self.terminal.shellPrompts
            guard prompts.commandsFinished > 0 else {
                throw self.failure(step, name, "no command has finished yet (the shell marked no OSC 133 ; D)")
            }
            guard let status = prompts.lastStatus else {
                throw self.failure(step, name, "the shell reported no status for the last command (OSC 133 ; D without one)")
            }
            guard status == code else {
                throw self.failure(step, name, "the last command's status is \(status), not \(code)")
            }
            return nil
        }
    }
}
