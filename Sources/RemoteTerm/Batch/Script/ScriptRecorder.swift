import Foundation
import RemoteTermEngine
import RemoteTermFront
import RemoteTermLoop

/// `rterm record`: follows the interactive front (`FrontInputObserver`) and writes what the
/// user did as a script that `rterm script` replays against the same target
/// (docs/script-format.md, "Recording a script").
///
/// Each line typed is one `type "…\r"`, preceded by a `wait` on the prompt it was typed at
/// (`RecordedText.promptPattern`); other keys are `key NAME`, key-bar presses `click LABEL`,
/// pastes `paste "…"`, a pause of more than 2 s between inputs `wait-idle 1s`, the end
/// `expect-exit N`. Text is written only once it was seen on the screen: text that never
/// showed (a password typed with echo off) is written as `${env:RTERM_SECRET_N}` with a
/// comment saying which variable to set, and its characters are kept nowhere but in memory
/// until then. On the alternate screen (vim, less) nothing is taken for a secret: full-screen
/// programs draw what is typed where they like.
///
/// Lines go to `write` as soon as they are settled (a step waiting for its echo holds back
/// the ones after it), so a killed recording leaves every settled step in the file.
package final class ScriptRecorder: FrontInputObserver {
    /// A gap between two inputs longer than this is written as `wait-idle`.
    package static let pause: UInt64 = 2_000_000_000
    /// How long typed text may take to show before it is taken for a secret.
    package static let echoWait: UInt64 = 2_000_000_000

    private let clock: any LoopClock
    private let write: (String) -> Void
    /// What is decided but not written yet, in order: lines, and text waiting for its echo.
    private var pending: [Pending] = []
    /// The text being typed, not yet ended by Enter or another key.
    private var typing: Typed?
    /// Whether a line is under way (its `wait` is written): the next input that begins one
    /// waits for the prompt first.
    private var inLine = false
    private var lastInput: UInt64?
    /// When the last line ended: a long wait for the next prompt gets a longer timeout.
    private var lineEnded: UInt64?
    /// How many typed texts were written as secrets (`RTERM_SECRET_1`…).
    package private(set) var secrets = 0
    private var ended = false

    /// Text typed or pasted, written once it showed on the screen (or as a secret if not).
    private struct Typed {
        enum Kind { case type, paste }
        var kind: Kind
        var bytes: [UInt8] = []
        /// The cursor's row before the first character: what the echo follows.
        var before: String
        /// Whether the echo is not looked for (a full-screen program's screen).
        var trusted: Bool
        var seen = false
        /// When its last byte was typed (the echo is waited for from then).
        var at: UInt64

        /// The part of the text whose echo is looked for: up to the first line break.
        var echo: String {
            let line = bytes.prefix { $0 != 0x0D && $0 != 0x0A }
            return String(decoding: line, as: UTF8.self)
        }
    }

    private enum Pending {
        case line(String)
        case typed(Typed)
    }

    /// A recorder reading time from `clock` (the loop's), giving each settled line of the
    /// script, newline included, to `write`.
    package init(clock: any LoopClock, write: @escaping (String) -> Void) {
        self.clock = clock
        self.write = write
    }

    /// The first lines: how it was recorded (`words`: the target as given; no password is
    /// ever on rterm's command line), and the session's size.
    package func begin(target words: [String], size: (rows: Int, columns: Int), date: Date = Date()) {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        let target = words.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
        pending.append(.line("# recorded with rterm record on \(format.string(from: date)), target: \(target)"))
        pending.append(.line("size \(size.rows)x\(size.columns)"))
        flush(screen: nil, final: false)
    }

    // MARK: - What the front tells

    package func frontSent(_ input: FrontInput, screen: Terminal) { sent(input, screen: RecordedScreen(screen)) }

    package func frontShowed(_ screen: Terminal) {
        guard typing != nil || pending.contains(where: { if case .typed = $0 { true } else { false } }) else { return }
        showed(RecordedScreen(screen))
    }

    package func frontEnded(exitStatus: Int32, screen: Terminal) { ended(exitStatus: exitStatus, screen: RecordedScreen(screen)) }

    // MARK: - The same, as values

    /// The user sent `input`, decided on `screen`.
    package func sent(_ input: FrontInput, screen: RecordedScreen) {
        guard !ended else { return }
        let now = clock.now()
        let paused = lastInput.map { now &- $0 > Self.pause } ?? false
        lastInput = now
        // Whatever waited for its echo and had time to show has been decided by now.
        flush(screen: screen, final: false)
        switch input {
        case .key(let key) where Self.typedText(key) != nil:
            if typing == nil {
                beginStep(paused: paused, screen: screen, now: now)
                typing = Typed(kind: .type, before: screen.textBeforeCursor, trusted: screen.isAlternate, at: now)
            }
            typing?.bytes += Self.typedText(key)!
            typing?.at = now
        case .key(let key) where key == KeyEvent(.backspace) && !(typing?.bytes.isEmpty ?? true):
            // A typo put right: the line is written as it was sent in the end.
            typing!.bytes.removeLast(Self.lastCharacterLength(typing!.bytes))
            typing?.at = now
        case .key(let key) where key == KeyEvent(.enter):
            if typing == nil {
                beginStep(paused: paused, screen: screen, now: now)
                typing = Typed(kind: .type, before: screen.textBeforeCursor, trusted: true, at: now)
            }
            typing?.bytes.append(0x0D)
            typing?.at = now
            endTyping()
            endLine(now)
        case .key(let key):
            endTyping()
            beginStep(paused: paused, screen: screen, now: now, beforeSignal: Self.isSignal(key))
            pending.append(.line("key \(key.name)"))
            // After an interrupt or an end of input the shell shows a new prompt.
            if key.modifiers == .control, case .character(let letter) = key.key, "cdzCDZ".unicodeScalars.contains(letter) {
                endLine(now)
            }
        case .click(let label):
            endTyping()
            beginStep(paused: paused, screen: screen, now: now)
            pending.append(.line("click \(RecordedText.label(label))"))
        case .paste(let bytes), .bytes(let bytes):
            endTyping()
            beginStep(paused: paused, screen: screen, now: now)
            var pasted = Typed(
                kind: input == .paste(bytes) ? .paste : .type, before: screen.textBeforeCursor,
                trusted: screen.isAlternate, at: now)
            pasted.bytes = bytes
            pending.append(.typed(pasted))
            if bytes.last == 0x0D { endLine(now) }
        }
        flush(screen: screen, final: false)
    }

    /// The screen after a loop turn: typed text that shows on it is settled.
    package func showed(_ screen: RecordedScreen) {
        guard !ended else { return }
        flush(screen: screen, final: false)
    }

    /// The session ended with `exitStatus`, its last screen `screen`: everything is written,
    /// then `expect-exit`.
    package func ended(exitStatus: Int32, screen: RecordedScreen) {
        guard !ended else { return }
        endTyping()
        flush(screen: screen, final: true)
        ended = true
        write("expect-exit \(exitStatus)\n")
    }

    // MARK: - Steps

    /// Before a step: a pause as `wait-idle`, and the prompt when a line begins: by the
    /// shell's marks when it sets them (`wait-prompt`), else by its text, which a replay
    /// matches only on what came after the last input (not the prompt the command was typed
    /// at). A signal key (`beforeSignal`) while a command runs (no prompt) waits a moment
    /// first: sent at once, it can reach the shell between reading the line and starting the
    /// command, and be lost (bash runs the command, uninterrupted).
    private func beginStep(paused: Bool, screen: RecordedScreen, now: UInt64, beforeSignal: Bool = false) {
        if paused { pending.append(.line("wait-idle 1s")) }
        guard !inLine else { return }
        inLine = true
        let prompt = screen.textBeforeCursor
        guard !prompt.allSatisfy({ $0 == " " }) else {
            if beforeSignal, !paused, lineEnded != nil { pending.append(.line("sleep \(Self.commandStart)")) }
            return
        }
        var wait = screen.marksPrompts ? "wait-prompt" : "wait /\(RecordedText.promptPattern(prompt))/"
        // A command that ran long before this prompt: its wait gets twice that, at least.
        if let lineEnded, now &- lineEnded > 5_000_000_000 {
            wait += " timeout \(Int((Double(now &- lineEnded) / 1e9 * 2).rounded(.up)))s"
        }
        pending.append(.line(wait))
    }

    /// How long a replay lets a command start before a signal key reaches it.
    static let commandStart = "500ms"

    /// Ctrl+C, Ctrl+\\ and Ctrl+Z: the keys a terminal turns into signals.
    static func isSignal(_ key: KeyEvent) -> Bool {
        guard key.modifiers == .control, case .character(let letter) = key.key else { return false }
        return "cCzZ\\".unicodeScalars.contains(letter)
    }

    /// The text being typed is over (Enter, another key, a click, a paste, the end).
    private func endTyping() {
        guard let typed = typing else { return }
        typing = nil
        if !typed.bytes.isEmpty { pending.append(.typed(typed)) }
    }

    private func endLine(_ now: UInt64) {
        inLine = false
        lineEnded = now
    }

    /// Writes what is settled, in order: typed text once seen on `screen` (or any screen
    /// since), or as a secret once it had `echoWait` to show and did not (at the end, at once).
    private func flush(screen: RecordedScreen?, final: Bool) {
        let now = clock.now()
        if let screen, var typed = typing, !typed.seen, !typed.trusted, screen.shows(typed.before + typed.echo) {
            typed.seen = true
            typing = typed
        }
        while let first = pending.first {
            switch first {
            case .line(let line):
                write(line + "\n")
            case .typed(var typed):
                if !typed.seen, !typed.trusted, let screen, screen.shows(typed.before + typed.echo) { typed.seen = true }
                let wasSeenTyping = typed.seen
                if typed.trusted || wasSeenTyping {
                    write("\(Self.step(typed.kind)) \(RecordedText.quoted(typed.bytes))\n")
                } else if final || now &- typed.at > Self.echoWait {
                    secrets += 1
                    let name = "RTERM_SECRET_\(secrets)"
                    let enter = typed.bytes.last == 0x0D ? "\\r" : ""
                    write("# typed with echo off: set \(name) before replaying\n")
                    write("\(Self.step(typed.kind)) \"${env:\(name)}\(enter)\"\n")
                } else {
                    pending[0] = .typed(typed)
                    markSeen(on: screen)
                    return
                }
            }
            pending.removeFirst()
        }
    }

    /// Typed text further back that shows on `screen` is settled too (written in its turn).
    private func markSeen(on screen: RecordedScreen?) {
        guard let screen else { return }
        for index in pending.indices {
            guard case .typed(var typed) = pending[index], !typed.seen, !typed.trusted else { continue }
            if screen.shows(typed.before + typed.echo) {
                typed.seen = true
                pending[index] = .typed(typed)
            }
        }
    }

    private static func step(_ kind: Typed.Kind) -> String { kind == .paste ? "paste" : "type" }

    /// The UTF-8 of a key that types text (a printable character, shifted or not), else nil.
    static func typedText(_ key: KeyEvent) -> [UInt8]? {
        guard case .character(let scalar) = key.key, key.modifiers.subtracting(.shift).isEmpty,
            !KeyEvent.isControl(scalar)
        else { return nil }
        return Array(String(scalar).utf8)
    }

    /// How many bytes the last UTF-8 character of `bytes` takes.
    private static func lastCharacterLength(_ bytes: [UInt8]) -> Int {
        var length = 1
        while length < bytes.count, bytes[bytes.count - length] & 0xC0 == 0x80 { length += 1 }
        return length
    }
}
