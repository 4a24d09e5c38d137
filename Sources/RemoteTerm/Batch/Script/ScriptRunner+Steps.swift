import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront
import RemoteTermSSH

/// What each step does, as the runner begins it: a step that acts (type, key, click,
/// resize) is over at once; a step that looks at the screen or the link returns the `Wait`
/// that finishes it.
extension ScriptRunner {
    /// Begins `step`: nil when it is already over, else what it waits for.
    func begin(_ step: ScriptStep) throws(Failure) -> Wait? {
        switch step.kind {
        case .size:
            return nil  // applied before the session started
        case .setTimeout(let seconds):
            timeout = seconds
            return nil
        case .type(let text):
            send(front.type(text.bytes(with: values), now: loop.clock.now(), view: view))
            return nil
        case .key(let event):
            send(front.key(event, now: loop.clock.now(), view: view))
            return nil
        case .paste(let text):
            send(front.paste(text.bytes(with: values), now: loop.clock.now(), view: view))
            return nil
        case .click(let label):
            guard let inputs = front.click(label, now: loop.clock.now(), view: view) else {
                throw failure(step, "click \(label)", "there is no button '\(label)' on the key bar")
            }
            recorder?.marker("click \(label)")
            send(inputs)
            return nil
        case .resize(let rows, let columns):
            session.resize(rows: rows, columns: columns)
            return nil
        case .wait(let pattern, let limit):
            let seconds = limit ?? timeout
            return wait(seconds, until: { self.firstGroup(of: pattern, sinceInput: true) != nil }) { matched throws(Failure) in
                guard matched else {
                    throw self.failure(
                        step, "wait \(pattern)", "timed out after \(Self.format(seconds)) waiting for \(pattern)")
                }
                return nil
            }
        case .not(let pattern):
            return wait(0.1, until: { false }) { _ throws(Failure) in
                if self.screenMatches(pattern) {
                    throw self.failure(step, "not \(pattern)", "the screen matches \(pattern)")
                }
                return nil
            }
        case .expectScreen(let lines, let rows):
            return expectScreen(lines, rows: rows, step: step)
        case .waitIdle(let quiet, let limit):
            let seconds = limit ?? timeout
            let deadline = loop.clock.now() &+ Self.nanoseconds(seconds)
            return try idle(
                quiet: Self.nanoseconds(quiet), deadline: deadline, seconds: seconds,
                last: ANSIRenderer.text(of: terminal), changed: loop.clock.now(), step: step)
        case .expectStyle(let row, let column, let style):
            let cell = { () -> Cell? in
                guard row <= self.terminal.rows, column <= self.terminal.columns else { return nil }
                let cells = self.terminal.rowCells(row - 1)
                return cells[cells.startIndex + column - 1]
            }
            return wait(timeout, until: { cell().map { style.mismatch($0) == nil } ?? false }) { held throws(Failure) in
                guard held else {
                    let problem = cell().flatMap { style.mismatch($0) } ?? "the cell is outside the screen"
                    throw self.failure(step, "expect-style \(row),\(column)", problem)
                }
                return nil
            }
        case .expectCursor(let row, let column):
            let there = { self.terminal.cursorRow == row - 1 && self.terminal.cursorColumn == column - 1 }
            return wait(timeout, until: there) { held throws(Failure) in
                guard held else {
                    throw self.failure(
                        step, "expect-cursor \(row),\(column)",
                        "the cursor is at \(self.terminal.cursorRow + 1),\(self.terminal.cursorColumn + 1)")
                }
                return nil
            }
        case .expectTitle(let title):
            return wait(timeout, until: { self.terminal.title == title }) { held throws(Failure) in
                guard held else {
                    throw self.failure(step, "expect-title", "the title is \"\(self.terminal.title)\", not \"\(title)\"")
                }
                return nil
            }
        case .sleep(let seconds):
            return wait(seconds, until: { false })
        case .snapshot(let name, let masks):
            return wait(0.1, until: { false }) { _ throws(Failure) in
                try self.snapshot(name, masks: masks, step: step)
                return nil
            }
        case .capture(let name, let pattern, let limit):
            let seconds = limit ?? timeout
            return wait(seconds, until: { self.firstGroup(of: pattern, sinceInput: true) != nil }) { matched throws(Failure) in
                guard matched, let value = self.firstGroup(of: pattern, sinceInput: true) else {
                    throw self.failure(
                        step, "capture \(name) \(pattern)", "timed out after \(Self.format(seconds)) waiting for \(pattern)")
                }
                self.values[name] = value
                return nil
            }
        case .expectDisconnect(let limit):
            let seconds = limit ?? timeout
            disconnectExpected = true
            let over = { self.session.reconnection != nil || self.session.ending != nil }
            return wait(seconds, until: over) { _ throws(Failure) in
                guard self.session.reconnection != nil else {
                    let what = self.session.ending.map { "the session ended instead: \(Self.describe($0))" }
                    throw self.failure(
                        step, "expect-disconnect", what ?? "the link was not lost within \(Self.format(seconds))")
                }
                return nil
            }
        case .waitPrompt(let limit):
            return waitPrompt(seconds: limit ?? timeout, step: step)
        case .expectStatus(let code):
            return expectStatus(code, step: step)
        case .transfer(let request, let limit):
            return try transfer(request, seconds: limit ?? timeout, step: step)
        case .reconnect(let limit):
            guard session.reconnection != nil else {
                throw failure(step, "reconnect", "the link is not down (expect-disconnect first)")
            }
            let seconds = limit ?? timeout
            return try reconnect(deadline: loop.clock.now() &+ Self.nanoseconds(seconds), seconds: seconds, step: step)
        case .expectExit(let code):
            return wait(timeout, until: { self.session.ending != nil }) { _ throws(Failure) in
                guard let ending = self.session.ending else {
                    throw self.failure(
                        step, "expect-exit \(code)", "the session did not end within \(Self.format(self.timeout))")
                }
                guard ending == .remoteExited(.status(Int32(code))) else {
                    throw self.failure(step, "expect-exit \(code)", "the session ended with \(Self.describe(ending))")
                }
                return nil
            }
        }
    }

