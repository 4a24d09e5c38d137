import RemoteTermEngine

/// Bytes typed into the local terminal, turned back into what the user did: keys (so they
/// can be encoded again for the *remote's* modes, and combined with the key bar's latched
/// modifiers), pastes, mouse reports and focus changes.
///
/// The local terminal is put in bracketed-paste and SGR-mouse mode by the front, so pastes
/// arrive between `ESC [ 200 ~` and `ESC [ 201 ~` and clicks as `ESC [ < b ; x ; y M`. A
/// lone ESC is ambiguous until more bytes arrive or a short time passes: it stays pending
/// until `flushPending()` (the front calls it when no byte followed within ~10 ms, so Esc
/// reaches the remote well within 25 ms). Keys the terminal reports in the kitty keyboard
/// protocol or xterm's modifyOtherKeys (which the front asks for, `LocalKeyboardProtocol`)
/// are the same keys as their legacy bytes would be (`ReportedKey`), so those encodings never
/// reach a remote that did not ask for them; key releases are dropped. Sequences this decoder
/// does not know are passed through unchanged, so no physical key is ever lost.
package struct LocalInputDecoder: Sendable {
    /// What one piece of local input means.
    package enum Event: Equatable, Sendable {
        /// A key, with the modifiers the local terminal reported.
        case key(KeyEvent)
        /// The start of a paste (the front wraps it if the remote asked for bracketed paste).
        case pasteStart
        /// Pasted bytes (possibly one of several pieces of one paste).
        case pasteData([UInt8])
        /// The end of a paste.
        case pasteEnd
        /// A mouse report from the local terminal (SGR encoding).
        case mouse(LocalMouseEvent)
        /// The local terminal gained (true) or lost focus.
        case focus(Bool)
        /// The user's colour scheme changed to dark or light (`CSI ? 997 ; 1|2 n`, which the
        /// screen asks for with ?2031).
        case colorScheme(TerminalColorScheme)
        /// Bytes of a sequence the decoder does not know, forwarded as they came.
        case passthrough([UInt8])
    }

    private var pending: [UInt8] = []
    private var isPasting = false
    private var utf8 = UTF8Decoder()

    /// The longest incomplete escape sequence kept waiting for its end.
    private static let pendingLimit = 64

    /// A decoder with nothing pending.
    package init() {}

    /// True while an ESC (or an unfinished sequence) waits for more bytes or `flushPending`.
    package var hasPending: Bool { !pending.isEmpty }

    /// True inside a bracketed paste (between its start and end markers).
    package var isInPaste: Bool { isPasting }

    /// Decodes `bytes`; incomplete sequences at the end stay pending.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        var events: [Event] = []
        pending.append(contentsOf: bytes)
        var i = 0
        while i < pending.count {
            if isPasting {
                let (next, needsMore) = consumePaste(from: i, into: &events)
                i = next
                if needsMore { break }
                continue
            }
            let byte = pending[i]
            if byte == 0x1B {
                guard let used = decodeEscape(at: i, into: &events) else { break }  // incomplete
                i += used
                continue
            }
            i += 1
            if byte < 0x80 && utf8.isPending {
                utf8.reset()
                events.append(.key(.character("\u{FFFD}")))
            }
            if byte < 0x20 || byte == 0x7F {
                events.append(.key(KeyEvent.typed(byte)))
                continue
            }
            let result = utf8.step(byte)
            if result == UTF8Decoder.needMore { continue }
            if result == UTF8Decoder.replaceAndRetry {
                events.append(.key(.character("\u{FFFD}")))
                i -= 1
                continue
            }
            events.append(.key(.character(Unicode.Scalar(result) ?? "\u{FFFD}")))
        }
        pending.removeFirst(min(i, pending.count))
        if pending.count > Self.pendingLimit {
            events.append(.passthrough(pending))
            pending = []
        }
        return events
    }

    /// Gives up waiting: a lone ESC is the Esc key; an unfinished sequence is forwarded.
    /// Inside a paste only the start of a possible end marker can be pending, and it stays:
    /// the rest of the marker may come in a later read (`endPaste` gives up on it).
    package mutating func flushPending() -> [Event] {
        guard !isPasting else { return [] }
        defer { pending = [] }
        guard !pending.isEmpty else { return [] }
        if pending == [0x1B] { return [.key(KeyEvent(.escape))] }
        if pending.count == 2 && pending[0] == 0x1B {
            // ESC then one byte that might have begun a sequence (`[` or `O`): Alt+key.
            var alt = KeyEvent.typed(pending[1])
            alt.modifiers.insert(.alt)
            alt.isEscapePrefixed = true
            return [.key(alt)]
        }
        return [.passthrough(pending)]
    }

    /// Ends a paste whose end marker never came (the terminal stopped sending in the middle
    /// of one): what is pending is pasted data, and later bytes are keys again.
    package mutating func endPaste() -> [Event] {
        guard isPasting else { return [] }
        defer {
            pending = []
            isPasting = false
        }
        return (pending.isEmpty ? [] : [.pasteData(pending)]) + [.pasteEnd]
    }

    // MARK: - Escape sequences

    /// Decodes the sequence starting with ESC at `start`; returns bytes used, or nil when it
    /// is not complete yet.
    private mutating func decodeEscape(at start: Int, into events: inout [Event]) -> Int? {
        guard start + 1 < pending.count else { return nil }
        let second = pending[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return decodeCSI(at: start, into: &events)
        case UInt8(ascii: "O"):
            guard start + 2 < pending.count else { return nil }
            events.append(Self.ss3Key(pending[start + 2]).map { .key($0) } ?? .passthrough(Array(pending[start..<start + 3])))
            return 3
        case 0x1B:
            events.append(.key(KeyEvent(.escape)))  // ESC ESC: the first one was the Esc key
            return 1
        default:
            // ESC + key: Alt (Meta sends ESC prefix). A UTF-8 character after ESC needs its
            // remaining bytes first.
            if second >= 0x80 {
                let length = second >= 0xF0 ? 4 : second >= 0xE0 ? 3 : 2
                guard start + 1 + length <= pending.count else { return nil }
                let scalar = String(decoding: pending[(start + 1)..<(start + 1 + length)], as: UTF8.self)
                    .unicodeScalars.first ?? "\u{FFFD}"
                var key = KeyEvent.character(scalar, modifiers: .alt)
                key.isEscapePrefixed = true
                events.append(.key(key))
                return 1 + length
            }
            var key = KeyEvent.typed(second)
            key.modifiers.insert(.alt)
            key.isEscapePrefixed = true
            events.append(.key(key))
            return 2
        }
    }

    private mutating func decodeCSI(at start: Int, into events: inout [Event]) -> Int? {
        // A sequence is looked for within `pendingLimit + 1` bytes, however many have come:
        // longer ones are forwarded cut there, whether they came in one read or in many.
        let window = min(pending.count, start + Self.pendingLimit + 1)
        var end = start + 2
        while end < window && !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < window else {
            guard window - start == Self.pendingLimit + 1 else { return nil }
            events.append(.passthrough(Array(pending[start..<window])))
            return window - start
        }
        let length = end - start + 1
        let final = pending[end]
        let body = pending[(start + 2)..<end]
        let sequence = Array(pending[start...end])
        if body.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = Self.numbers(body.dropFirst())
            if numbers.count == 3, let mouse = LocalMouseEvent(sgrButton: numbers[0], column: numbers[1] - 1,
                                                              row: numbers[2] - 1, isRelease: final == UInt8(ascii: "m")) {
                events.append(.mouse(mouse))
            } else {
                events.append(.passthrough(sequence))
            }
            return length
        }
        if final == UInt8(ascii: "n"), body.elementsEqual("?997;1".utf8) || body.elementsEqual("?997;2".utf8) {
            events.append(.colorScheme(body.last == UInt8(ascii: "1") ? .dark : .light))
            return length
        }
        guard let fields = ReportedKey.fields(body) else {
            events.append(.passthrough(sequence))
            return length
        }
        let first = fields.first?.first ?? nil
        switch final {
        case UInt8(ascii: "~") where fields.count == 1 && first == 200:
            isPasting = true
            events.append(.pasteStart)
        case UInt8(ascii: "~") where fields.count == 1 && first == 201:
            break  // a stray end marker outside a paste
        case UInt8(ascii: "I") where body.isEmpty, UInt8(ascii: "O") where body.isEmpty:
            events.append(.focus(final == UInt8(ascii: "I")))
        default:
            switch ReportedKey.decode(fields, final: final) {
            case .keys(let keys): events += keys.map { .key($0) }
            case .release: break  // rterm never asks for releases; a remote hears of none
            case .unknown: events.append(.passthrough(sequence))
            }
        }
        return length
    }

    /// Inside a paste: everything up to `ESC [ 201 ~` is data. Returns where decoding goes
    /// on, and whether it must wait for more bytes (a marker may be split across reads).
    private mutating func consumePaste(from start: Int, into events: inout [Event]) -> (Int, Bool) {
        let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        var i = start
        while i < pending.count {
            if pending[i] == 0x1B {
                let available = pending.count - i
                let candidate = pending[i..<min(pending.count, i + marker.count)]
                if candidate.elementsEqual(marker.prefix(candidate.count)) {
                    if i > start { events.append(.pasteData(Array(pending[start..<i]))) }
                    if available < marker.count { return (i, true) }  // maybe the end marker, split
                    events.append(.pasteEnd)
                    isPasting = false
                    return (i + marker.count, false)
                }
            }
            i += 1
        }
        if i > start { events.append(.pasteData(Array(pending[start..<i]))) }
        return (i, false)
    }

    // MARK: - Tables

    private static func numbers(_ body: ArraySlice<UInt8>) -> [Int] {
        body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            part.reduce(0) { min($0 * 10 + Int($1 &- 0x30), 100_000) }
        }
    }

    private static func ss3Key(_ final: UInt8) -> KeyEvent? {
        if let key = ReportedKey.letterKey(final) { return KeyEvent(key) }
        if let keypad = KeypadKey.allCases.first(where: { $0.applicationFinal == final }) {
            return KeyEvent(.keypad(keypad))
        }
        return nil
    }

    /// The key that types `scalar` (a control character as its Ctrl key, Enter for CR).
    package static func keyEvent(forTyped scalar: Unicode.Scalar) -> KeyEvent {
        scalar.value < 0x20 || scalar.value == 0x7F ? KeyEvent.typed(UInt8(scalar.value)) : .character(scalar)
    }
}

