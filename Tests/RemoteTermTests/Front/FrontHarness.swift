import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// The local terminal, recorded: the frames drawn, rterm's own sequences (the clipboard),
/// titles, bells and suspends, at a size the test sets.
final class RecordingScreen: LocalScreen, PlainTerminal {
    var size: (rows: Int, columns: Int)
    /// The last frame drawn.
    private(set) var frame: Frame?
    private(set) var draws = 0
    /// Everything written besides the frames, in order.
    private(set) var own: [UInt8] = []
    private(set) var titles: [String] = []
    private(set) var bells = 0
    private(set) var suspensions = 0
    /// Reader mode's transcript, as written.
    private(set) var transcript: [UInt8] = []
    var takesOwnSequences = true

    init(rows: Int, columns: Int) {
        size = (rows, columns)
    }

    func currentSize() -> (rows: Int, columns: Int) { size }
    func resize(rows: Int, columns: Int) {}
    func draw(_ frame: Frame) {
        self.frame = frame
        draws += 1
    }
    func invalidate() {}
    func writeOwn(_ bytes: [UInt8]) { own += bytes }
    func setTitle(_ title: String) { titles.append(title) }
    func bell() { bells += 1 }
    func suspend() { suspensions += 1 }
    func resume() {}
    func writeTranscript(_ bytes: [UInt8]) { transcript += bytes }
}

/// The interactive front in-process, as rterm runs it, without a terminal: keys written into
/// a pipe the front reads as its standard input, frames drawn on a `RecordingScreen`, the
/// sessions on the front's loop. On the manual clock (sessions over memory transports, time
/// moved by the test) or the real one (real programs on local pseudo-terminals, or the test
/// sshd). Every wait is on what the frame shows or what a remote received, by a deadline.
final class FrontHarness {
    let clock: LoopClock
    let loop: EventLoop
    let screen: RecordingScreen
    /// Makes sessions on the harness's loop (`--local` programs, the test sshd).
    let factory: SessionFactory
    private(set) var front: InteractiveFront?
    private let keyboard: (read: Int32, write: Int32)
    /// Commands the front ran (a link opened) and how often it stopped rterm (`~^Z`).
    private(set) var ran: [[String]] = []
    private(set) var stops = 0
    /// The environment the front sees.
    var environment: [String: String] = [:]
    /// What the "run" of the front's system answers (a link's open command).
    var commandsSucceed = true

    /// Whether the loop runs on the system clock and poll(2).
    let isRealTime: Bool

    /// A front for a local terminal of `rows` x `columns`; `realTime`: the system clock and
    /// poll(2), else a manual clock the loop moves only as far as the test asks.
    init(rows: Int = 24, columns: Int = 80, realTime: Bool = false) throws {
        isRealTime = realTime
        if realTime {
            loop = try EventLoop()
        } else {
            let clock = ManualClock(start: 1_000_000_000)
            loop = try EventLoop(clock: clock, poller: ManualPoller(clock: clock))
        }
        clock = loop.clock
        screen = RecordingScreen(rows: rows, columns: columns)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        keyboard = (ends[0], ends[1])
        // Typed on the loop's own thread: what the pipe cannot take waits for a turn.
        _ = fcntl(keyboard.write, F_SETFL, fcntl(keyboard.write, F_GETFL) | O_NONBLOCK)
        factory = SessionFactory(
            loop: loop, environment: ProcessInfo.processInfo.environment, inputIsTerminal: true, say: { _ in })
    }

    deinit {
        if let front {
            front.shownWorkspace.endAll(.disconnected(label: "test"))
            front.stop()
        }
        close(keyboard.read)
        close(keyboard.write)
    }

