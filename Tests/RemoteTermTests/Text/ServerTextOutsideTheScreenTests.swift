import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermSSH

/// Issue 53, item 4: a server's names and messages shown anywhere but the remote screen have
/// their controls made visible: the bar's notices and ended lines, the reader's lines, the
/// progress line of `rterm cp`, a fleet's summary and TAP entries. Each place is given text
/// that holds a clipboard query, a cursor query, a title and a right-to-left override.
@Suite struct ServerTextOutsideTheScreenTests {
    static let hostile = "name\u{1B}]52;c;?\u{07}\u{1B}[6n\u{202E}evil"
    static let shown = #"name\033]52;c;?\007\033[6n\342\200\256evil"#

    /// Nothing a terminal acts on.
    static func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { InertText.isActive($0, keepingNewlines: true) }
    }

    @Test func aNoticeAndAnEndedLineOnTheBarShowTheirControls() {
        var controller = FrontController()
        controller.showNotice("↓ \(Self.hostile) failed: No such file or directory", now: 0)
        let notice = controller.status?.text ?? ""
        #expect(notice == "↓ \(Self.shown) failed: No such file or directory", "\(notice.debugDescription)")
        controller.showEnded("\(Self.hostile): exited with status 1")
        #expect(controller.mode == .ended("\(Self.shown): exited with status 1"))
    }

    @Test func theReadersLinesOfRtermsOwnAreInert() {
        var transcript = ReaderTranscript()
        let bytes = transcript.announce("↓ \(Self.hostile): 5 B copied")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(Self.shown), "\(text.debugDescription)")
        #expect(!bytes.contains(0x1B))
        #expect(!text.unicodeScalars.contains { InertText.isBidiOrSeparator($0.value) })
    }

    @Test func theProgressLineDrawsAServersNameInert() {
        var written = ""
        let progress = CopyProgress(width: 200, now: { 0 }, write: { written += $0 })
        progress.start(Self.hostile, total: 5)
        progress.advance(5)
        progress.finish()
        #expect(written.contains(Self.shown), "\(written.debugDescription)")
        #expect(!written.unicodeScalars.contains { $0 == "\u{1B}" || InertText.isBidiOrSeparator($0.value) })
    }

    @Test func aFleetsSummaryAndTAPEntriesAreInert() {
        var result = ScriptResult(
            script: "uname", target: Self.hostile, status: 1, message: "refused: \(Self.hostile)", seconds: 0, hostsLine: 1)
        result.host = Self.hostile
        let summary = FleetSummary.summary([result])
        #expect(Self.isInert(summary), "\(summary.debugDescription)")
        #expect(summary.contains(Self.shown))
        let entry = ScriptReport.tapEntry(result, number: 1)
        #expect(Self.isInert(entry), "\(entry.debugDescription)")
        #expect(entry.hasPrefix("not ok 1 - uname on \(Self.shown)"), "\(entry.debugDescription)")
    }

    /// A name a server lists and rterm refuses is said in one line, whatever it holds.
    @Test func aRefusedNameIsOneInertLine() {
        let line = PathComponent.refusalLine(directory: "/srv", name: "../\(Self.hostile)\nrterm: all good", .slash)
        #expect(Self.isInert(line) && !line.contains("\n"), "\(line.debugDescription)")
    }
}