    /// The screen as the front's controller sees it: the whole session, the bar below it.
    private var view: FrontView { FrontView(terminal: terminal, now: loop.clock.now()) }

    private func send(_ inputs: [SessionInput]) {
        // The prompt shown now is the one this input is typed at, not the one after it.
        if !inputs.isEmpty {
            promptsAtLastInput = terminal.shellPrompts.promptsBegun
            clockAtLastInput = terminal.clock
        }
        for input in inputs { session.send(input) }
    }

    private func expectScreen(_ lines: [String], rows: ClosedRange<Int>?, step: ScriptStep) -> Wait {
        // The parser checked the rows against the declared size; a remote that resized the
        // screen since may still have made it smaller.
        let first = (rows?.lowerBound ?? 1) - 1
        let actual = { () -> [String] in
            let screen = ScriptScreen.rows(of: self.terminal)
            return (first..<(first + lines.count)).map { $0 < screen.count ? screen[$0] : "" }
        }
        let same = {
            zip(actual(), lines).allSatisfy { ScriptScreen.matches($0, $1) } && first + lines.count <= self.terminal.rows
        }
        return wait(timeout, until: same) { held throws(Failure) in
            guard held else {
                let differences = ScriptScreen.differences(actual: actual(), expected: lines, first: first + 1)
                throw self.failure(step, "expect-screen", "the screen differs (· is a blank):\n" + differences)
            }
            return nil
        }
    }

    /// `wait-idle`: until the screen (its text, styles and cursor) has not changed for
    /// `quiet`, before `deadline`. Each wait lasts until output changes the screen or the
    /// quiet time would be over, whichever is first.
    private func idle(
        quiet: UInt64, deadline: UInt64, seconds: Double, last: String, changed: UInt64, step: ScriptStep
    ) throws(Failure) -> Wait? {
        let now = loop.clock.now()
        if now &- changed >= quiet { return nil }
        guard now < deadline else {
            throw failure(step, "wait-idle", "the screen kept changing for \(Self.format(seconds))")
        }
        let until = min(deadline, changed &+ quiet)
        let differs = { ANSIRenderer.text(of: self.terminal) != last }
        return Wait(deadline: until, isDone: differs) { differed throws(Failure) in
            if self.session.ending != nil || (self.session.reconnection != nil && !self.disconnectExpected) {
                return nil
            }
            let seen = differed ? ANSIRenderer.text(of: self.terminal) : last
            return try self.idle(
                quiet: quiet, deadline: deadline, seconds: seconds, last: seen,
                changed: differed ? self.loop.clock.now() : changed, step: step)
        }
    }

    /// `put` and `get`: the transfer is queued on the session's connection and waited for;
    /// a file that fails, a lost link or the timeout fails the script with what happened.
    private func transfer(_ request: FileTransferRequest, seconds: Double, step: ScriptStep) throws(Failure) -> Wait? {
        let written = request.direction == .upload
            ? "put \(request.local) \(request.remote)" : "get \(request.remote) \(request.local)"
        guard let number = session.startTransfer(request) else {
            throw failure(step, written, "this session cannot move files: put and get need an SSH session")
        }
        let over = { self.session.transferState(number)?.isOver ?? true }
        return wait(seconds, until: over) { _ throws(Failure) in
            switch self.session.transferState(number) {
            case .finished, .listed: return nil
            case .failed(let message): throw self.failure(step, written, message)
            case nil: throw self.failure(step, written, "the connection was lost during the transfer")
            case .queued, .moving(_, _):
                throw self.failure(step, written, "not done after \(Self.format(seconds))")
            }
        }
    }

    /// `reconnect`: attempts until one connects or `deadline` passes; a refusal (a login, a
    /// host key) ends it at once. Either failure is a connection failure: 255.
    private func reconnect(deadline: UInt64, seconds: Double, step: ScriptStep) throws(Failure) -> Wait? {
        func lost(_ message: String) -> Failure {
            var failure = failure(step, "reconnect", message)
            failure.status = 255
            return failure
        }
        guard let reconnection = session.reconnection else {
            if let ending = session.ending { throw lost("the session ended: \(Self.describe(ending))") }
            disconnectExpected = false
            return nil
        }
        if let refusal = reconnection.refusal { throw lost("not retried: \(refusal)") }
        guard loop.clock.now() < deadline else {
            throw lost("not back within \(Self.format(seconds)): \(reconnection.lastFailure ?? reconnection.reason)")
        }
        if !reconnection.isAttempting { session.reconnectNow() }
        // Until this attempt is over; then, while the network is down, a pause between
        // attempts (a quarter of a second) so that a refused port is not hammered.
        let over = { self.session.reconnection?.isAttempting != true }
        return Wait(deadline: deadline, isDone: over) { _ throws(Failure) in
            let next = { () throws(Failure) -> Wait? in try self.reconnect(deadline: deadline, seconds: seconds, step: step) }
            guard self.session.reconnection?.isAttempting == false, self.session.reconnection?.refusal == nil else {
                return try next()
            }
            let pause = min(deadline, self.loop.clock.now() &+ 250_000_000)
            return Wait(deadline: pause, isDone: { false }) { _ throws(Failure) in try next() }
        }
    }

    /// A step's name, for a failure found after it ran.
    static func name(of kind: ScriptStep.Kind) -> String {
        String(String(describing: kind).prefix { $0 != "(" })
    }
}
