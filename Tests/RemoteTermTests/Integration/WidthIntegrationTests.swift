import Foundation
import Testing

/// Widths that agree with the remote, end to end (issue 10): bash's readline counts columns
/// with glibc's wcwidth, code point by code point, so a line holding an emoji with a
/// skin-tone modifier must be edited the same way inside rterm as in a plain terminal.
/// rterm runs bash on a local pty (`--local`) in a tmux pane of its own; the same keys go
/// to a plain bash in another pane; the panes must show the same line. Every wait is on the
/// screen; each tmux server is stopped on its own socket.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct WidthIntegrationTests {
    /// The line after editing, as bash itself shows it: Z inserted before the modifier.
    static let edited = "$ echo A👍Z\u{1F3FD}B end"
    /// What the command prints.
    static let printed = "A👍Z\u{1F3FD}B end"

    /// A bash with no startup files, a `$ ` prompt and a UTF-8 locale.
    static func bash(_ launcher: String) -> String {
        "env LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' INPUTRC=/dev/null \(launcher)bash --norc"
    }

    /// Types `echo A👍🏽B end`, six ←, Z, Enter; returns the screen once the command ran.
    func edit(in pane: TmuxPane) throws -> [String] {
        #expect(try pane.waitUntil { try lines(of: pane).contains("$") }, "no prompt: \((try? pane.screen()) ?? "")")
        try pane.type("echo A👍\u{1F3FD}B end")
        #expect(try pane.waitFor("B end"), "the line was not echoed: \((try? pane.screen()) ?? "")")
        try pane.keys("Left", "Left", "Left", "Left", "Left", "Left")
        try pane.type("Z")
        try pane.keys("Enter")
        // Done when the command's output is followed by the next prompt.
        let finished = try pane.waitUntil {
            let shown = try lines(of: pane)
            guard let output = shown.firstIndex(of: Self.printed) else { return false }
            return shown.dropFirst(output + 1).first == "$"
        }
        #expect(finished, "the command did not run: \((try? pane.screen()) ?? "")")
        return try lines(of: pane)
    }

    /// The pane's lines, trailing blanks removed.
    func lines(of pane: TmuxPane) throws -> [String] {
        try pane.screen().split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    @Test func editingALineWithASkinToneLooksAsInPlainBash() throws {
        let plain = try TmuxPane(command: Self.bash(""), columns: 80, rows: 10)
        defer { plain.kill() }
        let expected = try edit(in: plain)
        #expect(expected.first == Self.edited, "plain bash itself: \(expected)")

        let rterm = try TmuxPane(command: Self.bash("'\(RTermProcess.executable)' --local -- "), columns: 80, rows: 10)
        defer { rterm.kill() }
        let shown = try edit(in: rterm)
        // rterm's own bar row is at the bottom; the lines bash wrote are at the top.
        #expect(Array(shown.prefix(3)) == Array(expected.prefix(3)), "rterm: \(shown)\nplain bash: \(expected)")
    }
}
