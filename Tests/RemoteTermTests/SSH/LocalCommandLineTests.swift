import Foundation
import RemoteTerm
import Testing

/// Issue 45 item 1: `--local` with any other option, in any order before the command, as ssh
/// takes its options before the destination (`rterm --keybar vim --local` said `unknown
/// option '--local'`, exit 2); every form that worked still does; what cannot apply to a
/// local command is one line and exit 2.
@Suite struct LocalCommandLineTests {
    static func local(_ words: [String]) throws -> LocalCommandLine {
        guard case .local(let local) = try SessionTarget.parse(words) else {
            Issue.record("\(words) is not a local target")
            return LocalCommandLine()
        }
        return local
    }

    @Test(arguments: [
        ["--keybar", "vim", "--local"], ["--local", "--keybar", "vim"], ["--keybar=vim", "--local"],
        ["-o", "RTermKeyBar=vim", "--local"], ["--local", "--"], ["--keybar", "vim", "--local", "--"],
    ])
    func theKeySetIsTakenOnEitherSideOfLocal(_ words: [String]) throws {
        let local = try Self.local(words)
        #expect(local.command.isEmpty)
        #expect(local.front.keyBarSet == (words.contains { $0.contains("vim") } ? "vim" : nil))
    }

    @Test func everyOptionThatAppliesToALocalCommandIsTakenBeforeOrAfterLocal() throws {
        let before = try Self.local([
            "-v", "--reader", "--bar-rows", "2", "--bar-labels", "words", "--predict", "always", "-e", "^]", "-n", "-t",
            "-q", "--local", "--", "top", "-d", "1",
        ])
        let after = try Self.local([
            "--local", "-v", "--reader", "--bar-rows", "2", "--bar-labels", "words", "--predict", "always", "-e", "^]",
            "-n", "-t", "-q", "--", "top", "-d", "1",
        ])
        #expect(before == after)
        #expect(before.command == ["top", "-d", "1"])
        #expect(before.front == FrontPreferences(barRows: 2, barLabels: .words, reader: true))
        #expect(before.predict == PredictionSettings(mode: .always))
        #expect(before.escapeCharacter == .byte(0x1D))
        #expect(before.verbosity == 1 && before.stdinFromNull)
    }

    @Test(arguments: [
        (["--local"], []), (["--local", "--", "ls", "-l"], ["ls", "-l"]), (["--local", "ls", "-l"], ["ls", "-l"]),
        (["--local", "--", "--local"], ["--local"]), (["--reader", "--local", "--", "sh", "-c", "x"], ["sh", "-c", "x"]),
        (["--local", "--local"], []),
    ] as [([String], [String])])
    func theCommandIsWhatFollowsTheOptions(_ words: [String], _ command: [String]) throws {
        #expect(try Self.local(words).command == command)
    }

    @Test func aLocalWordInARemoteCommandOrAfterDashDashIsNotAMarker() throws {
        guard case .ssh(let commandLine) = try SessionTarget.parse(["host", "echo", "--local"]) else {
            Issue.record("host echo --local is an ssh target")
            return
        }
        #expect(commandLine.remoteCommand == ["echo", "--local"])
        #expect(LocalCommandLine.markerIndex(in: ["-p", "22", "host", "--local"]) == nil)
        #expect(LocalCommandLine.markerIndex(in: ["--", "--local"]) == nil)
        #expect(LocalCommandLine.markerIndex(in: ["-o", "--local", "x"]) == nil, "an option's value")
        #expect(LocalCommandLine.markerIndex(in: ["-l", "me", "--local"]) == 2)
    }

    @Test(arguments: [
        (["host", "--local"], "rterm: --local runs a command on this machine, so it takes no destination"),
        (["-p", "22", "--local"], "rterm: --local runs a command on this machine: -p 22 is for an SSH connection"),
        (["--local", "-L", "8080:x:80"], "-L 8080:x:80 is for an SSH connection"),
        (["-o", "Port=22", "--local"], "-o Port=22 is for an SSH connection"),
        (["--resume", "a;b", "--local"], "bad session name 'a;b'"),
        (["-G", "--local"], "-G is for an SSH connection"),
        (["-F", "/dev/null", "--local"], "-F /dev/null is for an SSH connection"),
        (["-vp22", "--local"], "-vp22 is for an SSH connection"),
        (["-T", "--local"], "rterm: --local always gives its command a pseudo-terminal: -T cannot apply"),
        (["--local", "--bar-rows", "9"], "bad bar rows '9'"),
        (["--local", "--bogus"], "unknown option '--bogus'"),
    ] as [([String], String)])
    func whatCannotApplyIsOneLineAndStatus2(_ words: [String], _ message: String) {
        do {
            _ = try SessionTarget.parse(words)
            Issue.record("\(words) parsed")
        } catch {
            #expect(error.exitStatus == 2)
            #expect(error.description.contains(message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func theEscapeCharacterPredictionAndLogOfALocalTargetReachItsSession() throws {
        let factory = SessionFactory(loop: try EventLoop(), environment: ["SHELL": "/bin/sh"], inputIsTerminal: false, say: { _ in })
        for (words, escape) in [(["-e", "none", "--local", "--", "true"], nil), (["--local", "-e", "^]", "--", "true"], UInt8(0x1D)),
                                (["--local", "--", "true"], UInt8(0x7E))] as [([String], UInt8?)] {
            let opened = try factory.open(words, as: .interactive, size: (rows: 10, columns: 40)).get()
            #expect(opened.escapeCharacter == escape, "\(words)")
            opened.session.end(.disconnected(label: opened.label))
        }
        guard case .success(let planned) = factory.plan(try SessionTarget.parse(["--predict", "always", "--local"]), for: .interactive, size: (rows: 10, columns: 40)) else {
            Issue.record("not planned")
            return
        }
        #expect(planned.plan.predict == PredictionSettings(mode: .always))
    }

    @Test func aHostsFileLineTakesLocalAnywhereAmongItsOptions() throws {
        let path = NSTemporaryDirectory() + "rterm-hosts-\(UUID().uuidString)"
        try "--keybar vim --local\n-v --local -- make check\n--local ls\nweb\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let entries = try HostsFile.entries(path, options: ["-p", "2222"], command: ["echo", "a"], shell: "/bin/sh").get()
        #expect(entries.map(\.words) == [
            ["--keybar", "vim", "--local", "--", "/bin/sh", "-c", "echo a"],
            ["-v", "--local", "--", "/bin/sh", "-c", "make check echo a"],
            ["--local", "--", "/bin/sh", "-c", "ls echo a"],
            ["-p", "2222", "web", "echo", "a"],
        ])
        #expect(HostsFile.targetWords(options: ["-p", "2222"], line: ["--reader", "--local"]) == ["--reader", "--local"])
    }
}
