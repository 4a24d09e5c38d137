import Foundation
import Testing

/// The keyboard protocols end to end, the user's side: rterm in a tmux pane, behind a small
/// terminal layer that speaks the kitty keyboard protocol (it answers `CSI ? u` and records
/// everything rterm writes), against the test sshd. rterm asks, pushes flag 1 once it holds
/// the screen and pops it on the way out; keys typed in the kitty protocol reach a remote
/// program that asked for nothing as the legacy bytes.
extension SSHIntegrationTests.InteractiveFrontTests {
    /// Runs a command on a pseudo-terminal of its own, copying the pane's keys to it and its
    /// output to the pane and to a file, and answering the kitty flags query (`CSI ? 0 u`)
    /// before passing the question on (tmux answers the rest).
    static let kittyTerminal = """
        import fcntl, os, pty, select, sys, termios, tty
        log = open(sys.argv[1], "wb")
        size = fcntl.ioctl(1, termios.TIOCGWINSZ, b"\\0" * 8)
        pid, fd = pty.fork()
        if pid == 0:
            os.execvp(sys.argv[2], sys.argv[2:])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, size)
        tty.setraw(0)
        while True:
            ready, _, _ = select.select([0, fd], [], [])
            if fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                log.write(data)
                log.flush()
                if b"\\x1b[?u" in data:
                    os.write(fd, b"\\x1b[?0u")
                os.write(1, data)
            if 0 in ready:
                os.write(fd, os.read(0, 4096))
        termios.tcsetattr(0, termios.TCSANOW, termios.tcgetattr(0))
        _, status = os.waitpid(pid, 0)
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    @Test func rtermPushesTheKittyProtocolAndDecodesItForAProgramThatAskedNothing() throws {
        defer { harness.remove() }
        try? FileManager.default.removeItem(atPath: recording)
        let layer = try harness.sharedFile("kitty-terminal.py", Self.kittyTerminal)
        let written = harness.process.home + "/written.bin"
        try? FileManager.default.removeItem(atPath: written)
        let sshd = harness.sshd
        let run = try harness.sharedScript(
            "run-kitty.sh",
            "HOME='\(harness.process.home)' exec python3 '\(layer)' '\(written)' '\(RTermProcess.executable)' -F '\(harness.config)' "
                + "-t -p \(sshd.port) \(sshd.host) \"python3 \(recorderPath) \(recording) ''\"")
        let pane = try TmuxPane(command: "sh '\(run)'; echo EXITED=$?; sleep 60")
        defer { pane.kill() }
        #expect(try pane.waitFor("READY"), "\((try? pane.screen()) ?? "")")
        func output() -> [UInt8] { [UInt8](FileManager.default.contents(atPath: written) ?? Data()) }
        let push = Array("\u{1B}[>1u".utf8)
        let pop = Array("\u{1B}[<u".utf8)
        #expect(output().firstRange(of: push) != nil, "rterm pushed kitty flag 1")

        let hex = (Self.kittyShiftEnter + Self.kittyControlI + Array("\u{1B}[100;5u".utf8)).map { String($0, radix: 16) }
        _ = try pane.tmux(["send-keys", "-H"] + hex)
        // Shift+Enter, Ctrl+I and Ctrl+D (which ends the recorder) as the legacy bytes.
        #expect(pane.waitUntil { recorded() == [0x0D, 0x09, 0x04] }, "\(recorded())")
        #expect(try pane.waitFor("EXITED=0"), "\((try? pane.screen()) ?? "")")
        let all = output()
        let pushed = try #require(all.firstRange(of: push))
        let popped = all.lastRange(of: pop)
        #expect(popped.map { $0.lowerBound > pushed.lowerBound } == true, "popped after the push, on the way out")
        let pushes = all.ranges(of: push).count
        let pops = all.ranges(of: pop).count
        #expect(pushes == pops, "as many pops as pushes (\(pushes), \(pops))")
    }
}

extension Array where Element == UInt8 {
    fileprivate func lastRange(of other: [UInt8]) -> Range<Int>? { ranges(of: other).last }
}
