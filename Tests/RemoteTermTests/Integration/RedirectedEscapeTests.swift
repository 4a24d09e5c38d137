import Foundation
import Testing

/// Issue 45 item 3: the escape character with standard output redirected, as ssh reads it.
/// ssh(1), ESCAPE CHARACTERS: "When a pseudo-terminal has been requested, ssh supports a
/// number of functions through the use of an escape character", and ssh.c passes the escape
/// character to its client loop only with a pseudo-terminal (OpenSSH 9.2, checked in a
/// pane: `ssh host 'sleep 30' > file`, Enter, `~.` goes to the remote as typed; with `-t` it
/// disconnects, 255). rterm ignored `~.` on `rterm -t host 'sleep 30' > file` (it was sent
/// to the remote); now it disconnects at once, the terminal restored, while without a
/// pseudo-terminal `~.` still reaches the remote as ssh sends it.
/// rterm runs in a real tmux pane started from a terminal, its output going to a file; the
/// remote command says it is up through a file, which the test waits for before typing.
extension SSHIntegrationTests {
    @Suite struct RedirectedEscapeTests {
        let harness: SSHHarness
        var output: String { harness.shared + "/redirected.out" }
        var up: String { harness.shared + "/remote-up" }

        init() throws {
            let sshd = try #require(TestSSHD.current)
            harness = try SSHHarness(extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
        }

        /// `rterm OPTIONS host COMMAND > output` in a pane; the pane's shell then prints the
        /// exit status and whether the terminal is back in canonical mode with output
        /// processing on.
        func pane(_ options: String, _ command: String?) throws -> TmuxPane {
            let sshd = harness.sshd
            let remote = command.map { " \"\($0)\"" } ?? ""
            let line = "HOME='\(harness.process.home)' '\(RTermProcess.executable)' -F '\(harness.config)' \(options) "
                + "-p \(sshd.port) \(sshd.host)\(remote) > '\(output)'; echo EXITED=$?; "
                + "stty -a | tr ';' '\\n' | grep -wq icanon && echo CANON; "
                + "stty -a | tr ' ' '\\n' | grep -qx opost && echo OUTPUT-PROCESSED; sleep 60"
            return try TmuxPane(command: "sh -c '\(line.replacingOccurrences(of: "'", with: "'\\''"))'")
        }

        func waitForRemote(_ pane: TmuxPane) -> Bool {
            pane.waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: up) }
        }

        func expectRestored(_ pane: TmuxPane, status: String) throws {
            #expect(try pane.waitFor("EXITED=\(status)"), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("CANON"))
            #expect(try pane.waitFor("OUTPUT-PROCESSED"))
        }

        /// `-t` with a command, and a login shell (a pseudo-terminal because standard input
        /// is a terminal): Enter, `~?` lists the escapes, `~.` disconnects: 255 within the
        /// wait, long before the remote's 30 s, and the terminal is as it was.
        @Test(arguments: ["command", "login shell"])
        func tildeDotDisconnectsARedirectedSessionWithAPseudoTerminal(_ kind: String) throws {
            defer { harness.remove() }
            let pane = kind == "command" ? try pane("-t", "touch \(up); sleep 30") : try pane("", nil)
            defer { pane.kill() }
            if kind == "command" {
                #expect(waitForRemote(pane), "\((try? pane.screen()) ?? "")")
            } else {
                // The shell's prompt, written to the file, says it is up.
                #expect(pane.waitUntil(timeout: 20) { ((try? Data(contentsOf: URL(fileURLWithPath: output)))?.count ?? 0) > 0 })
            }
            try pane.keys("Enter")
            try pane.type("~?")
            #expect(try pane.waitFor("~.   - terminate connection"), "\((try? pane.screen()) ?? "")")
            try pane.type("~.")
            try expectRestored(pane, status: "255")
            #expect(try pane.screen().contains("Connection to "), "\((try? pane.screen()) ?? "")")
        }

        /// Without a pseudo-terminal (a command, no `-t`) ssh reads no escapes, and neither
        /// does rterm: the line `~.` reaches the remote command. With `-e none` and `-t`
        /// neither is an escape either.
        @Test(arguments: ["", "-t -e none"])
        func tildeDotIsTypedWhereSSHReadsNoEscapes(_ options: String) throws {
            defer { harness.remove() }
            // The second line read is echoed to standard error: the pane without a
            // pseudo-terminal, the output file with one (the remote's errors share its pty).
            let pane = try pane(options, "touch \(up); read a; read b; echo GOT[\\$b] >&2")
            defer { pane.kill() }
            #expect(waitForRemote(pane), "\((try? pane.screen()) ?? "")")
            try pane.keys("Enter")
            try pane.type("~.")
            try pane.keys("Enter")
            try expectRestored(pane, status: "0")
            let shown = try pane.screen() + ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
            #expect(shown.contains("GOT[~.]"), "\(shown)")
        }
    }
}

/// The same for a local command, which always has a pseudo-terminal: from a terminal, `~.`
/// ends `rterm --local -- cmd > file` (255), the terminal restored; `-e none` passes it on.
@Suite struct RedirectedLocalEscapeTests {
    @Test(arguments: ["", "-e none"])
    func tildeDotEndsARedirectedLocalCommand(_ options: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let up = directory.path + "/up"
        let line = "'\(RTermProcess.executable)' \(options) --local -- sh -c "
            + "\"touch \(up); read a; read b; echo GOT[\\$b]; sleep 30\" > '\(directory.path)/out'; echo EXITED=$?; "
            + "stty -a | tr ';' '\\n' | grep -wq icanon && echo CANON; sleep 60"
        let pane = try TmuxPane(command: "sh -c '\(line.replacingOccurrences(of: "'", with: "'\\''"))'")
        defer { pane.kill() }
        #expect(pane.waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: up) }, "\((try? pane.screen()) ?? "")")
        try pane.keys("Enter")
        try pane.type("~.")
        if options.isEmpty {
            #expect(try pane.waitFor("EXITED=255"), "\((try? pane.screen()) ?? "")")
            #expect(try pane.waitFor("CANON"))
        } else {
            try pane.keys("Enter")
            #expect(pane.waitUntil {
                ((try? String(contentsOfFile: directory.path + "/out", encoding: .utf8)) ?? "").contains("GOT[~.]")
            })
        }
    }
}
