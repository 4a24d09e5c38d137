/// Whether an SSH link is still alive, from when the server last sent anything: the
/// keepalive decisions of `ServerAliveInterval` / `ServerAliveCountMax`, pure, over two clocks
/// in nanoseconds that the caller reads (tests pass numbers).
///
/// - `awake` stops while the machine sleeps (`CLOCK_MONOTONIC`), `boot` does not
///   (`CLOCK_BOOTTIME`). Silence is counted on `awake`, so a laptop lid closed for an hour
///   does not count as an hour without an answer: a link that survived the sleep survives
///   the wake-up too.
/// - As in OpenSSH, the link is dead after `interval × countMax` seconds of silence
///   (`ServerAliveInterval 15`, `ServerAliveCountMax 3`: about 45 s).
/// - A wake-up (`boot` moved at least `sleepThreshold` further than `awake`) is when links
///   usually die: NAT tables and Wi-Fi associations are gone. The watch then asks for a
///   keepalive at once and gives the server one `interval` to answer, so a link that died in
///   the sleep is noticed within one interval of waking, not `interval × countMax`.
package struct SSHLinkWatch: Equatable, Sendable {
    /// `ServerAliveInterval`, in seconds (> 0).
    package let interval: Int
    /// `ServerAliveCountMax` (at least 1).
    package let countMax: Int
    /// When the server last sent a byte, on the awake clock.
    package private(set) var lastReceived: UInt64
    /// When the watch last looked, on both clocks (to see a sleep between two looks).
    private var lastAwake: UInt64
    private var lastBoot: UInt64
    /// After a wake-up: the link is dead unless a byte arrives before this (awake clock).
    package private(set) var probeDeadline: UInt64?

    /// How much further the boot clock must move than the awake clock to count as a sleep.
    package static let sleepThreshold: UInt64 = 2_000_000_000

    /// What the watch says at one look.
    package enum Verdict: Equatable, Sendable {
        /// The link is fine; send a keepalive now when `keepaliveNow` (after a wake-up).
        case alive(keepaliveNow: Bool)
        /// Silent for too long: `seconds` is the bound that ran out, `afterSleep` whether it
        /// was the one-interval bound after a wake-up.
        case dead(seconds: Int, afterSleep: Bool)
    }

    /// A watch that starts counting at `awake` / `boot`.
    package init(interval: Int, countMax: Int, awake: UInt64, boot: UInt64) {
        self.interval = max(interval, 1)
        self.countMax = max(countMax, 1)
        lastReceived = awake
        lastAwake = awake
        lastBoot = boot
    }

    /// The seconds of silence after which the link is dead (OpenSSH's formula).
    package var limit: Int { interval * countMax }

    /// The server sent something at `awake`.
    package mutating func received(awake: UInt64) {
        lastReceived = max(lastReceived, awake)
        probeDeadline = nil
    }

    /// Looks at the link at `awake` / `boot`.
    package mutating func check(awake: UInt64, boot: UInt64) -> Verdict {
        let awakeStep = awake &- min(awake, lastAwake)
        let bootStep = boot &- min(boot, lastBoot)
        lastAwake = max(lastAwake, awake)
        lastBoot = max(lastBoot, boot)
        var keepaliveNow = false
        if bootStep > awakeStep &+ Self.sleepThreshold {
            keepaliveNow = true
            probeDeadline = awake &+ UInt64(interval) * 1_000_000_000
        }
        if awake &- min(awake, lastReceived) >= UInt64(limit) * 1_000_000_000 {
            return .dead(seconds: limit, afterSleep: false)
        }
        if let probeDeadline, awake >= probeDeadline {
            return .dead(seconds: interval, afterSleep: true)
        }
        return .alive(keepaliveNow: keepaliveNow)
    }

    /// The latest the link must be looked at again (awake clock): when it would be dead.
    package var nextCheck: UInt64 {
        let silenceEnd = lastReceived &+ UInt64(limit) * 1_000_000_000
        return probeDeadline.map { min($0, silenceEnd) } ?? silenceEnd
    }
}
