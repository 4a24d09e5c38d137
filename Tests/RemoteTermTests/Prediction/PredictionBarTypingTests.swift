import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront

/// Issue 54, item 2: keys typed as people type at a bar or a phone keyboard, each as soon as
/// the one before it shows, through a link of 100 ms each way. At a fresh prompt the first
/// key of a line waits for its echo (a new batch shows once it is known to echo) and every
/// key after it shows at once; a line erased by Ctrl-U (each way bash, zsh and fish redraw
/// it), backspaces, or `clear` must leave prediction as ready as that.
@Suite struct PredictionBarTypingTests {
    typealias Rig = PredictionTests.Rig

    /// Types `keys` into `rig` as a bar does: each as soon as the one before it shows (`shows`,
    /// given how many keys are typed), each reaching the remote `oneWay` after it is typed
    /// and its echo (`echo`) arriving `oneWay` after that. How long each key took to show, in
    /// milliseconds.
    static func barType(
        _ keys: [KeyEvent], into rig: Rig, oneWay: UInt64 = 100_000_000, echo: (KeyEvent) -> String,
        shows: (Int) -> Bool
    ) -> [UInt64] {
        var arrivals: [(at: UInt64, text: String)] = []
        var now: UInt64 = 0
        var waits: [UInt64] = []
        for (index, key) in keys.enumerated() {
            rig.press(key)
            arrivals.append((now + 2 * oneWay, echo(key)))
            let typedAt = now
            while !shows(index + 1), !arrivals.isEmpty {
                let next = arrivals.removeFirst()
                rig.remote(next.text, after: next.at - now)
                now = next.at
            }
            waits.append((now - typedAt) / 1_000_000)
            // A key a millisecond after the last showed.
            rig.clock.advance(by: 1_000_000)
            now += 1_000_000
        }
        for next in arrivals {
            rig.remote(next.text, after: next.at > now ? next.at - now : 0)
            now = max(now, next.at)
        }
        return waits
    }

    static func keys(_ text: String) -> [KeyEvent] { text.unicodeScalars.map { KeyEvent(.character($0)) } }

    static func echo(_ key: KeyEvent) -> String {
        guard case .character(let scalar) = key.key else { return "" }
        return String(scalar)
    }

    /// Types `text` bar-style on row 0 after `prompt`; the waits.
    static func typeLine(_ text: String, after prompt: String, into rig: Rig) -> [UInt64] {
        barType(keys(text), into: rig, echo: echo) { typed in
            let expected = prompt + String(text.prefix(typed))
            return rig.screen[0] == expected.trimmingTrailingBlanks && rig.cursor == FrameCursor(row: 0, column: expected.count)
        }
    }

    /// bash (`\r$ ` and the line again), readline with a prompt of invisible characters (the
    /// cursor moved forward over it), zsh and fish (backspaces, or the line written again).
    static let erases: [(name: String, prompt: String, redraw: String)] = [
        ("bash", "$ ", "\r$ \u{1B}[K"),
        ("readline moving over its prompt", "$> ", "\r\u{1B}[C\u{1B}[C\u{1B}[C\u{1B}[K"),
        ("a count", "$ ", "\r\u{1B}[2C\u{1B}[K"),
        ("backspaces", "$ ", String(repeating: "\u{8}", count: 14) + "\u{1B}[K"),
    ]

    @Test(arguments: erases.indices)
    func afterALineIsErasedOnlyTheFirstKeyWaitsAsAtAFreshPrompt(index: Int) throws {
        let (_, prompt, redraw) = Self.erases[index]
        let rig = Rig(prompt: prompt, columns: 40)
        let fresh = Self.typeLine("echo the quick", after: prompt, into: rig)
        #expect(fresh.first == 200 && fresh.dropFirst().allSatisfy { $0 <= 20 }, "at a fresh prompt: \(fresh)")
        let erase = Self.barType([try KeyEvent(name: "Ctrl+U")], into: rig, echo: { _ in redraw }) { _ in
            rig.remoteScreen[0] == prompt.trimmingTrailingBlanks
        }
        #expect(erase == [200])
        let after = Self.typeLine("defghijk", after: prompt, into: rig)
        #expect(after.first == 200 && after.dropFirst().allSatisfy { $0 <= 20 }, "after the erase: \(after)")
        #expect(rig.session.predictor.wrongCount == 0)
    }

    @Test func afterBackspacesTheKeysShowAtOnce() {
        let rig = Rig(columns: 40)
        _ = Self.typeLine("echo abc", after: "$ ", into: rig)
        let line = "$ echo abc"
        let erased = Self.barType(Array(repeating: KeyEvent(.backspace), count: 3), into: rig, echo: { _ in "\u{8} \u{8}" }) { typed in
            rig.screen[0] == line.dropLast(typed).trimmingTrailingBlanks && rig.cursor == FrameCursor(row: 0, column: line.count - typed)
        }
        #expect(erased.allSatisfy { $0 <= 20 }, "\(erased)")
        let after = Self.typeLine("xyz", after: "$ echo ", into: rig)
        #expect(after.allSatisfy { $0 <= 20 }, "\(after)")
    }

    @Test func afterClearTheFirstKeyWaitsAndTheRestShowAtOnce() {
        let rig = Rig(columns: 40)
        _ = Self.typeLine("clear", after: "$ ", into: rig)
        rig.press(KeyEvent(.enter))
        rig.remote("\r\n\u{1B}[H\u{1B}[2J$ ", after: 200_000_000)
        let after = Self.typeLine("echo four", after: "$ ", into: rig)
        #expect(after.first == 200 && after.dropFirst().allSatisfy { $0 <= 20 }, "\(after)")
    }
}

extension StringProtocol {
    /// Without the blanks at its end (a frame's row reads so).
    fileprivate var trimmingTrailingBlanks: String {
        var text = String(self)
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
