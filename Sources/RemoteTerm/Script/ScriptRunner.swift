import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a parsed script against a live session, headless: the same transport, terminal
/// engine, key encoder and key bar model as the interactive front, with no ncurses and no
/// terminal needed. Waits and expectations look at the *rendered* screen.
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

        /// `file:line:column: step: message`, then the framed screen.
        public var description: String { "\(location): \(step): \(message)\n\(screen)" }
    }

    private let transport: Transport
    private var terminal: Terminal
    private var bar = KeyBar()
    private var timeout: Double = 10
    private var outbox: [UInt8] = []
    private var exit: TransportExit?
    private var outputEnded = false
    private let snapshotDirectory: String
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Where the session is recorded (`--record`), if anywhere.
    public var recorder: AsciicastWriter?

    /// A runner for a session already started on `transport`, whose terminal is `rows × columns`.
    public init(transport: Transport, rows: Int, columns: Int, snapshotDirectory: String = ".") {
        self.transport = transport
        terminal = Terminal(rows: rows, columns: columns)
        self.snapshotDirectory = snapshotDirectory
    }

    /// The screen as `rterm render` prints it.
    public var screenText: String { terminal.renderText() }

    /// How the remote ended, once it has.
    public var remoteExit: TransportExit? { exit }

    /// Runs every step in order; throws the first failure.
    public func run(_ script: Script) throws(Failure) {
        for step in script.steps { try run(step) }
    }

    // MARK: - Steps

    private func run(_ step: ScriptStep) throws(Failure) {
        let options = KeyEncodingOptions.matching(terminal.modes)
        switch step.kind {
        case .size:
            break  // applied before the session started
        case .setTimeout(let seconds):
            timeout = seconds
        case .type(let bytes):
            if bar.latch.active.isEmpty {
                send(bytes)
            } else {
                // A modifier clicked on the bar applies to what is typed next, as in the
                // front: `click Ctrl` then `type "c"` sends 0x03.
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                    let event = bar.latch.active.isEmpty
                        ? KeyEvent.character(scalar) : bar.apply(to: LocalInputDecoder.keyEvent(forTyped: scalar))
                    send(KeyEncoder.encode(event, options: options))
                }
            }
        case .key(let event):
            send(KeyEncoder.encode(bar.apply(to: event), options: options))
        case .paste(let bytes):
            send(PasteEncoder.encode(bytes, options: options))
        case .click(let label):
            try click(label, step: step)
        case .wait(let pattern, let limit):
            let seconds = limit ?? timeout
            guard pump(for: seconds, until: { pattern.matches(self.screenLines) }) else {
                throw failure(step, "wait \(pattern)", "timed out after \(Self.format(seconds)) waiting for \(pattern)")
            }
        case .not(let pattern):
            _ = pump(for: 0.1, until: { false })
            if pattern.matches(screenLines) {
                throw failure(step, "not \(pattern)", "the screen matches \(pattern)")
            }
        case .expectScreen(let lines, let rows):
            let wanted = rows.map { ($0.lowerBound - 1)..<min($0.upperBound, terminal.rows) } ?? 0..<min(lines.count, terminal.rows)
            let actual = { Array(TextRenderer.lines(of: self.terminal)[wanted]) }
            guard pump(for: timeout, until: { actual() == lines }) else {
                let expected = lines.enumerated().map { "  \(wanted.lowerBound + $0.offset + 1): \($0.element)" }
                throw failure(step, "expect-screen", "the screen differs; expected rows:\n" + expected.joined(separator: "\n"))
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
            terminal.resize(rows: rows, columns: columns)
            recorder?.resize(columns: columns, rows: rows)
            do { try transport.resize(rows: rows, columns: columns) } catch {
                throw failure(step, "resize", error.description)
            }
        case .sleep(let seconds):
            _ = pump(for: seconds, until: { false })
        case .snapshot(let name):
            _ = pump(for: 0.1, until: { false })
            let base = (snapshotDirectory as NSString).appendingPathComponent(name)
            do {
                try terminal.renderText().write(toFile: base + ".txt", atomically: true, encoding: .utf8)
                try ANSIRenderer.text(of: terminal).write(toFile: base + ".ansi", atomically: true, encoding: .utf8)
            } catch {
                throw failure(step, "snapshot \(name)", "cannot write \(base).txt: \(error.localizedDescription)")
            }
        case .expectExit(let code):
            guard pump(for: timeout, until: { self.exit != nil }), let exit else {
                throw failure(step, "expect-exit \(code)", "the session did not end within \(Self.format(timeout))")
            }
            guard exit == .status(Int32(code)) else {
                throw failure(step, "expect-exit \(code)", "the session ended with \(exit)")
            }
        }
        try flushOrFail(step)
    }

    private func click(_ label: String, step: ScriptStep) throws(Failure) {
        let layout = bar.layout(width: terminal.columns)
        // Turn pages until the button shows: every button is on exactly one page.
        for _ in 0..<max(1, layout.pageCount) {
            let current = bar.layout(width: terminal.columns)
            if let slot = current.slots.first(where: { $0.label == label && $0.itemIndex != nil }) {
                recorder?.marker("click \(label)")
                let response = bar.click(column: slot.columns.lowerBound, at: MonotonicClock.now())
                bar.release()
                let options = KeyEncodingOptions.matching(terminal.modes)
                switch response.action {
                case .send(let keys): for key in keys { send(KeyEncoder.encode(key, options: options)) }
                case .sendBytes(let bytes): send(bytes)
                case .none, .changedPage, .showMenu: break
                }
                return
            }
            _ = bar.turnPage(.next)
        }
        throw failure(step, "click \(label)", "there is no button '\(label)' on the key bar")
    }

    // MARK: - The session

    private var screenLines: String { TextRenderer.lines(of: terminal).joined(separator: "\n") }

    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        recorder?.input(bytes)
        outbox += bytes
    }

    private func flushOrFail(_ step: ScriptStep) throws(Failure) {
        do { try flush() } catch { throw failure(step, "send", error.description) }
    }

    private func flush() throws(TransportError) {
        while !outbox.isEmpty && !outputEnded {
            guard case .transferred = try transport.write(draining: &outbox) else { return }
        }
    }

    /// Moves bytes both ways for up to `seconds`, until `condition` holds; returns whether it did.
    private func pump(for seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() &+ UInt64(max(0, seconds) * 1e9)
        var buffered = false
        while true {
            if condition() { return true }
            let now = MonotonicClock.now()
            if now >= deadline { return condition() }
            var fds = transport.pollInterests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
            if !outbox.isEmpty { for i in fds.indices { fds[i].events |= Int16(POLLOUT) } }
            let remaining = Int32(min(UInt64(50), (deadline - now) / 1_000_000 + 1))
            if !outputEnded && !buffered { _ = poll(&fds, nfds_t(fds.count), remaining) }
            if outputEnded { usleep(UInt32(remaining) * 1000) }
            do {
                buffered = outputEnded ? false : try transport.service()
                try flush()
                try readOutput()
            } catch {
                if exit == nil { exit = .unknown }
                outputEnded = true
            }
        }
    }

    private func readOutput() throws(TransportError) {
        guard !outputEnded else { return }
        for stream in [TransportStream.output, .errorOutput] {
            reading: while true {
                switch try transport.read(into: &readBuffer, from: stream) {
                case .transferred(let n):
                    let effects = readBuffer.withUnsafeBufferPointer { terminal.feed(UnsafeBufferPointer(rebasing: $0[0..<n])) }
                    recorder?.output(readBuffer[0..<n])
                    for case .reply(let bytes) in effects { outbox += bytes }
                case .wouldBlock:
                    break reading
                case .endOfStream:
                    if stream == .output {
                        outputEnded = true
                        exit = try transport.awaitExit()
                        return
                    }
                    break reading
                }
            }
        }
    }

    // MARK: - Reporting

    private func failure(_ step: ScriptStep, _ name: String, _ message: String) -> Failure {
        Failure(location: step.location, step: name, message: message, screen: Self.framed(terminal))
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
