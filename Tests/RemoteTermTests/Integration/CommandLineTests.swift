import Foundation
import Testing

/// The rterm binary's own command line, without a server.
struct CommandLineTests {
    func run(_ arguments: [String], input: String? = nil) throws -> RTermProcess.Result {
        let process = try RTermProcess()
        defer { process.remove() }
        return try process.run(arguments, input: input, timeLimit: 20)
    }

    @Test func versionNamesLibssh2() throws {
        let result = try run(["-V"])
        #expect(result.status == 0)
        #expect(result.outputText.hasPrefix("rterm "))
        #expect(result.outputText.contains("libssh2 1."))
    }

    @Test func helpListsTheOptionsAndTheOtherForms() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        for text in ["-J hops", "-o opt", "--local", "render", "255"] {
            #expect(result.outputText.contains(text), "missing \(text)")
        }
    }

    @Test func noArgumentsIsAUsageError() throws {
        let result = try run([])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("usage: rterm"))
    }

    @Test(arguments: [
        (["-Z", "host"], "unknown option -- Z"),
        (["-L", "80:x", "host"], "bad forwarding specification"),
        (["-W", "x:80", "host"], "stdio forwarding"),
        (["-o", "Bogus=1", "host"], "unknown -o option"),
        (["-o", "Ciphers=aes128-ctr", "host"], "does not implement"),
        (["-p", "99999", "host"], "bad port"),
        (["--predict", "sometimes", "host"], "bad prediction mode"),
        (["--predict"], "--predict"),
        (["host", "--local"], "--local runs a command on this machine, so it takes no destination"),
        (["-p", "2222", "--local"], "-p 2222 is for an SSH connection"),
        (["-T", "--local", "--", "true"], "-T cannot apply"),
    ])
    func usageErrorsAreOneLineAndStatus2(_ arguments: [String], _ message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.isOneErrorLine, "\(result.errorOutput)")
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
    }

    @Test func aHostsFileWithAMistakeSaysWhichLineAndStartsNothing() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let missing = try process.run(["--hosts", process.home + "/nowhere"], timeLimit: 20)
        #expect(missing.status == 2)
        #expect(missing.isOneErrorLine && missing.errorOutput.contains("cannot read hosts file"), "\(missing.errorOutput)")
        let empty = try process.run(["--hosts", try process.file("empty", "# nothing\n\n")], timeLimit: 20)
        #expect(empty.status == 2)
        #expect(empty.errorOutput.contains("names no target"), "\(empty.errorOutput)")
        let hosts = try process.file("hosts", "# two\nbox\n-Z other\n")
        let bad = try process.run(["--hosts", hosts], timeLimit: 20)
        #expect(bad.status == 2)
        #expect(bad.isOneErrorLine, "\(bad.errorOutput)")
        #expect(bad.errorOutput.contains("\(hosts):3: unknown option -- Z"), "\(bad.errorOutput)")
        let noTerminal = try process.run(["--hosts", try process.file("good", "box\n--local\n")], timeLimit: 20)
        #expect(noTerminal.status == 2)
        #expect(noTerminal.errorOutput.contains("standard output is not one"), "\(noTerminal.errorOutput)")
    }

    @Test func printConfigurationResolvesLikeSSH() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let config = try process.file(
            "config", "Host box\n  HostName box.example.org\n  User alice\n  Port 2200\n  ForwardAgent yes\n")
        let result = try process.run(["-F", config, "-G", "-o", "ServerAliveInterval=15", "--predict", "never", "box"])
        #expect(result.status == 0, "\(result.errorOutput)")
        for line in ["hostname box.example.org", "user alice", "port 2200", "serveraliveinterval 15",
                     "identityfile \(process.home)/.ssh/id_ed25519", "rtermpredict never"] {
            #expect(result.outputText.contains(line + "\n"), "missing \(line) in \(result.outputText)")
        }
    }

    @Test func configErrorsExit255() throws {
        let result = try run(["-F", "/no/such/config", "host", "true"])
        #expect(result.status == 255)
        #expect(result.isOneErrorLine)
    }

    /// On a pty still, but with its input not a terminal its output is the bytes ssh would
    /// give of a command without one: LF, no CR added (issue 54 item 7).
    @Test func localRunsACommandOnAPty() throws {
        let result = try run(["--local", "--", "sh", "-c", "tty >/dev/null && echo on-a-tty; exit 4"])
        #expect(result.status == 4, "\(result.errorOutput)")
        #expect(result.outputText == "on-a-tty\n")
    }

    /// With no input at all, the shell gets its end of file and ends; bash's readline
    /// discards one sent before it sets the terminal up, so rterm sends it again then.
    /// Issue 45 item 1: `--local` after any other option, or before it, as ssh takes its
    /// options in any order before the destination (it was `unknown option '--local'`, 2).
    @Test(arguments: [
        ["--keybar", "vim", "--local", "--", "sh", "-c", "exit 3"], ["-v", "--local", "--", "sh", "-c", "exit 3"],
        ["--reader", "--local", "--", "sh", "-c", "exit 3"], ["--bar-rows", "2", "--local", "--", "sh", "-c", "exit 3"],
        ["--predict", "always", "-e", "none", "--local", "--", "sh", "-c", "exit 3"],
        ["--local", "--keybar", "vim", "sh", "-c", "exit 3"],
    ])
    func localTakesTheOtherOptionsInAnyOrder(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 3, "\(result.errorOutput)")
        #expect(arguments.first != "-v" || result.errorOutput.contains("debug1: running sh -c exit 3 on a local pseudo-terminal"))
    }

    @Test func localShellEndsWhenItsInputIsEmpty() throws {
        let result = try run(["--local", "--", "bash", "--norc", "-i"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.outputText.contains("exit"))
    }

    @Test func localReportsACommandThatCannotStart() throws {
        let result = try run(["--local", "--", "/no/such/program"])
        #expect(result.status == 127)
        #expect(result.isOneErrorLine)
    }
}
