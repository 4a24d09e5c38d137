import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Closes an SSH connection off the loop. Saying goodbye waits for the server: a channel's
/// CLOSE must be answered (`SSHChannel` waits up to 0.5 s) and the disconnect and the free
/// up to 1 s more (`SSHSession`), so on a stalled or dead link a transport closed on the loop
/// would stop it for 1.5 s, with every other session's keys, output and keepalives. What
/// `SSHTransport.close()` lets go of (the transfers' SFTP channel, the forwards, the shell's
/// channel, the session and the jump sessions under it) is freed here instead, in that order,
/// on a thread of its own.
///
/// rterm's exit waits for the closes under way (each bounded as above, at most
/// `exitWait` in all): libcrypto's own exit handler must not run under a thread that is still
/// encrypting a goodbye.
final class SSHConnectionCloser: @unchecked Sendable {
    /// The one closer of the process.
    static let shared = SSHConnectionCloser()

    /// The longest rterm's exit waits for closes under way (a little over one close's bound).
    static let exitWait: TimeInterval = 2

    private let condition = NSCondition()
    /// Closes handed over and not finished.
    private var pending = 0

    private init() {
        // Registered after libssh2_init registered libcrypto's handler (a connection exists by
        // the first close), so it runs before it: exit handlers run in reverse order.
        atexit { SSHConnectionCloser.shared.waitForPending(timeout: SSHConnectionCloser.exitWait) }
    }

    /// Frees what `handed` holds, in order, on a new thread. The caller kept no other
    /// reference (each part was moved in from where it was kept, `Parts.take`), so that
    /// thread is the parts' only user from now on (libssh2 is used from one thread at a time)
    /// and the last to let go: a copy the caller kept would free them on the caller's thread.
    func close(_ handed: Parts) {
        guard !handed.isEmpty else { return }
        condition.lock()
        pending += 1
        condition.unlock()
        let thread = Thread { [self] in
            handed.release()
            condition.lock()
            pending -= 1
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "rterm-ssh-close"
        thread.start()
    }

    /// The closes handed over and not finished yet.
    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending
    }

    /// Waits until every close handed over has finished, for at most `timeout` seconds;
    /// returns whether they all did.
    @discardableResult
    func waitForPending(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while pending > 0 {
            if !condition.wait(until: deadline) { return pending == 0 }
        }
        return true
    }

    /// The objects of one connection, moved to the closing thread whole.
    final class Parts: @unchecked Sendable {
        private var parts: [AnyObject] = []

        /// Moves the object `kept` holds in here, leaving nil behind.
        func take<Part: AnyObject>(_ kept: inout Part?) {
            guard let part = kept else { return }
            kept = nil
            parts.append(part)
        }

        var isEmpty: Bool { parts.isEmpty }

        /// Lets go of each in order (the last reference: its deinit says goodbye).
        fileprivate func release() {
            while !parts.isEmpty { parts.removeFirst() }
        }
    }
}