/// A mouse report from the local terminal, in cell coordinates (0-based).
package struct LocalMouseEvent: Equatable, Sendable {
    /// What happened.
    package enum Action: Equatable, Sendable {
        case press, release, motion, wheelUp, wheelDown
    }
    /// What happened.
    package var action: Action
    /// 0 left, 1 middle, 2 right (for presses, releases and drags).
    package var button: Int
    /// Column and row of the cell, 0-based.
    package var column: Int
    /// Row of the cell, 0-based.
    package var row: Int
    /// Shift, Alt (Meta) and Ctrl as the local terminal reported them.
    package var modifiers: KeyModifiers

    /// An event built from its parts.
    package init(action: Action, button: Int, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// Decodes an SGR (1006) report: `b` is the button code, column and row 0-based.
    init?(sgrButton b: Int, column: Int, row: Int, isRelease: Bool) {
        guard column >= 0, row >= 0 else { return nil }
        var modifiers: KeyModifiers = []
        if b & 4 != 0 { modifiers.insert(.shift) }
        if b & 8 != 0 { modifiers.insert(.alt) }
        if b & 16 != 0 { modifiers.insert(.control) }
        let button = b & 3
        let action: Action
        if b & 64 != 0 {
            action = button == 0 ? .wheelUp : .wheelDown
        } else if b & 32 != 0 {
            action = .motion
        } else {
            action = isRelease ? .release : .press
        }
        self.init(action: action, button: button, column: column, row: row, modifiers: modifiers)
    }
}
