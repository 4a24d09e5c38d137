import Foundation
import RemoteTermCore
import RemoteTermEngine
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
/// `wait` polls until its pattern matches or its timeout passes. The `expect-…` steps and
/// `not` also give the screen until the current timeout to become right (output arrives
/// asynchronously; a check made the instant a key is sent would be flaky), and fail with the
/// screen at the end of that time.
public final class ScriptRunner {
    /// Why a script failed: where, which step, what was expected, and the screen.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Where the step is written.
        public var location: ScriptLocation
        /// The step as written, roughly (`wait /\$ /`).
        public var step: String
        /// What went wrong.
        public var message: String
        /// The screen when it failed, framed, with the cursor line.
        public var screen: String
        /// The exit status it means: 1 a check failed, 255 the connection was lost (or could
        /// not be had again) where the script did not allow it.
        public var status: Int32 = 1
        /// The screen as an SVG picture (`failure.svg` in the snapshots directory), if it could
        /// be written: CI systems show it next to the failure.
        public var picture: String?
        /// `file:line:column: step: message`, then the framed screen.
        public var description: String { "\(location): \(step): \(message)\n\(screen)" }
    }

    private let session: Session
    private let loop: EventLoop
    private var bar: KeyBar
    private var timeout: Double = 10
    /// Between `expect-disconnect` and `reconnect`: the link is meant to be down.
    private var disconnectExpected = false
    private let snapshotDirectory: String
    /// Where the session is recorded (`--record`), if anywhere.
    public var recorder: AsciicastWriter? {
        didSet { session.recorder = recorder }
    }

    /// A runner for `session` (connecting or live) on `loop`.
    /// Where a failing step leaves `failure.svg`; nil for nowhere (no `--snapshots` or
    /// `--junit` was asked for, so nothing is written into the current directory unasked).
    public var pictureDirectory: String?

    /// `bar` is the key bar `click` presses (the user's configured one in `rterm script`).
    public init(session: Session, loop: EventLoop, snapshotDirectory: String = ".", bar: KeyBar = KeyBar()) {
        self.bar = bar
        // Buttons are named, not drawn: a script reads the same in any locale (`click ⏎` and
        // `click Enter` both find the button).
        self.bar.style = .glyphs
        self.session = session
        self.loop = loop
        self.snapshotDirectory = snapshotDirectory
        loop.add(session)
    }

    private var terminal: Terminal { session.terminal }

    /// The screen as `rterm render` prints it.
    public var screenText: String { terminal.renderText() }

    /// Waits until the connection is set up; returns how it failed, if it did.
    public func waitForConnection() -> SessionEnding? {
        do {
            try loop.run(until: { self.session.state != .connecting })
        } catch {
            session.end(.failed(error.description))
        }
        // A command that ran and ended at once (`--local -- echo hi`) did connect.
        if case .remoteExited? = session.ending { return nil }
        return session.state == .live ? nil : session.ending
    }

    /// Runs every step in order; throws the first failure.
    public func run(_ script: Script) throws(Failure) {
        for step in script.steps { try run(step) }
    }

    // MARK: - Steps

    private func run(_ step: ScriptStep) throws(Failure) {
        switch step.kind {
        case .size:
            break  // applied before the session started
        case .setTimeout(let seconds):
            timeout = seconds
        case .type(let bytes):
            if bar.latch.active.isEmpty {
                session.send(.bytes(bytes))
            } else {
                // A modifier clicked on the bar applies to what is typed next, as in the
                // front: `click Ctrl` then `type "c"` sends 0x03.
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                    if bar.latch.active.isEmpty {
                        session.send(.bytes(Array(String(scalar).utf8)))
                    } else {
                        session.send(.key(bar.apply(to: LocalInputDecoder.keyEvent(forTyped: scalar))))
                    }
                }
            }
        case .key(let event):
            session.send(.key(bar.apply(to: event)))
        case .paste(let bytes):
            session.send(.paste(bytes))
        case .click(let label):
            try click(label, step: step)
        case .wait(let pattern, let limit):
            let seconds = limit ?? timeout
            guard pump(for: seconds, until: { self.screenMatches(pattern) }) else {
                throw failure(step, "wait \(pattern)", "timed out after \(Self.format(seconds)) waiting for \(pattern)")
            }
        case .not(let pattern):
            _ = pump(for: 0.1, until: { false })
            if screenMatches(pattern) {
                throw failure(step, "not \(pattern)", "the screen matches \(pattern)")
            }
        case .expectScreen(let lines, let rows):
            // The parser checked the rows against the declared size; a remote that resized
            // the screen since may still have made it smaller.
            let first = (rows?.lowerBound ?? 1) - 1
            let actual = { () -> [String] in
                let screen = ScriptScreen.rows(of: self.terminal)
                return (first..<(first + lines.count)).map { $0 < screen.count ? screen[$0] : "" }
            }
            let same = { zip(actual(), lines).allSatisfy { ScriptScreen.matches($0, $1) } && first + lines.count <= self.terminal.rows }
            guard pump(for: timeout, until: same) else {
                let differences = ScriptScreen.differences(actual: actual(), expected: lines, first: first + 1)
                throw failure(step, "expect-screen", "the screen differs (· is a blank):\n" + differences)
            }
        case .waitIdle(let quiet, let limit):
            try waitIdle(quiet: quiet, within: limit ?? timeout, step: step)
        case .expectStyle(let row, let column, let style):
            let cell = { () -> Cell? in
                guard row <= self.terminal.rows, column <= self.terminal.columns else { return nil }
                return self.terminal.rowCells(row - 1)[self.terminal.rowCells(row - 1).startIndex + column - 1]
            }
            guard pump(for: timeout, until: { cell().map { style.mismatch($0) == nil } ?? false }) else {
                let problem = cell().flatMap { style.mismatch($0) } ?? "the cell is outside the screen"
                throw failure(step, "expect-style \(row),\(column)", problem)
            }
        case .expectCursor(let row, let column):
            guard pump(for: timeout, until: { self.terminal.cursorRow == row - 1 && self.terminal.cursorColumn == column - 1 })
            else {
                throw failure(step, "expect-cursor \(row),\(column)",
                    "the cursor is at \(terminal.cursorRow + 1),\(terminal.cursorColumn + 1)")
            }
        case .expectTitle(let title):
            guard pump(for: timeout, until: { self.terminal.title == title }) else {
                throw failure(step, "expect-title", "the title is \"\(terminal.title)\", not \"\(title)\"")
            }
        case .resize(let rows, let columns):
            session.resize(rows: rows, columns: columns)
        case .sleep(let seconds):
            _ = pump(for: seconds, until: { false })
        case .snapshot(let name):
            _ = pump(for: 0.1, until: { false })
            let base = (snapshotDirectory as NSString).appendingPathComponent(name)
            do {
                try terminal.renderText().write(toFile: base + ".txt", atomically: true, encoding: .utf8)
                try ANSIRenderer.text(of: terminal).write(toFile: base + ".ansi", atomically: true, encoding: .utf8)
                try SVGRenderer.svg(of: terminal).write(toFile: base + ".svg", atomically: true, encoding: .utf8)
            } catch {
                throw failure(step, "snapshot \(name)", "cannot write \(base).txt: \(error.localizedDescription)")
            }
        case .expectDisconnect(let limit):
            let seconds = limit ?? timeout
            disconnectExpected = true
            guard pump(for: seconds, until: { self.session.reconnection != nil || self.session.ending != nil }),
                session.reconnection != nil
            else {
                let what = session.ending.map { "the session ended instead: \(Self.describe($0))" }
                throw failure(step, "expect-disconnect", what ?? "the link was not lost within \(Self.format(seconds))")
            }
        case .reconnect(let limit):
            try reconnect(within: limit ?? timeout, step: step)
        case .expectExit(let code):
            guard pump(for: timeout, until: { self.session.ending != nil }), let ending = session.ending else {
                throw failure(step, "expect-exit \(code)", "the session did not end within \(Self.format(timeout))")
            }
            guard ending == .remoteExited(.status(Int32(code))) else {
                throw failure(step, "expect-exit \(code)", "the session ended with \(Self.describe(ending))")
            }
        }
        if case .failed(let message)? = session.ending, Self.sends(step.kind) {
            throw failure(step, "send", message)
        }
        if session.reconnection != nil, !disconnectExpected {
            throw failure(step, Self.name(of: step.kind), "")
        }
    }

    /// `reconnect`: attempts until one connects or `seconds` pass; a refusal (a login, a host
    /// key) ends it at once. Either failure is a connection failure: 255.
    private func reconnect(within seconds: Double, step: ScriptStep) throws(Failure) {
        let deadline = loop.clock.now() &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
        func lost(_ message: String) -> Failure {
            var failure = failure(step, "reconnect", message)
            failure.status = 255
            return failure
        }
        guard session.reconnection != nil else {
            throw failure(step, "reconnect", "the link is not down (expect-disconnect first)")
        }
        while let reconnection = session.reconnection {
            if let refusal = reconnection.refusal { throw lost("not retried: \(refusal)") }
            let now = loop.clock.now()
            guard now < deadline else {
                throw lost("not back within \(Self.format(seconds)): \(reconnection.lastFailure ?? reconnection.reason)")
            }
            if !reconnection.isAttempting {
                session.reconnectNow()
            }
            // Until this attempt is over; then, while the network is down, a pause between
            // attempts (a quarter of a second) so that a refused port is not hammered.
            _ = pump(for: Double(deadline - now) / 1e9, until: { self.session.reconnection?.isAttempting != true })
            if session.reconnection?.isAttempting == false, session.reconnection?.refusal == nil {
                _ = pump(for: min(0.25, Double(deadline &- min(deadline, loop.clock.now())) / 1e9), until: { false })
            }
        }
        if let ending = session.ending { throw lost("the session ended: \(Self.describe(ending))") }
        disconnectExpected = false
    }

    /// A step's name, for a failure found after it ran.
    private static func name(of kind: ScriptStep.Kind) -> String {
        String(String(describing: kind).prefix { $0 != "(" })
    }

    private func click(_ label: String, step: ScriptStep) throws(Failure) {
        // The shown set first, then the others: a script names a button, whichever set has it.
        let others = bar.sets.map(\.name).filter { $0 != bar.setName }
        for set in [nil] + others.map(Optional.some) {
            if let set { bar.showSet(set) }
            if clickOnShownSet(label, step: step) { return }
        }
        throw failure(step, "click \(label)", "there is no button '\(label)' on the key bar")
    }

    /// Clicks `label` if the shown set has it; returns whether it did.
    private func clickOnShownSet(_ label: String, step: ScriptStep) -> Bool {
        let layout = bar.layout(width: terminal.columns)
        // Turn pages until the button shows: every button is on exactly one page.
        for _ in 0..<max(1, layout.pageCount) {
            let current = bar.layout(width: terminal.columns)
            // A button is found by any of its labels: a narrow bar shows the short one.
            if let slot = current.slots.first(where: { slot in
                guard let index = slot.itemIndex else { return false }
                let item = bar.shownItems[index]
                return slot.label == label || item.label == label || item.shortLabel == label
                    || item.wordLabel == label
            }) {
                recorder?.marker("click \(label)")
                // A press and its release: a button with alternatives sends at the release.
                let now = loop.clock.now()
                for response in [bar.click(column: slot.columns.lowerBound, at: now), bar.release(at: now)] {
                    switch response.action {
                    case .send(let keys): session.send(.keys(keys))
                    case .sendBytes(let bytes): session.send(.bytes(bytes))
                    case .none, .changedPage, .showMenu, .showSession, .cycleSet: break
                    }
                }
                return true
            }
            _ = bar.turnPage(.next)
        }
        return false
    }

    // MARK: - The session

    /// Whether `pattern` matches the screen: its cursor row read with its blanks up to the
    /// cursor (`/ok> $/`), or without them (`/^\$$/`, as scripts wrote before).
    private func screenMatches(_ pattern: ScriptPattern) -> Bool {
        let rows = ScriptScreen.rows(of: terminal)
        if pattern.matches(rows.joined(separator: "\n")) { return true }
        let trimmed = TextRenderer.lines(of: terminal)
        return trimmed != rows && pattern.matches(trimmed.joined(separator: "\n"))
    }

    /// `wait-idle`: until the screen (its text, styles and cursor) has not changed for `quiet`
    /// seconds, within `seconds`. The loop sleeps until output arrives or the quiet time would
    /// be over, whichever is first.
    private func waitIdle(quiet: Double, within seconds: Double, step: ScriptStep) throws(Failure) {
        let clock = loop.clock
        let deadline = clock.now() &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
        let quietTime = UInt64(quiet * 1e9)
        var last = ANSIRenderer.text(of: terminal)
        var changed = clock.now()
        while true {
            let now = clock.now()
            if now &- changed >= quietTime { return }
            guard now < deadline else {
                throw failure(step, "wait-idle", "the screen kept changing for \(Self.format(seconds))")
            }
            let until = min(deadline, changed &+ quietTime)
            var seen = last
            _ = pump(for: Double(until &- now) / 1e9, until: {
                seen = ANSIRenderer.text(of: self.terminal)
                return seen != last
            })
            if seen != last {
                last = seen
                changed = clock.now()
            }
            if session.ending != nil || (session.reconnection != nil && !disconnectExpected) { return }
        }
    }

    /// Runs the loop for up to `seconds`, until `condition` holds; returns whether it did.
    /// The loop reads at most a budget of output per turn, so a flood never keeps the
    /// condition and the clock from being looked at.
    private func pump(for seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = loop.clock.now() &+ UInt64(max(0, min(seconds, 1e9)) * 1e9)
        // A lost link the script did not expect stops any wait at once (the step then fails).
        let stop = { condition() || (self.session.reconnection != nil && !self.disconnectExpected) }
        do {
            return try loop.run(until: stop, deadline: deadline) && condition()
        } catch {
            session.end(.failed(error.description))
            return condition()
        }
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
        case .remoteExited(let exit): return "\(exit)"
        default: return ending.message ?? "\(ending)"
        }
    }

    // MARK: - Reporting

    /// A failure of `step`; when the connection itself broke, the message says so too. A
    /// step that failed while the link was down, unexpected, failed for that: 255.
    private func failure(_ step: ScriptStep, _ name: String, _ message: String) -> Failure {
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
            if (try? SVGRenderer.svg(of: terminal).write(toFile: picture, atomically: true, encoding: .utf8)) != nil {
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

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }

}
