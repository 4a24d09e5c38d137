import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront

/// Issue 54, item 4: at 80 columns every message on the bar row can be read whole. One longer
/// than the row is wrapped onto the rows just above the bar (over the remote's bottom rows,
/// in the user's colours), its end, with what to do, on the bar row; before, it was cut at the
/// width (`… exited with status 0  (keys go on to the next session; Es`). A transfer's failure
/// (a cancelled upload says the `rterm cp -a` that completes it) stays until dismissed.
@Suite struct BarMessageTests {
    typealias Rig = WorkspaceRig

    /// The frame's own rows at its bottom (the message rows and the bar row), as one line,
    /// blanks between words read as one (a wrapped message is wrapped at blanks).
    static func message(_ frame: Frame) -> String {
        let rows = frame.lines.reversed().prefix { $0.usesLocalColors }.reversed().map(\.text).joined(separator: " ")
        return rows.split(separator: " ").joined(separator: " ")
    }

    @Test func anEndedSessionsLineIsReadWholeAt80Columns() {
        let rig = Rig(names: ["a-rather-long-host-name.example.org", "beta"], exits: [.status(0), .status(0)])
        rig.transports[0].outputEnds = true
        rig.turn()
        let frame = rig.frame
        let whole = "a-rather-long-host-name.example.org: exited with status 0 (keys go on to the next session; Esc closes it)"
        #expect(Self.message(frame) == whole, "\(frame.text.suffix(3))")
        #expect(frame.text.allSatisfy { $0.count <= 80 })
        // Its end, with what to do, on the bar row itself.
        #expect(frame.text.last?.hasSuffix("Esc closes it)") == true, "\(frame.text.last ?? "")")
        // The rows above are taken back once the line is closed.
        rig.type("\u{1B}", after: 100_000_000)
        #expect(!rig.frame.text.joined().contains("exited with status"))
    }

    @Test func aFailedTransfersLineStaysWholeUntilDismissed() {
        let rig = Rig(names: ["alpha"])
        let text = "↑ big.iso failed: cancelled (the 4194304 bytes copied stay in /home/me/src/big.iso: rterm cp -a completes it)"
        rig.workspace.notify(text, sticky: true, now: rig.clock.now())
        #expect(Self.message(rig.frame) == text + " (Esc or a click dismisses it)")
        rig.wait(10_000_000_000)
        #expect(Self.message(rig.frame).hasPrefix(text), "still there after ten seconds")
    }

    @Test func aShortMessageStaysOnItsRow() {
        let rig = Rig(names: ["alpha"])
        rig.workspace.notify("copied 3 characters", now: rig.clock.now())
        let frame = rig.frame
        #expect(Self.message(frame) == "copied 3 characters")
        #expect(!frame.lines[frame.lines.count - 2].usesLocalColors, "the row above is the remote's")
    }
}
