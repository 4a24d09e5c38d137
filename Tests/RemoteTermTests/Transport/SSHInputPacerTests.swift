import Testing

@testable import RemoteTerm

/// Input pacing against OpenSSH's simulated echo (`SSHInputPacer`): what sshd may still
/// hold for the terminal never goes over the limit while the terminal's echo is off.
@Suite struct SSHInputPacerTests {
    static let second: UInt64 = 1_000_000_000

    @Test func aFreshPacerAllowsTheLimit() {
        var pacer = SSHInputPacer()
        #expect(pacer.allowance(now: 0) == SSHInputPacer.limit)
    }

    @Test func ignoreMessagesConfirmWhatTheTerminalTook() {
        var pacer = SSHInputPacer()
        pacer.wrote(SSHInputPacer.limit, now: 0)
        #expect(pacer.allowance(now: 1) == 0)
        // sshd wrote 1000 bytes to the terminal: an ignore of 4 + 1000 bytes, whose string
        // field (with its own 4-byte length) reaches the callback as 1008 bytes.
        pacer.ignored(payload: 1008, messages: 1, now: 2)
        #expect(pacer.allowance(now: 2) == 1000)
    }

    @Test func whileEchoIsSimulatedAStalledReaderHoldsInputBack() {
        var pacer = SSHInputPacer()
        pacer.wrote(100, now: 0)
        pacer.ignored(payload: 108, messages: 1, now: 0)
        pacer.wrote(SSHInputPacer.limit, now: 0)
        // Output from elsewhere does not confirm, and time alone does not either...
        pacer.outputArrived(now: Self.second)
        #expect(pacer.allowance(now: 5 * Self.second) == 0)
        // ...until nothing at all came for the stuck limit (a silent switch to raw mode).
        #expect(pacer.allowance(now: 11 * Self.second) == SSHInputPacer.limit)
    }

    @Test func withoutEchoSimulationOutputConfirmsAndQuietTimeReleases() {
        var pacer = SSHInputPacer()
        pacer.wrote(SSHInputPacer.limit, now: 0)
        pacer.outputArrived(now: 1)
        #expect(pacer.allowance(now: 1) == SSHInputPacer.limit)
        pacer.wrote(SSHInputPacer.limit, now: 2)
        #expect(pacer.allowance(now: 3) == 0)
        #expect(pacer.nextRelease(now: 3) == 2 + SSHInputPacer.quietRelease)
        #expect(pacer.allowance(now: 2 + SSHInputPacer.quietRelease) == SSHInputPacer.limit)
    }
}
