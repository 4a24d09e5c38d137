import Foundation
import Testing

/// The keyboard protocols end to end, the remote's side: rterm in a tmux pane against the
/// test sshd, the user's terminal typing kitty-protocol keys (written into the pane's input
/// with `send-keys -H`), and a recorder on the remote that asked for the kitty protocol, for
/// modifyOtherKeys, or for neither. Each receives the keys as it asked, never the user's
/// terminal's encoding.
extension SSHIntegrationTests.InteractiveFrontTests {
    /// Shift+Enter and Ctrl+I as a kitty-protocol terminal sends them.
    static let kittyShiftEnter: [UInt8] = Array("\u{1B}[13;2u".utf8)
    static let kittyControlI: [UInt8] = Array("\u{1B}[105;5u".utf8)

    @Test(arguments: [
        ("\\033[>1u", "\u{1B}[13;2u\u{1B}[105;5u"),  // kitty flag 1: the protocol's own
        ("\\033[>4;2m", "\u{1B}[27;2;13~\u{1B}[27;5;105~"),  // modifyOtherKeys 2: xterm's
        ("", "\r\t"),  // neither: the legacy bytes, CR and Tab
    ])
    func kittyKeysReachEachProgramAsItAsked(_ modes: String, _ expected: String) throws {
        defer { harness.remove() }
        let pane = try record(modes: modes)
        defer { pane.kill() }
        let hex = (Self.kittyShiftEnter + Self.kittyControlI).map { String($0, radix: 16) }
        _ = try pane.tmux(["send-keys", "-H"] + hex)
        let wanted = Array(expected.utf8)
        #expect(pane.waitUntil { recorded() == wanted }, "\(modes): \(String(decoding: recorded(), as: UTF8.self).debugDescription)")
    }

    /// A frame written between `?2026h` and `?2026l`, half a second between its halves, is
    /// never shown half drawn: every capture of the pane until the second half shows has
    /// neither half.
    @Test func aSynchronizedFrameIsNeverShownHalfDrawn() throws {
        defer { harness.remove() }
        let frame = "printf 'BEFORE\\\\n'; sleep 1; printf '\\\\033[?2026h\\\\033[2J\\\\033[HFIRST-HALF'; sleep 0.5; "
            + "printf ' SECOND-HALF\\\\033[?2026l\\\\n'; sleep 30"
        let pane = try pane(frame)
        defer { pane.kill() }
        #expect(try pane.waitFor("BEFORE"))
        var halfDrawn: String?
        var captures = 0
        let whole = try pane.waitUntil(timeout: 15) {
            let screen = try pane.screen()
            captures += 1
            if screen.contains("FIRST-HALF") && !screen.contains("SECOND-HALF") { halfDrawn = screen }
            return screen.contains("FIRST-HALF SECOND-HALF")
        }
        #expect(whole, "\((try? pane.screen()) ?? "")")
        #expect(halfDrawn == nil, "shown half drawn:\n\(halfDrawn ?? "")")
        #expect(captures > 5, "the pane was looked at while the frame was open (\(captures) captures)")
    }

    /// OSC 9 and OSC 777 notifications reach the user's terminal (rterm runs under
    /// script(1), which records what it writes), a hostile one inert and at most 4 KiB; a
    /// progress report of 42 shows as 42% on the bar row and is passed on.
    @Test func notificationsAndProgressReachTheUsersTerminal() throws {
        defer { harness.remove() }
        let typescript = harness.process.home + "/typescript"
        try? FileManager.default.removeItem(atPath: typescript)
        let hostileBody = String(repeating: "x", count: 9000)
        let remote = try harness.sharedScript(
            "notify.sh",
            """
            printf '\\033]9;build done\\007'
            printf '\\033]777;notify;make;all built\\007'
            printf '\\033]777;notify;evil\\177;\\342\\200\\256\\342\\200\\250\(hostileBody)\\007'
            printf '\\033]9;4;1;42\\007'
            echo SENT
            sleep 30
            """)
        let sshd = harness.sshd
        let run = try harness.sharedScript(
            "run-rterm.sh",
            "HOME='\(harness.process.home)' exec '\(RTermProcess.executable)' -F '\(harness.config)' -t -p \(sshd.port) \(sshd.host) 'sh \(remote)'")
        let pane = try TmuxPane(command: "script -qfec 'sh \(run)' '\(typescript)'; sleep 60", columns: 100)
        defer { pane.kill() }
        #expect(try pane.waitFor("SENT"), "\((try? pane.screen()) ?? "")")
        #expect(pane.waitUntil { ((try? pane.screen()) ?? "").split(separator: "\n").last?.contains("42%") == true },
                "the bar row: \(((try? pane.screen()) ?? "").split(separator: "\n").last ?? "")")
        var written = [UInt8]()
        #expect(pane.waitUntil {
            written = [UInt8](FileManager.default.contents(atPath: typescript) ?? Data())
            return written.firstRange(of: Array("\u{1B}]9;4;1;42\u{07}".utf8)) != nil
        }, "progress passed on")
        #expect(written.firstRange(of: Array("\u{1B}]9;build done\u{07}".utf8)) != nil, "OSC 9 passed on")
        #expect(written.firstRange(of: Array("\u{1B}]777;notify;make;all built\u{07}".utf8)) != nil, "OSC 777 passed on")
        let start = Array("\u{1B}]777;notify;evil".utf8)
        guard let hostile = written.firstRange(of: start) else {
            Issue.record("the hostile one was not passed on")
            return
        }
        let end = written[hostile.upperBound...].firstIndex(of: 0x07) ?? written.endIndex
        let sequence = written[hostile.lowerBound..<end]
        #expect(sequence.count < 4096, "\(sequence.count) bytes")
        #expect(!sequence.dropFirst().contains { $0 < 0x20 }, "inert")
        #expect(sequence.firstRange(of: [0xE2, 0x80, 0xAE]) == nil && sequence.firstRange(of: [0xE2, 0x80, 0xA8]) == nil)
        // On the way out, the report rterm passed on is taken back off the user's tab.
        try pane.keys("Enter")
        try pane.type("~.")
        #expect(pane.waitUntil {
            let all = [UInt8](FileManager.default.contents(atPath: typescript) ?? Data())
            return all.firstRange(of: Array("\u{1B}]9;4;0\u{07}".utf8)) != nil
        }, "the progress report removed at exit")
    }
}
