import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A workspace of sessions over memory transports on a manual clock, driven as the
/// interactive front drives it, in-process: bytes typed as the local terminal sends them,
/// the frame the front would draw (`Workspace.frame`, the one the front draws), and what
/// each remote received.
final class WorkspaceRig {
    let clock = ManualClock(start: 1_000_000_000)
    let workspace: Workspace
    var transports: [MemoryTransport] = []
    /// What the workspace asked of the front, in order.
    var effects: [WorkspaceEffect] = []
    let rows: Int
    let columns: Int

    /// Sessions named `names` (the first shown), live on memory transports, in a local
    /// terminal of `rows` x `columns`.
    init(
        names: [String] = ["alpha"], rows: Int = 24, columns: Int = 80, bar: KeyBar = KeyBar(),
        escape: UInt8? = 0x7E, exits: [TransportExit?]? = nil, options: Session.Options = Session.Options()
    ) {
        self.rows = rows
        self.columns = columns
        workspace = Workspace(controller: FrontController(bar: bar), localSize: (rows: rows, columns: columns))
        for (index, name) in names.enumerated() {
            let transport = MemoryTransport(exit: exits?[index] ?? .status(0), outputEnds: false)
            transports.append(transport)
            workspace.add(session(label: name, transport: transport, options: options), name: name, escape: escape)
        }
        turn()
    }

    /// A session on the rig's clock, live on `transport` when given.
    func session(label: String, transport: MemoryTransport?, options: Session.Options = Session.Options()) -> Session {
        var options = options
        options.label = label
        let session = Session(rows: rows - 1, columns: columns, clock: clock, options: options)
        if let transport { session.attach(transport) }
        return session
    }

    /// The shown session.
    var session: Session { workspace.shown }

    /// One loop turn: every session reads what its remote sent, then the workspace takes
    /// their events.
    func turn() {
        for entry in workspace.entries {
            for _ in 0..<10 { entry.session.handle(readiness: [], now: clock.now()) }
        }
        effects += workspace.sessionEvents(now: clock.now())
    }

    /// Remote output on session `index`, read at once.
    func feed(_ text: String, to index: Int = 0) {
        transports[index].deliver(Array(text.utf8))
        turn()
    }

    /// Signalled by a connecting thread when it has something for the session (its
    /// `wake`), as the loop's waker is.
    let woken = DispatchSemaphore(value: 0)

    /// Turns until `condition` holds, each turn after the connecting thread woke the loop,
    /// for at most 20 s.
    func turnUntil(_ condition: () -> Bool) {
        let deadline = DispatchTime.now() + 20
        while !condition() && woken.wait(timeout: deadline) == .success { turn() }
    }

    /// Types `text` into the local terminal (escape sequences included), then lets `after`
    /// nanoseconds pass.
    func type(_ text: String, after: UInt64 = 0) {
        type(Array(text.utf8), after: after)
    }

    func type(_ bytes: [UInt8], after: UInt64 = 0) {
        effects += workspace.input(bytes, now: clock.now())
        turn()
        if after > 0 { wait(after) }
    }

    /// Lets `nanoseconds` pass, running the timers.
    func wait(_ nanoseconds: UInt64) {
        clock.advance(by: nanoseconds)
        effects += workspace.timersDue(now: clock.now())
        turn()
    }

    /// The frame the front would draw now.
    var frame: Frame { workspace.frame(now: clock.now()) }

    /// The bar row as drawn (trailing blanks trimmed).
    var barRow: String { frame.lines[frame.rows - 1].text }

    /// The bar row's message whole, with the rows above it a long one was wrapped onto.
    var barMessage: String { frame.barMessage }

    /// The column where `label` starts on the bar row, if it shows.
    func column(of label: String) -> Int? { frame.barColumn(of: label) }

    /// A press and release of the left button at a cell (0-based), in SGR form.
    func click(column: Int, row: Int) {
        type("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    /// Turns the bar's pages with the wheel until `label` shows (at most once round).
    func turnBar(to label: String) {
        for _ in 0..<10 where column(of: label) == nil { type("\u{1B}[<65;40;\(rows)M") }
    }

    /// A press and release on the bar row at `label`.
    func click(_ label: String) throws {
        let found = try #require(self.column(of: label), "no '\(label)' on the bar: '\(barRow)'")
        click(column: found, row: rows - 1)
    }

    /// What remote `index` received, as text.
    func received(_ index: Int) -> String { String(decoding: transports[index].received, as: UTF8.self) }

    /// What the first remote received.
    var sent: String { received(0) }

    /// What was put on the clipboard, and the links opened, in order.
    var copied: [String] { effects.compactMap { if case .copy(let text) = $0 { text } else { nil } } }
    var opened: [String] { effects.compactMap { if case .openLink(let url) = $0 { url } else { nil } } }
}