    /// A session on a memory transport named `name`, as the factory's `Opened`.
    func memorySession(
        _ name: String = "alpha", transport: MemoryTransport, options: Session.Options = Session.Options(),
        escape: UInt8? = 0x7E
    ) -> SessionFactory.Opened {
        var options = options
        options.label = name
        let size = Workspace.remoteSize(local: screen.size)
        let session = Session(rows: size.rows, columns: size.columns, clock: clock, options: options)
        session.attach(transport)
        return SessionFactory.Opened(session: session, label: name, resumeName: nil, escapeCharacter: escape)
    }

    /// A session the factory opens for `words` (`--local -- command`, an ssh destination).
    func open(_ words: [String]) throws -> SessionFactory.Opened {
        switch factory.open(words, as: .interactive, size: Workspace.remoteSize(local: screen.size)) {
        case .success(let opened): return opened
        case .failure(let problem): throw OpenFailed(message: problem.message)
        }
    }

    /// A session that would not open, with what rterm said (shown in the test's failure).
    struct OpenFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Starts the front on `sessions` (the first shown).
    func start(_ sessions: [SessionFactory.Opened], bar: KeyBar = KeyBar(), problems: [String] = [], reader: Bool = false) {
        let system = FrontSystem(
            environment: environment,
            run: { [unowned self] command in
                ran.append(command)
                return commandsSucceed
            },
            stop: { [unowned self] in stops += 1 })
        // Reader mode: the transcript over the recording screen, as over the terminal in rterm.
        let shownOn: LocalScreen = reader ? TranscriptScreen(over: screen) : screen
        let front = InteractiveFront(
            screen: shownOn, sessions: sessions, factory: factory, loop: loop, bar: bar, problems: problems,
            input: keyboard.read, inputIsTerminal: true, signals: nil, network: nil, system: system)
        self.front = front
        front.start()
        settle()
    }

    var workspace: Workspace { front!.shownWorkspace }

    // MARK: - Time

    /// Turns the loop until nothing is left to do now, then lets `nanoseconds` of the manual
    /// clock pass (the timers due in that time fire). On the real clock, where a remote may
    /// never stop (a flood), until the keys typed are read and `nanoseconds` passed.
    func settle(for nanoseconds: UInt64 = 0) {
        if isRealTime {
            let end = clock.now() &+ nanoseconds
            wait(seconds: 10) { pendingKeys == 0 && clock.now() >= end }
            return
        }
        let end = clock.now() &+ nanoseconds
        // What is due now first (output a test just delivered is read, and the frame it
        // asks for is then due before `end`), then the time passes.
        _ = try? loop.turn(limit: clock.now())
        for _ in 0..<100_000 {
            let busy: Bool
            do {
                busy = try loop.turn(limit: end)
            } catch {
                return  // stalled: nothing can ever happen
            }
            if !busy && clock.now() >= end && pendingKeys == 0 { return }
        }
    }

    /// On the real clock: turns until `condition` holds, for at most `seconds`. What the
    /// condition looks at may be outside the loop (a process's exit, a file's size), which
    /// nothing would wake the loop for: each turn sleeps 20 ms at most.
    @discardableResult
    func wait(seconds: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = clock.now() &+ UInt64(seconds * 1e9)
        while !condition() {
            let now = clock.now()
            guard now < deadline else { return condition() }
            do {
                try loop.turn(limit: min(deadline, now &+ 20_000_000))
            } catch {
                return condition()
            }
        }
        return true
    }

    // MARK: - The keyboard

    /// Bytes written to the front's standard input and not read yet.
    private var pendingKeys: Int {
        var count: Int32 = 0
        _ = ioctl(keyboard.read, UInt(FIONREAD), &count)
        return Int(count)
    }

    /// Types `text` as the local terminal sends it (escape sequences included), and lets the
    /// front take it.
    func type(_ text: String, then nanoseconds: UInt64 = 0) {
        type(bytes: Array(text.utf8), then: nanoseconds)
    }

