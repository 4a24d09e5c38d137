import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `--resume NAME` and its config form `RTermResume`: checked names, the tmux command that
/// replaces the login shell, a pseudo-terminal as for a login shell, no remote command.
@Suite struct ResumeOptionTests {
    @Test(arguments: [["--resume", "work", "h"], ["--resume=work", "h"], ["-o", "RTermResume=work", "h"], ["h", "--resume", "work"]])
    func theNameIsTakenInEveryForm(arguments: [String]) throws {
        #expect(try SSHCommandLine.parse(arguments).values.rtermResume == "work")
    }

    @Test(arguments: [
        (["--resume"], "rterm: option --resume requires an argument (a tmux session name)"),
        (["--resume", "a;b", "h"], "rterm: --resume: bad session name 'a;b' (letters, digits, _ and - only, at most 64, not starting with -)"),
        (["--resume", "a b", "h"], "rterm: --resume: bad session name 'a b' (letters, digits, _ and - only, at most 64, not starting with -)"),
        (["-o", "RTermResume=a;b", "h"], "rterm: -o 'RTermResume=a;b': bad session name 'a;b' (letters, digits, _ and - only, at most 64, not starting with -)"),
        (["--resume=", "h"], "rterm: option --resume requires an argument (a tmux session name)"),
    ])
    func badNamesAreOneLine(arguments: [String], message: String) {
        #expect(throws: SSHCommandLineError.self) { try SSHCommandLine.parse(arguments) }
        do {
            _ = try SSHCommandLine.parse(arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theShellRunsInTmuxWithAPseudoTerminal() throws {
        let target = try SessionTarget.parse(["-F", "none", "--resume", "work", "h"])
        let plan = try target.plan(
            terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true), environment: [:], log: SSHLog(verbosity: 0) { _ in })
        #expect(plan.hasTerminal)
        #expect(plan.resumeName == "work")
        #expect(plan.canReconnect)
        guard case .ssh(let request, _) = plan.route else { Issue.record("not ssh"); return }
        #expect(request.command == SessionTarget.resumeCommand("work"))
        #expect(request.command?.contains("tmux new-session -A -s work") == true)
        #expect(request.terminal != nil)
    }

    /// `--resume NAME --local`: local tmux session NAME, created with the command (or the
    /// shell) or joined, outside the user's own tmux; no reconnect (nothing to lose).
    @Test(arguments: [
        (["--resume", "work", "--local"], [String]()),
        (["--local", "--resume", "work", "--", "sh", "-c", "cat"], ["sh", "-c", "cat"]),
    ] as [([String], [String])])
    func aLocalCommandRunsInLocalTmux(words: [String], command: [String]) throws {
        let target = try SessionTarget.parse(words)
        let plan = try target.plan(
            terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true), environment: ["SHELL": "/bin/bash"],
            log: SSHLog(verbosity: 0) { _ in })
        guard case .local(let arguments, _, _, _, _) = plan.route else { Issue.record("not local"); return }
        #expect(arguments == SessionTarget.localResumeArguments("work", command: command))
        #expect(arguments[2].hasPrefix("unset TMUX TMUX_PANE; ") && arguments[2].contains("exec tmux new-session -A -s work \"$@\""))
        #expect(plan.resumeName == "work" && plan.label == "local: tmux session work" && !plan.canReconnect)
    }

    @Test func aCommandCannotBeResumed() throws {
        let target = try SessionTarget.parse(["-F", "none", "--resume", "work", "h", "ls"])
        #expect(throws: SessionTargetError.usage("rterm: --resume runs the login shell inside tmux, so it takes no command")) {
            try target.plan(
                terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true), environment: [:],
                log: SSHLog(verbosity: 0) { _ in })
        }
    }

    @Test func onlyLoginShellsReconnectAndGetTheInteractiveKeepalive() throws {
        let log = SSHLog(verbosity: 0) { _ in }
        let terminal = TerminalRequest(size: (24, 80), inputIsTerminal: true)
        let shell = try SessionTarget.parse(["-F", "none", "h"]).plan(terminal: terminal, environment: [:], log: log)
        #expect(shell.canReconnect)
        let command = try SessionTarget.parse(["-F", "none", "-t", "h", "top"]).plan(terminal: terminal, environment: [:], log: log)
        #expect(!command.canReconnect)
        guard case .ssh(let request, _) = shell.withInteractiveKeepalive().route else { return }
        #expect(request.destination.serverAliveInterval == 10)
        let set = try SessionTarget.parse(["-F", "none", "-o", "ServerAliveInterval=0", "h"]).plan(
            terminal: terminal, environment: [:], log: log)
        guard case .ssh(let explicit, _) = set.withInteractiveKeepalive().route else { return }
        #expect(explicit.destination.serverAliveInterval == 0)
    }

    /// The command as the server's shell runs it, where tmux is not installed: one line says
    /// so, then a plain login shell reads its input.
    @Test func withoutTmuxAPlainShellSaysSo() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", SessionTarget.resumeCommand("work")]
        process.environment = ["PATH": "/nonexistent", "SHELL": "/bin/sh", "HOME": "/nonexistent"]
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data("echo plain-shell-$((40+2))\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // (The login shell's /etc/profile may complain after it, PATH being empty here.)
        #expect(
            said.split(separator: "\n").first
                == "rterm: tmux is not installed on this host, so this is a plain shell that a reconnect cannot resume")
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "plain-shell-42\n")
    }
}
