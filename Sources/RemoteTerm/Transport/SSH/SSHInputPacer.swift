/// Paces input to a remote terminal so that OpenSSH's simulated echo never outgrows what
/// libssh2 can receive.
///
/// When the remote terminal has echo off in canonical mode (a password prompt, or
/// `stty -echo; cat > file`), OpenSSH's sshd answers every write it makes to the terminal
/// with an `SSH_MSG_IGNORE` of the same size, so that the traffic looks as if it echoed
/// (channels.c, "Simulate echo to reduce the impact of traffic analysis"). sshd writes all it
/// has buffered for the terminal at once, up to the pty's free space (64 KiB on Linux), and
/// libssh2 (1.10 and later) drops the connection on any packet over 40,000 bytes. A paste
/// sent as fast as the channel window allows builds up far more than that in sshd whenever
/// the remote reader falls behind: measured on a loaded machine, every 1 MiB paste into
/// `stty -echo; cat > file` lost the connection.
///
/// So a pty session keeps what sshd may still hold for the terminal (bytes written, less
/// the bytes the terminal is known to have taken) under `limit`:
/// - once an ignore message has been seen, the terminal is in that mode, and only ignore
///   messages (the size of what sshd wrote to the terminal) confirm input: a reader that
///   stalls holds the paste back, as it should; output ends the mode only when no ignore
///   message came for `modeMemory`, and `stuckRelease` without any sign at all ends it too
///   (a program that switched to raw mode in silence);
/// - otherwise any output (an echo, a redraw) confirms everything written, and after
///   `quietRelease` without any sign the next `limit` bytes may go (a remote that takes input
///   silently in raw mode never sends ignore messages, so it cannot trip the limit).
/// Pure: the transport passes the times and counts in.
struct SSHInputPacer {
    /// What sshd may hold for the terminal: well under libssh2's 40,000-byte packet limit.
    static let limit = 24 * 1024
    /// How long unconfirmed input waits before the next `limit` bytes go anyway, in nanoseconds.
    static let quietRelease: UInt64 = 500_000_000
    /// After this long without ignore messages, output counts as confirmation again.
    static let modeMemory: UInt64 = 2_000_000_000
    /// After this long without any confirmation, the echo-off mode is given up.
    static let stuckRelease: UInt64 = 10_000_000_000

    /// Bytes written that the remote terminal is not known to have taken.
    private(set) var unconfirmed = 0
    /// When input was last confirmed (or released by time).
    private var lastConfirmation: UInt64 = 0
    /// When the last ignore message arrived; nil before any.
    private var lastIgnore: UInt64?

    /// How many bytes may be written now.
    mutating func allowance(now: UInt64) -> Int {
        if unconfirmed >= Self.limit, let release = nextRelease(now: now), now >= release {
            unconfirmed = 0
            lastConfirmation = now
            lastIgnore = nil
        }
        return max(0, Self.limit - unconfirmed)
    }

    /// When the allowance grows without news, if it is exhausted now; nil otherwise.
    func nextRelease(now: UInt64) -> UInt64? {
        guard unconfirmed >= Self.limit else { return nil }
        return lastConfirmation &+ (lastIgnore == nil ? Self.quietRelease : Self.stuckRelease)
    }

    /// `count` bytes were written.
    mutating func wrote(_ count: Int, now: UInt64) {
        if unconfirmed == 0 { lastConfirmation = now }
        unconfirmed += count
    }

    /// Ignore messages carrying `payload` bytes arrived: sshd wrote about that much (less
    /// each message's 4-byte length and its own 4 bytes) to a terminal with echo off.
    mutating func ignored(payload: Int, messages: Int, now: UInt64) {
        guard messages > 0 else { return }
        lastIgnore = now
        lastConfirmation = now
        unconfirmed = max(0, unconfirmed - max(0, payload - 8 * messages))
    }

    /// Output arrived from the remote side.
    mutating func outputArrived(now: UInt64) {
        if let lastIgnore {
            guard now &- lastIgnore >= Self.modeMemory else { return }
            self.lastIgnore = nil
        }
        unconfirmed = 0
        lastConfirmation = now
    }
}
