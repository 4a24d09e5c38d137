// The key bar's one-shot modifiers: armed, consumed, cancelled, locked, and the
// double-click window measured with injected times (nanoseconds).

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let ms: UInt64 = 1_000_000
private let c = KeyEvent.character("c")

/// Encodes the next key through the latch, as the session does.
private func send(_ event: KeyEvent, _ latch: inout ModifierLatch) -> String {
    hexString(KeyEncoder.encode(latch.apply(to: event), options: KeyEncodingOptions()))
}

@Suite struct ModifierLatchTests {
    @Test func startsWithEverythingOff() {
        let latch = ModifierLatch()
        #expect(latch.state(of: .control) == .off)
        #expect(latch.state(of: .alt) == .off)
        #expect(latch.active == [])
    }

    @Test func armedCtrlIsConsumedByTheNextKey() {
        var latch = ModifierLatch()
        latch.click(.control, at: 0)
        #expect(latch.state(of: .control) == .armed)
        #expect(send(c, &latch) == "03")
        #expect(latch.state(of: .control) == .off)
        #expect(send(c, &latch) == "63")
    }

    @Test func secondClickCancelsAndSendsNothing() {
        var latch = ModifierLatch()
        latch.click(.control, at: 0)
        latch.click(.control, at: 1_000 * ms)
        #expect(latch.state(of: .control) == .off)
        #expect(send(c, &latch) == "63")
    }

    @Test func doubleClickLocksUntilTheNextClick() {
        var latch = ModifierLatch()
        latch.click(.control, at: 10 * ms)
        latch.click(.control, at: 200 * ms)
        #expect(latch.state(of: .control) == .locked)
        #expect(send(c, &latch) == "03")
        #expect(send(c, &latch) == "03")
        #expect(send(KeyEvent(.up), &latch) == "1b 5b 31 3b 35 41")
        latch.click(.control, at: 5_000 * ms)
        #expect(latch.state(of: .control) == .off)
        #expect(send(c, &latch) == "63")
    }

    @Test(arguments: [
        (UInt64(0), ModifierLatch.State.locked),
        (399 * ms, .locked),
        (400 * ms, .locked),
        (400 * ms + 1, .off),
        (2_000 * ms, .off),
    ])
    func doubleClickWindow(_ gap: UInt64, _ expected: ModifierLatch.State) {
        var latch = ModifierLatch()
        latch.click(.control, at: 1_000 * ms)
        latch.click(.control, at: 1_000 * ms + gap)
        #expect(latch.state(of: .control) == expected)
    }

    @Test func doubleClickIntervalIsConfigurable() {
        var latch = ModifierLatch(doubleClickInterval: 100 * ms)
        latch.click(.alt, at: 0)
        latch.click(.alt, at: 150 * ms)
        #expect(latch.state(of: .alt) == .off)
    }

    @Test func clicksAroundAConsumedKeyDoNotLock() {
        // Arm, use it, click again quickly: that arms afresh, it is not a double-click.
        var latch = ModifierLatch()
        latch.click(.control, at: 0)
        _ = latch.apply(to: c)
        latch.click(.control, at: 100 * ms)
        #expect(latch.state(of: .control) == .armed)
    }

    @Test func aClockGoingBackwardsNeverLocks() {
        var latch = ModifierLatch()
        latch.click(.control, at: 500 * ms)
        latch.click(.control, at: 400 * ms)
        #expect(latch.state(of: .control) == .off)
    }

    @Test func ctrlAndAltCombine() {
        var latch = ModifierLatch()
        latch.click(.control, at: 0)
        latch.click(.alt, at: 50 * ms)
        #expect(latch.state(of: .control) == .armed)
        #expect(latch.state(of: .alt) == .armed)
        #expect(send(c, &latch) == "1b 03")
        #expect(latch.active == [])
    }

    @Test func lockedAltWithArmedCtrl() {
        var latch = ModifierLatch()
        latch.click(.alt, at: 0)
        latch.click(.alt, at: 100 * ms)
        latch.click(.control, at: 1_000 * ms)
        #expect(send(c, &latch) == "1b 03")
        #expect(send(c, &latch) == "1b 63")
        #expect(latch.state(of: .alt) == .locked)
    }

    @Test(arguments: [
        ("Ctrl", "[", "1b"), ("Ctrl", "Space", "00"), ("Ctrl", "Up", "1b 5b 31 3b 35 41"), ("Alt", "x", "1b 78"),
        ("Ctrl", "Ctrl+c", "03"), ("Alt", "Ctrl+c", "1b 03"),
    ])
    func latchedModifierJoinsTheKeysOwn(_ modifier: String, _ name: String, _ expected: String) {
        var latch = ModifierLatch()
        latch.click(modifier == "Ctrl" ? .control : .alt, at: 0)
        #expect(send(key(name), &latch) == expected)
    }

    @Test func clickingASetClicksEachModifier() {
        var latch = ModifierLatch()
        latch.click([.control, .alt], at: 0)
        #expect(latch.active == [.control, .alt])
    }

    @Test func resetTurnsEverythingOff() {
        var latch = ModifierLatch()
        latch.click(.control, at: 0)
        latch.click(.control, at: 1)
        latch.click(.alt, at: 2)
        latch.reset()
        #expect(latch.active == [])
        #expect(latch == ModifierLatch())
    }
}
