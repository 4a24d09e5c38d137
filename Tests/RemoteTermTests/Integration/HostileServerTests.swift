import Foundation
import RemoteTerm
import Testing

/// A hostile server (`Scripts/hostile-sshd`, on Debian's paramiko) puts an OSC 52 clipboard
/// query, a cursor position query, a title change and a right-to-left override into every
/// text a server chooses. rterm runs on a pseudo-terminal of the test's own, as a user's
/// terminal would hold it: every byte rterm writes there is checked, and so is what the
/// server received as the keyboard-interactive answer.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HostileServerTests {
    /// What rterm wrote to its terminal, and what the server got as answers.
    struct Outcome {
        var terminal: [UInt8]
        var answers: [String]
        var status: TransportExit?
        var text: String { String(decoding: terminal, as: UTF8.self) }
    }

    /// Runs rterm against a fresh hostile server in `mode`, answering the password prompt.
    func run(mode: String, verbose: Bool = false, options: [String] = []) throws -> Outcome {
        let home = NSTemporaryDirectory() + "rterm-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let portFile = home + "/port"
        let answersFile = home + "/answers"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [TestSSHD.packageRoot + "/Scripts/hostile-sshd", portFile, answersFile, mode]
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: portFile) {
            guard Date() < deadline, server.isRunning else { throw TestSSHDError(message: "hostile-sshd did not start") }
            usleep(20_000)
        }
        let port = try String(contentsOfFile: portFile, encoding: .utf8)
        let arguments = [RTermProcess.executable, "-F", "none", "-o", "UserKnownHostsFile=\(home)/.ssh/known_hosts",
            "-o", "StrictHostKeyChecking=no", "-o", "IdentityAgent=none", "-o", "PreferredAuthentications=keyboard-interactive",
            "-l", "tester", "-p", port] + (verbose ? ["-v"] : []) + options + ["127.0.0.1", "true"]
        let terminal = try LocalPTYTransport(
            arguments: arguments, environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
            term: "xterm", rows: 24, columns: 80)
        defer { terminal.close() }
        var outcome = Outcome(terminal: [], answers: [])
        var answered = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(30)
        reading: while Date() < end {
            switch try terminal.read(into: &buffer, from: .output) {
            case .transferred(let count):
                outcome.terminal += buffer[0..<count]
                if !answered, outcome.text.contains("Password") {
                    answered = true
                    var answer = Array("secret\r".utf8)
                    _ = try terminal.write(draining: &answer)
                }
            case .wouldBlock:
                var descriptors = terminal.pollInterests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
                _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            case .endOfStream:
                break reading
            }
        }
        // The output ended: wait for the exit itself (WNOWAIT leaves it for exitStatus to
        // collect), bounded by the suite's time limit rather than by a guess.
        var info = siginfo_t()
        while waitid(P_PID, id_t(terminal.processID), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        outcome.status = try terminal.exitStatus()
        let answerLines = (try? String(contentsOfFile: answersFile, encoding: .utf8)) ?? ""
        outcome.answers = answerLines.split(separator: "\n").map(String.init)
        return outcome
    }

    /// Nothing a terminal acts on: no ESC, no C1 control, no bidirectional control.
    func expectInert(_ outcome: Outcome, _ place: String) {
        #expect(!outcome.terminal.contains(0x1B), "an escape reached the terminal (\(place)): \(outcome.text.debugDescription)")
        #expect(!outcome.text.unicodeScalars.contains { InertText.isBidiOrSeparator($0.value) || (0x80...0x9F).contains($0.value) },
            "a control reached the terminal (\(place)): \(outcome.text.debugDescription)")
        #expect(outcome.answers == [#"["secret"]"#], "the server received: \(outcome.answers)")
    }

    // MARK: - Faults: each ends in one line that names what happened, within its limit.

    static let keepalive = ["-o", "ServerAliveInterval=1", "-o", "ServerAliveCountMax=2"]

    @Test func aServerThatStallsTheLoginIsNamedAsStuck() throws {
        let outcome = try run(mode: "stall-login", options: Self.keepalive)
        #expect(outcome.status == .status(255))
        #expect(outcome.text.contains("stopped answering during authentication: nothing for 2 s (ServerAliveInterval x ServerAliveCountMax)"), "\(outcome.text)")
    }

    @Test func aServerThatStallsTheChannelIsNamedAsStuck() throws {
        let outcome = try run(mode: "stall-channel", options: Self.keepalive)
        #expect(outcome.status == .status(255))
        #expect(outcome.text.contains("stopped answering during the opening of a session channel: nothing for 2 s"), "\(outcome.text)")
    }

    @Test func garbageAfterTheBannerIsAFailedHandshake() throws {
        let outcome = try run(mode: "garbage")
        #expect(outcome.status == .status(255))
        #expect(outcome.text.contains("SSH handshake with 127.0.0.1 port"), "\(outcome.text)")
        #expect(outcome.text.contains("does the stream arrive intact?"), "\(outcome.text)")
    }

    @Test func keyboardInteractiveTextIsShownInert() throws {
        let outcome = try run(mode: "plain")
        expectInert(outcome, "keyboard-interactive")
        // Shown, not dropped: the user sees what the server sent, escapes made visible.
        #expect(outcome.text.contains(#"instruction\033]52;c;?\007\033[6n"#), "\(outcome.text.debugDescription)")
        #expect(outcome.text.contains(#"Password\033]52"#))
        #expect(outcome.status == .status(0))
    }

    @Test func exitSignalIsPrintedInert() throws {
        let outcome = try run(mode: "exit-signal")
        expectInert(outcome, "exit-signal")
        #expect(outcome.text.contains(#"signal KILL\033]52;c;?"#), "\(outcome.text.debugDescription)")
        #expect(outcome.status == .status(255))
    }

    @Test func versionStringIsLoggedInert() throws {
        let outcome = try run(mode: "version", verbose: true)
        expectInert(outcome, "version string under -v")
        #expect(outcome.text.contains(#"remote software version SSH-2.0-Hostile\033]52"#), "\(outcome.text.debugDescription)")
    }

    @Test func disconnectMessageIsShownInert() throws {
        let outcome = try run(mode: "disconnect")
        expectInert(outcome, "disconnect message")
        #expect(outcome.text.contains(#"bye\033]52;c;?"#), "\(outcome.text.debugDescription)")
        #expect(outcome.status == .status(255))
    }
}
