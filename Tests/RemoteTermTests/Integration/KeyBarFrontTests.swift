import Foundation
import Testing

/// The key bar end to end: rterm in a real tmux pane against the test sshd, clicks sent as
/// the SGR mouse reports rterm asked the local terminal for, at the columns where
/// `capture-pane` shows the labels; the remote's raw-mode recorder says what arrived. (The
/// bar's behaviour in detail is proven in-process: FrontInProcessTests.)
extension SSHIntegrationTests.InteractiveFrontTests {
    /// The 0-based column of `label` on the bar (the pane's last row).
    func column(of label: String, in pane: TmuxPane, rows: Int = 24) throws -> Int {
        let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let bar = String(lines[rows - 1])
        let range = try #require(bar.range(of: label), "no '\(label)' on the bar: '\(bar)'")
        return bar.unicodeScalars.distance(from: bar.unicodeScalars.startIndex, to: range.lowerBound.samePosition(in: bar.unicodeScalars)!)
    }

    /// A press (and, unless held, a release) on the bar at `label`.
    func click(_ label: String, in pane: TmuxPane, release: Bool = true, rows: Int = 24) throws {
        let x = try column(of: label, in: pane, rows: rows) + 1
        try pane.type("\u{1B}[<0;\(x);\(rows)M" + (release ? "\u{1B}[<0;\(x);\(rows)m" : ""))
    }

    /// Clicks on the bar, as the terminal reports them (SGR mouse), send one key each; Ctrl
    /// arms (and shows it) for the next typed key.
    @Test func barClicksSendExactlyOneKeyEachAndCtrlArms() throws {
        defer { harness.remove() }
        let pane = try record()
        defer { pane.kill() }
        var expected: [UInt8] = []
        for (label, bytes): (String, [UInt8]) in [("Esc", [0x1B]), ("Tab", [0x09]), ("⌫", [0x7F]), ("⏎", [0x0D]), ("PgUp", [0x1B, 0x5B, 0x35, 0x7E])] {
            try click(label, in: pane)
            expected += bytes
            #expect(pane.waitUntil { recorded() == expected }, "after \(label): \(recorded())")
        }
        try click("Ctrl", in: pane)
        #expect(try pane.waitFor("^Ctrl"), "armed Ctrl is not shown")
        try pane.type("c")
        expected += [0x03]
        #expect(pane.waitUntil { recorded() == expected }, "\(recorded())")
        #expect(try pane.waitUntil { try !pane.screen().contains("^Ctrl") })
    }
}
