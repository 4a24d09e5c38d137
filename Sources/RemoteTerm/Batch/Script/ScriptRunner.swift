import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermLoop
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a parsed script against a session, headless: a step interpreter over the same
/// `Session` (transport, terminal engine, input encoding) and key bar model as the
/// interactive front, on the same event loop, with no ncurses and no terminal needed. Waits
/// and expectations look at the *rendered* screen.
///
/// The runner never blocks: it is an event source that does, after each turn of the loop,
/// every step it can and then waits (a `Wait`: a condition on the screen or the link, a
/// deadline, and what comes next). So one loop drives one runner (`rterm script HOST`) or
/// hundreds (`rterm script --hosts`), and a wait costs nothing while nothing changes.
///
/// `wait` lasts until its pattern matches or its timeout passes. The `expect-…` steps and
/// `not` also give the screen until the current timeout to become right (output arrives
/// asynchronously; a check made the instant a key is sent would be flaky), and fail with the
/// screen at the end of that time.
package final class ScriptRunner: EventSource, TurnEndHandler {
    /// Why a script failed: where, which step, what was expected, and the screen.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// Where the step is written.
        package var location: ScriptLocation
        /// The step as written, roughly (`wait /\$ /`).
        package var step: String
        /// What went wrong.
        package var message: String
        /// The screen when it failed, framed, with the cursor line.
        package var screen: String
        /// The exit status it means: 1 a check failed, 255 the connection was lost (or could
        /// not be had again) where the script did not allow it.
        package var status: Int32 = 1
        /// The screen as an SVG picture (`failure.svg` in the snapshots directory), if it could
        /// be written: CI systems show it next to the failure.
        package var picture: String?
        /// `file:line:column: step: message`, then the framed screen.
        package var description: String { "\(location): \(step): \(message)\n\(screen)" }
    }

    /// How a run ended.
    package enum Outcome: Equatable {
        /// Every step passed.
        case passed
        /// A step failed.
        case failed(Failure)
        /// The connection could not be set up (always a connection failure, 255).
        case notConnected(SessionEnding)
    }

    /// A step that waits: after every turn `isDone` is looked at; once it holds, the link is
    /// lost unexpectedly or `deadline` passes, `then` gets whether it held and returns the
    /// next wait of the same step, or nil when the step is over (or throws its failure).
    struct Wait {
        var deadline: UInt64
        var isDone: () -> Bool
        var then: (Bool) throws(Failure) -> Wait?
    }

    let session: Session
    let loop: EventLoop
    /// The interactive front's decisions for the keys, pastes and clicks the script sends.
    var front: HeadlessFront
    var timeout: Double = 10
    /// Between `expect-disconnect` and `reconnect`: the link is meant to be down.
    var disconnectExpected = false
    /// How many prompts the shell had begun when the script last sent input: `wait-prompt`
    /// and `expect-status` wait for a newer one (ScriptRunner+Prompts.swift).
    var promptsAtLastInput = 0
    /// The terminal's clock when the script last sent input (nil: none yet): a `wait` or
    /// `capture` after it is met only by what the screen came to show since
    /// (`ScriptScreen.firstGroup(writtenAfter:)`).
    var clockAtLastInput: UInt64?
    let snapshotDirectory: String
    /// Where the session is recorded (`--record`), if anywhere.
    package var recorder: AsciicastWriter? {
        didSet { session.recorder = recorder }
    }
    /// Where `NAME.golden.txt` is looked for (and written with `updatesSnapshots`); nil for
    /// no comparison.
    package var goldenDirectory: String?
    /// `--update-snapshots`: every snapshot is written as its golden screen, and passes.
    package var updatesSnapshots = false
    /// The values `capture` took, by name.
    package internal(set) var values: [String: String] = [:]
    /// Each step as it ended.
    package private(set) var trace: [ScriptTraceEntry] = []
    /// Told of each step as it ends (`--trace FILE` writes it at once).
    package var onTrace: ((ScriptTraceEntry) -> Void)?
    /// When the first step began.
    private var startedAt: UInt64?
    /// Where a failing step leaves `failure.svg`; nil for nowhere (no `--snapshots` or
    /// `--junit` was asked for, so nothing is written into the current directory unasked).
    package var pictureDirectory: String?

    /// The steps being run (nil before `start`).
    private var steps: [ScriptStep]?
    private var nextStep = 0
    /// The step waiting, and for what.
    private var current: (step: ScriptStep, wait: Wait)?
    /// Until the session is past connecting, no step runs.
    private var waitsForConnection = true
    /// How the run ended; nil while it runs.
    package private(set) var outcome: Outcome?

    /// A runner for `session` (connecting or live) on `loop`; both are served by the loop
    /// from the next turn. The runner looks at the screen at the end of each turn, once the
    /// session has read that turn's output, whatever order they were added in. `bar` is the
    /// key bar `click` presses (the user's configured one in `rterm script`).
    package init(session: Session, loop: EventLoop, snapshotDirectory: String = ".", bar: KeyBar = KeyBar()) {
        front = HeadlessFront(bar: bar)
        self.session = session
        self.loop = loop
        self.snapshotDirectory = snapshotDirectory
        loop.add(session)
        loop.add(self)
        loop.addTurnEnd(self)
    }

    var terminal: Terminal { session.terminal }

    /// The screen as `rterm render` prints it.
    package var screenText: String { terminal.renderText() }

    /// Starts running `script`'s steps once the session is connected (at once if it is).
    package func start(_ script: Script) {
        steps = script.steps
        nextStep = 0
        outcome = nil
        advance()
    }

    /// Stops serving the session and the runner (a finished run, before it is let go).
    package func detach() {
        loop.removeTurnEnd(self)
        loop.remove(self)
        loop.remove(session)
    }

    /// Waits until the connection is set up; returns how it failed, if it did.
    package func waitForConnection() -> SessionEnding? {
        do {
            try loop.run(until: { self.session.state != .connecting })
        } catch {
            session.end(.failed(error.description))
        }
        waitsForConnection = false
        return Self.connectionFailure(of: session)
    }

    /// Runs every step in order on the loop until the last is done; throws the first failure.
    package func run(_ script: Script) throws(Failure) {
        start(script)
        do {
            try loop.run(until: { self.outcome != nil })
        } catch {
            session.end(.failed(error.description))
            let step = current?.step ?? script.steps.last
            if let step { outcome = .failed(failure(step, Self.name(of: step.kind), error.description)) }
        }
        switch outcome {
        case .failed(let failure)?: throw failure
        case .notConnected(let ending)?:
            throw Failure(
                location: ScriptLocation(file: "", line: 0, column: 0), step: "connect",
                message: ending.message ?? "the connection failed", screen: "", status: 255)
        case .passed?, nil: return
        }
    }

    /// How `session` failed to connect, or nil when it connected (a command that ran and ended
    /// at once, `--local -- echo hi`, did connect).
    static func connectionFailure(of session: Session) -> SessionEnding? {
        if case .remoteExited? = session.ending { return nil }
        return session.state == .live ? nil : session.ending
    }

    // MARK: - The loop's side

    package var pollInterests: [PollInterest] { [] }
    package var deadline: UInt64? { current?.wait.deadline }
    /// A run that is over is ready until it is detached: its owner (a fleet, at its own turn's
    /// end) collects the outcome on the next turn without the loop sleeping first, whatever
    /// order the turn's end handlers run in.
    package var isReady: Bool { outcome != nil }

    /// The runner has no descriptor: it is a source for its deadline only, and acts at the
    /// end of the turn.
    package func handle(readiness: [Int16], now: UInt64) {}

    package func turnEnded(now: UInt64) {
        advance()
    }

    /// Does every step that can be done now, up to the first that must wait.
    private func advance() {
        guard outcome == nil, let steps else { return }
        // The runner is the session's only driver: its events say whether anything a wait
        // looks at (the screen, the title, the link, the end) changed since the last turn.
        // Nothing changed and no deadline passed: nothing to look at (a fleet's loop turns for
        // every target's packets; each runner looks at its own screen only when it changed).
        var look = session.hasEvents
        if look { _ = session.takeEvents() }
        if waitsForConnection {
            guard session.state != .connecting else { return }
            waitsForConnection = false
            if let ending = Self.connectionFailure(of: session) {
                outcome = .notConnected(ending)
                return
            }
        }
        do throws(Failure) {
            while true {
                if let (step, wait) = current {
                    let due = loop.clock.now() >= wait.deadline
                    guard look || due else { return }
                    let done = wait.isDone()
                    let lost = session.reconnection != nil && !disconnectExpected
                    guard done || lost || due else { return }
                    current = nil
                    if let next = try wait.then(done) {
                        current = (step, next)
                        look = true  // a new wait is looked at once at its start
                        continue
                    }
                    try finish(step)
                }
                guard nextStep < steps.count else {
                    outcome = .passed
                    return
                }
                let step = steps[nextStep]
                nextStep += 1
                if startedAt == nil { startedAt = loop.clock.now() }
                if let wait = try begin(step) {
                    current = (step, wait)
                    look = true
                } else {
                    try finish(step)
                }
            }
        } catch {
            if let step = current?.step ?? steps.dropFirst(nextStep - 1).first { traced(step, passed: false) }
            current = nil
            outcome = .failed(error)
        }
    }

    /// Adds `step`'s line to the trace.
    private func traced(_ step: ScriptStep, passed: Bool) {
        let now = loop.clock.now()
        let entry = ScriptTraceEntry(
            seconds: Double(now &- (startedAt ?? now)) / 1e9, location: step.location,
            step: step.text.isEmpty ? Self.name(of: step.kind) : step.text, passed: passed,
            screenDigest: ScriptTraceEntry.digest(terminal.renderText()))
        trace.append(entry)
        onTrace?(entry)
    }

    /// What every step is checked for once it is over: a send that failed, a link lost
    /// where the script did not expect it.
    private func finish(_ step: ScriptStep) throws(Failure) {
        if case .failed(let message)? = session.ending, Self.sends(step.kind) {
            throw failure(step, "send", message)
        }
        if session.reconnection != nil, !disconnectExpected {
            throw failure(step, Self.name(of: step.kind), "")
        }
        traced(step, passed: true)
    }

    /// A wait of `seconds` (from now) for `condition`, then `then`.
    func wait(
        _ seconds: Double, until condition: @escaping () -> Bool,
        then: @escaping (Bool) throws(Failure) -> Wait? = { _ in nil }
    ) -> Wait {
        Wait(deadline: loop.clock.now() &+ Self.nanoseconds(seconds), isDone: condition, then: then)
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, min(seconds, 1e9)) * 1e9) }

    // MARK: - The session

    /// Whether `pattern` matches the screen as scripts read it (`ScriptScreen.firstGroup`).
    func screenMatches(_ pattern: ScriptPattern) -> Bool {
        firstGroup(of: pattern) != nil
    }

    /// The first group of `pattern`'s first match on the screen, or nil; `sinceInput`: only
    /// what the screen came to show after the last input (a `wait`, a `capture`).
    func firstGroup(of pattern: ScriptPattern, sinceInput: Bool = false) -> String? {
        ScriptScreen.firstGroup(
            of: pattern, in: terminal, values: values, writtenAfter: sinceInput ? clockAtLastInput : nil)
    }

    /// Whether a step sends something to the remote side.
    private static func sends(_ kind: ScriptStep.Kind) -> Bool {
        switch kind {
        case .type, .key, .paste, .click: return true
        default: return false
        }
    }

    /// How an ending reads in a failure message.
    static func describe(_ ending: SessionEnding) -> String {
        switch ending {
        case .remoteExited(.status(let status)): return "exit status \(status)"
        case .remoteExited(.signal(let name, _)): return "signal \(name)"
        case .remoteExited(.unknown): return "no exit status"
        default: return ending.message ?? "\(ending)"
        }
    }

    // MARK: - Reporting

    /// A failure of `step`; when the connection itself broke, the message says so too. A
    /// step that failed while the link was down, unexpected, failed for that: 255.
    func failure(_ step: ScriptStep, _ name: String, _ message: String) -> Failure {
        var message = message
        var status: Int32 = 1
        if let lost = session.reconnection, !disconnectExpected {
            session.end(.failed(lost.reason))
            message = "the link was lost (\(lost.reason))"
            status = 255
        }
        if case .failed(let reason)? = session.ending, !message.contains(reason) {
            message += " (\(reason.hasPrefix("rterm: ") ? String(reason.dropFirst(7)) : reason))"
        }
        var failure = Failure(location: step.location, step: name, message: message, screen: Self.framed(terminal))
        failure.status = status
        if let pictureDirectory {
            let picture = (pictureDirectory as NSString).appendingPathComponent("failure.svg")
            try? FileManager.default.createDirectory(atPath: pictureDirectory, withIntermediateDirectories: true)
            if (try? SVGRenderer.svg(of: terminal).writeWhole(toFile: picture)) != nil {
                failure.picture = (picture as NSString).standardizingPath
            }
        }
        return failure
    }

    /// The screen in a frame, so trailing spaces and empty rows can be seen.
    static func framed(_ terminal: Terminal) -> String {
        let rule = "+" + String(repeating: "-", count: terminal.columns) + "+"
        var lines = [rule]
        for line in TextRenderer.lines(of: terminal) {
            let width = line.unicodeScalars.reduce(0) { $0 + max(1, characterWidth($1.value)) }
            lines.append("|" + line + String(repeating: " ", count: max(0, terminal.columns - width)) + "|")
        }
        lines.append(rule)
        lines.append("cursor=\(terminal.cursorRow + 1),\(terminal.cursorColumn + 1)")
        return lines.joined(separator: "\n")
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }

}
