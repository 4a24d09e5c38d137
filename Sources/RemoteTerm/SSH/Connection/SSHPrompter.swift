import Foundation
import RemoteTermEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks the user for passphrases, passwords, keyboard-interactive answers and host key
/// confirmations, the way OpenSSH's read_passphrase does: on the controlling terminal
/// (`/dev/tty`, echo off for secrets), or through the `SSH_ASKPASS` program when
/// `SSH_ASKPASS_REQUIRE=force`, or when there is no terminal but a display. Inside the
/// full-screen front, questions go through `mailbox` instead, and the front asks on its bar
/// row (askpass still wins when forced). Nothing asked or answered here is ever logged.
package struct SSHPrompter: Sendable {
    /// The environment (`SSH_ASKPASS`, `SSH_ASKPASS_REQUIRE`, `DISPLAY`, `WAYLAND_DISPLAY`).
    package var environment: [String: String]
    /// `BatchMode`: never ask; every question counts as unanswered.
    package var batchMode: Bool
    /// Where the full-screen front takes questions, when it runs.
    package var mailbox: PromptMailbox?

    /// A prompter reading `environment`.
    package init(environment: [String: String], batchMode: Bool = false) {
        self.environment = environment
        self.batchMode = batchMode
    }

    /// Asks `prompt`; with `echo` false the answer is not shown. Nil when no one can be
    /// asked (BatchMode, no terminal and no askpass) or the user gave up (EOF, askpass
    /// failed).
    package func ask(_ prompt: String, echo: Bool) -> String? {
        if batchMode { return nil }
        switch route {
        case .askpass(let program):
            return runAskpass(program, prompt: prompt, confirm: false)
        case .mailbox(let mailbox):
            return mailbox.ask(PromptRequest(text: prompt, kind: echo ? .text : .secret))
        case .terminal:
            return readFromTerminal(prompt, echo: echo)
        case .none:
            return nil
        }
    }

    /// Asks a yes/no question (a host key confirmation). Through askpass,
    /// `SSH_ASKPASS_PROMPT=confirm` is set, as OpenSSH does.
    package func confirm(_ prompt: String) -> String? {
        if batchMode { return nil }
        switch route {
        case .askpass(let program):
            return runAskpass(program, prompt: prompt, confirm: true)
        case .mailbox(let mailbox):
            return mailbox.ask(PromptRequest(text: prompt, kind: .confirmation))
        case .terminal:
            return readFromTerminal(prompt, echo: true)
        case .none:
            return nil
        }
    }

    /// Tells the person being asked something (such as "Permission denied, please try
    /// again."): on the terminal when questions go there, nowhere otherwise, so that a
    /// script reading standard error sees only the final `rterm:` line.
    package func notify(_ message: String) {
        guard !batchMode else { return }
        if case .mailbox(let mailbox) = route {
            mailbox.notify(message)
            return
        }
        guard case .terminal = route else { return }
        let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return }
        writeAll(tty, InertText.make(message, keepingNewlines: true) + "\n")
        Glibc.close(tty)
    }

    /// Whether someone can be asked at all (for messages such as "cannot ask: ...").
    package var canAsk: Bool {
        if batchMode { return false }
        if case .none = route { return false }
        return true
    }

    private enum Route {
        case askpass(String)
        case mailbox(PromptMailbox)
        case terminal
        case none
    }

    private var route: Route {
        let askpass = environment["SSH_ASKPASS"].flatMap { $0.isEmpty ? nil : $0 }
        let requirement = environment["SSH_ASKPASS_REQUIRE"] ?? ""
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if requirement == "force", let askpass { return .askpass(askpass) }
        if let mailbox { return .mailbox(mailbox) }
        if requirement == "prefer", hasDisplay, let askpass { return .askpass(askpass) }
        if Self.hasTerminal { return .terminal }
        if requirement != "never", hasDisplay, let askpass { return .askpass(askpass) }
        return .none
    }

    /// Whether /dev/tty can be opened (there is a controlling terminal).
    static var hasTerminal: Bool {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        Glibc.close(descriptor)
        return true
    }

    private func readFromTerminal(_ prompt: String, echo: Bool) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { Glibc.close(tty) }
        var saved = termios()
        let haveModes = tcgetattr(tty, &saved) == 0
        if !echo, haveModes {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL)
            quiet.c_lflag |= tcflag_t(ICANON)
            _ = tcsetattr(tty, TCSAFLUSH, &quiet)
        }
        defer {
            if !echo, haveModes {
                _ = tcsetattr(tty, TCSAFLUSH, &saved)
                writeAll(tty, "\n")
            }
        }
        // Prompts quote what servers chose (keyboard-interactive): nothing in them may act on
        // the terminal, or its answer would be read below as the user's.
        writeAll(tty, InertText.make(prompt, keepingNewlines: true))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(tty, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    private func writeAll(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            bytes = bytes.dropFirst(count)
        }
    }

    /// Runs the askpass program with the prompt as its argument; its standard output, up to
    /// the first newline, is the answer. A non-zero exit means "cancelled".
    private func runAskpass(_ program: String, prompt: String, confirm: Bool) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [InertText.make(prompt, keepingNewlines: true)]
        var environment = self.environment
        if confirm { environment["SSH_ASKPASS_PROMPT"] = "confirm" }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.prefix { $0 != "\n" && $0 != "\r" })
    }
}
