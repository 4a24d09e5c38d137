/// Paces input to a remote terminal so that OpenSSH's simulated echo never outgrows what
/// libssh2 can receive.
///
/// When the remote terminal has echo off in canonical mode (a password prompt, or
/// `stty -echo; cat > file`), OpenSSH's sshd answers every write it makes to the terminal
/// with an `SSH_MSG_IGNORE` of the same size, so that the traffic looks as if it echoed
/// (channels.c, "Simulate echo to reduce the impact of traffic analysis"), except for a write
/// that begins with a carriage return. sshd writes all it holds for the terminal at once, up
/// to the pty's free space (64 KiB on Linux), and libssh2 (1.10 and later) drops the
/// connection on any packet over 40,000 bytes. A paste sent as fast as the channel window
/// allows builds up far more than that in sshd whenever the remote reader falls behind:
/// measured on a loaded machine, every 1 MiB paste into `stty -echo; cat > file` lost the
/// connection.
///
/// So a pty session keeps what sshd may still hold for the terminal under `limit`, counting
/// what the terminal is known to have taken:
/// - ignore messages give the size of each write sshd made to the terminal;
/// - the channel window gives an exact count from time to time (sshd returns window as the
///   terminal takes the data, once enough is outstanding);
/// - a write sshd makes silently (it began with CR) leaves the count short; when the byte
///   sshd would write next is a CR and nothing came for `silentWriteWait`, the rest is assumed
///   taken, but never more than `betLimit` bytes until an exact count confirms it, so what sshd
///   can hold stays under `limit + betLimit` (32 KiB), well below libssh2's limit;
/// - without ignore messages (echo on, raw mode) output confirms everything sent, and after
///   `quietRelease` without any sign the next `limit` bytes may go;
/// - after `stuckRelease` with no sign at all, the assumptions start over.
/// Pure: the transport passes the bytes, counts and times in.
struct SSHInputPacer {
    /// What sshd may hold for the terminal by the count.
    static let limit = 16 * 1024
    /// What may be assumed taken without evidence, until an exact count.
    static let betLimit = 16 * 1024
    /// How long a silent write may be waited for before it is assumed, in nanoseconds.
    static let silentWriteWait: UInt64 = 20_000_000
    /// How long unconfirmed input waits before more goes anyway, without echo simulation.
    static let quietRelease: UInt64 = 500_000_000
    /// After this long without ignore messages, output counts as confirmation again.
    static let modeMemory: UInt64 = 2_000_000_000
    /// After this long without any confirmation, assumptions start over.
    static let stuckRelease: UInt64 = 2_000_000_000

    /// Bytes sent that the terminal is not known to have taken, oldest first.
    private var pending = ByteQueue()
    /// Bytes sent in all.
    private var sentTotal = 0
    /// Bytes assumed taken without evidence since the last exact count.
    private(set) var assumed = 0
    /// When input was last confirmed (or released).
    private var lastConfirmation: UInt64 = 0
    /// When the last ignore message arrived; nil while echo is not being simulated.
    private var lastIgnore: UInt64?

    /// Bytes sent that are not known to have been taken.
    var unconfirmed: Int { pending.count }

    /// How many bytes may be written now.
    mutating func allowance(now: UInt64) -> Int {
        if pending.count >= Self.limit, let due = nextRelease(now: now), now >= due {
            release(now: now)
        }
        return max(0, Self.limit - pending.count)
    }

    /// When the allowance grows without news, if it is used up now; nil otherwise.
    func nextRelease(now: UInt64) -> UInt64? {
        guard pending.count >= Self.limit else { return nil }
        guard lastIgnore != nil else { return lastConfirmation &+ Self.quietRelease }
        if assumed < Self.betLimit, pending.first == 0x0D { return lastConfirmation &+ Self.silentWriteWait }
        return lastConfirmation &+ Self.stuckRelease
    }

    private mutating func release(now: UInt64) {
        let waited = now &- lastConfirmation
        lastConfirmation = now
        guard lastIgnore != nil else {
            // Echo is not simulated: nothing sshd writes can outgrow libssh2.
            pending.removeAll()
            return
        }
        if assumed < Self.betLimit, pending.first == 0x0D, waited < Self.stuckRelease {
            let count = min(pending.count, Self.betLimit - assumed)
            pending.removeFirst(count)
            assumed += count
        } else {
            // Nothing at all for a long time: start over.
            pending.removeAll()
            assumed = 0
            lastIgnore = nil
        }
    }

    /// `bytes` were written.
    mutating func wrote(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if pending.isEmpty { lastConfirmation = now }
        pending.append(contentsOf: bytes)
        sentTotal += bytes.count
    }

    /// Ignore messages carrying `payload` bytes arrived: sshd wrote about that much (less
    /// each message's 4-byte length and its own 4 bytes) to a terminal with echo off.
    mutating func ignored(payload: Int, messages: Int, now: UInt64) {
        guard messages > 0 else { return }
        lastIgnore = now
        lastConfirmation = now
        pending.removeFirst(max(0, payload - 8 * messages))
    }

    /// sshd has taken `total` bytes of all those sent (from the channel window): an exact
    /// count, which settles every assumption made before it.
    mutating func taken(total: Int, now: UInt64) {
        let confirmed = sentTotal - pending.count
        if total > confirmed {
            pending.removeFirst(total - confirmed)
            lastConfirmation = now
        }
        if total >= confirmed { assumed = 0 }
    }

    /// Output arrived from the remote side.
    mutating func outputArrived(now: UInt64) {
        if let lastIgnore {
            guard now &- lastIgnore >= Self.modeMemory else { return }
            self.lastIgnore = nil
        }
        pending.removeAll()
        assumed = 0
        lastConfirmation = now
    }
}