    /// Types `bytes` of any size: what the pipe takes, then a turn for the front to read it.
    func type(bytes: [UInt8], then nanoseconds: UInt64 = 0) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(keyboard.write, $0.baseAddress, $0.count) }
            if count > 0 { offset += count }
            _ = try? loop.turn(limit: clock.now())
        }
        settle(for: nanoseconds)
    }

    /// An SGR mouse report at a cell (0-based): `code` 0 press, 32 drag, 64/65 wheel.
    static func mouse(_ code: Int, _ column: Int, _ row: Int, release: Bool = false) -> String {
        "\u{1B}[<\(code);\(column + 1);\(row + 1)\(release ? "m" : "M")"
    }

    /// A press and release at a cell.
    static func click(_ column: Int, _ row: Int) -> String {
        mouse(0, column, row) + mouse(0, column, row, release: true)
    }

    /// Turns the bar's pages with the wheel until `label` shows (at most once round).
    func turnBar(to label: String) {
        let row = screen.size.rows - 1
        for _ in 0..<10 where column(of: label) == nil { type(Self.mouse(65, 40, row)) }
    }

    /// Clicks the bar button labelled `label`.
    func click(_ label: String, release: Bool = true, then nanoseconds: UInt64 = 0) throws {
        let column = try #require(self.column(of: label), "no '\(label)' on the bar: '\(barRow)'")
        let row = screen.size.rows - 1
        type(Self.mouse(0, column, row) + (release ? Self.mouse(0, column, row, release: true) : ""), then: nanoseconds)
    }

    // MARK: - The screen

    /// The last frame's rows as text.
    var text: [String] { screen.frame?.text ?? [] }

    /// The last frame's bar row.
    var barRow: String { text.last ?? "" }

    /// The bar row's message whole: a message longer than the row is wrapped (at blanks) onto
    /// the rows just above it (rterm's own rows, drawn in the user's colours), read here as
    /// one line, blanks between words read as one.
    var barMessage: String { screen.frame?.barMessage ?? "" }

    /// Whether some row of the last frame contains `text`.
    func shows(_ text: String) -> Bool { self.text.contains { $0.contains(text) } }

    /// The column where `label` starts on the bar row, if it shows.
    func column(of label: String) -> Int? {
        screen.frame?.barColumn(of: label)
    }
}

extension Frame {
    /// The bar row's message whole, read across the rows above it it was wrapped onto
    /// (rterm's own rows, drawn in the user's colours), blanks between words read as one.
    var barMessage: String {
        let own = lines.reversed().prefix { $0.usesLocalColors }.reversed()
        return own.map(\.text).joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// The column where `label` starts on the bar row (the last), if it shows; wide
    /// characters count once.
    func barColumn(of label: String) -> Int? {
        // A narrow bar shows a button's short label instead (80 columns: `P↑`, `Hm`…).
        if let column = barColumn(exactly: label) { return column }
        return Self.shortLabels[label].flatMap { barColumn(exactly: $0) }
    }

    /// The default bar's short labels, by label.
    static let shortLabels = ["PgUp": "P↑", "PgDn": "P↓", "Home": "Hm", "shell": "sh"]

    /// The column where exactly `label` starts on the bar row.
    func barColumn(exactly label: String) -> Int? {
        let line = lines[rows - 1]
        var characters: [(column: Int, text: String)] = []
        for (column, cell) in line.cells.enumerated() where !cell.attributes.contains(.wideContinuation) {
            characters.append((column, TextRenderer.grapheme(of: cell, extras: line.extras) ?? " "))
        }
        let wanted = label.map(String.init)
        guard wanted.count <= characters.count else { return nil }
        for start in 0...(characters.count - wanted.count)
        where zip(characters[start...], wanted).allSatisfy({ $0.text == $1 }) {
            return characters[start].column
        }
        return nil
    }
}

extension POSIXError {
    /// An error with a message, for a test's `throw`.
    init(_ code: POSIXErrorCode, _ message: String) {
        self.init(code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
