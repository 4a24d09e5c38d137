import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Input pacing against OpenSSH's simulated echo (`SSHInputPacer`): what sshd may still hold
/// for the terminal stays under libssh2's 40,000-byte packet limit, and a paste never waits
/// for long on a write sshd made silently.
@Suite struct SSHInputPacerTests {
    static let ms: UInt64 = 1_000_000
    static let limit = SSHInputPacer.limit

    /// `count` bytes of pasted text, lines of 75 characters ended by CR as a paste sends them.
    static func text(_ count: Int, startingWith first: UInt8 = UInt8(ascii: "a")) -> [UInt8] {
        (0..<count).map { (index: Int) -> UInt8 in
            if index == 0 { return first }
            if index % 76 == 75 { return 0x0D }
            return UInt8(ascii: "a") + UInt8(index % 26)
        }
    }

    static func write(_ pacer: inout SSHInputPacer, _ bytes: [UInt8], now: UInt64) {
        bytes.withUnsafeBytes { pacer.wrote($0, now: now) }
    }

    @Test func aFreshPacerAllowsTheLimit() {
        var pacer = SSHInputPacer()
        #expect(pacer.allowance(now: 0) == Self.limit)
    }

    @Test func ignoreMessagesConfirmWhatTheTerminalTook() {
        var pacer = SSHInputPacer()
        Self.write(&pacer, Self.text(Self.limit), now: 0)
        #expect(pacer.allowance(now: 1) == 0)
        // sshd wrote 1000 bytes to the terminal: an ignore of 4 + 1000 bytes, whose string
        // field (with its own 4-byte length) reaches the callback as 1008 bytes.
        pacer.ignored(payload: 1008, messages: 1, now: 2)
        #expect(pacer.allowance(now: 2) == 1000)
    }

    @Test func aStalledReaderHoldsInputBackWhileEchoIsSimulated() {
        var pacer = SSHInputPacer()
        Self.write(&pacer, Self.text(100), now: 0)
        pacer.ignored(payload: 108, messages: 1, now: 0)
        Self.write(&pacer, Self.text(Self.limit), now: 0)
        // The next byte sshd would write is not a CR: its write would be announced, so
        // silence means the reader is stalled. Output from elsewhere does not confirm.
        pacer.outputArrived(now: 1 * Self.ms)
        #expect(pacer.allowance(now: 1_000 * Self.ms) == 0)
        // After the stuck limit without any sign, assumptions start over.
        #expect(pacer.allowance(now: 2_100 * Self.ms) == Self.limit)
    }

    @Test func aSilentWriteAtACarriageReturnIsAssumedButOnlyUpToTheBetLimit() {
        var pacer = SSHInputPacer()
        Self.write(&pacer, Self.text(10), now: 0)
        pacer.ignored(payload: 18, messages: 1, now: 0)
        Self.write(&pacer, Self.text(Self.limit, startingWith: 0x0D), now: 0)
        #expect(pacer.allowance(now: 10 * Self.ms) == 0)
        #expect(pacer.nextRelease(now: 10 * Self.ms) == SSHInputPacer.silentWriteWait)
        #expect(pacer.allowance(now: 25 * Self.ms) == Self.limit)
        #expect(pacer.assumed == SSHInputPacer.betLimit)
        // The bet is spent: another silent stretch waits for real news.
        Self.write(&pacer, Self.text(Self.limit, startingWith: 0x0D), now: 30 * Self.ms)
        #expect(pacer.allowance(now: 100 * Self.ms) == 0)
        // The window's exact count settles the bet.
        pacer.taken(total: 10 + 2 * Self.limit, now: 110 * Self.ms)
        #expect(pacer.assumed == 0)
        #expect(pacer.allowance(now: 110 * Self.ms) == Self.limit)
    }

    @Test func withoutEchoSimulationOutputConfirmsAndQuietTimeReleases() {
        var pacer = SSHInputPacer()
        Self.write(&pacer, Self.text(Self.limit), now: 0)
        pacer.outputArrived(now: 1)
        #expect(pacer.allowance(now: 1) == Self.limit)
        Self.write(&pacer, Self.text(Self.limit), now: 2)
        #expect(pacer.allowance(now: 3) == 0)
        #expect(pacer.nextRelease(now: 3) == 2 + SSHInputPacer.quietRelease)
        #expect(pacer.allowance(now: 2 + SSHInputPacer.quietRelease) == Self.limit)
    }

    @Test func neverMoreThanTheLimitAndTheBetCanBeHeldBySSHD() {
        // Whatever order news comes in, what sshd may hold is at most limit + bet limit,
        // under libssh2's 40,000-byte packet (less sshd's framing).
        #expect(SSHInputPacer.limit + SSHInputPacer.betLimit <= 39_900)
    }
}
