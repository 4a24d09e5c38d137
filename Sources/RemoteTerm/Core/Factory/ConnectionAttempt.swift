import Foundation
import RemoteTermSSH

/// A connection being set up off the loop: DNS, TCP, the SSH handshake, host key checks,
/// authentication (with its prompts) and the channel requests all block, so they run on a
/// thread of their own, which hands the ready transport (or the reason it failed) back to the
/// loop and wakes it. The loop never waits for any of it.
///
/// Cancelling answers any prompt with nil and makes the result be thrown away; the thread
/// itself finishes on its own time (every stage has a timeout), and what it built is closed.
package final class ConnectionAttempt: @unchecked Sendable {
    /// What the attempt came to.
    package enum Outcome {
        /// The remote side is running on this transport.
        case connected(Transport)
        /// It failed, with this ending; `retryable` when the same attempt may work later (a
        /// network that is down), not when it will be refused again (a login, a host key).
        case failed(SessionEnding, retryable: Bool = false)
    }

    /// Where its questions go (the session shows them to the user).
    package let prompts: PromptMailbox
    private let lock = NSLock()
    private var outcome: Outcome?
    private var isCancelled = false
    private let wake: @Sendable () -> Void

    /// Starts `connect` on a new thread; `wake` is called when it is done or asks something.
    /// Questions and notices go through `prompts` (a new mailbox if none is given).
    package init(
        prompts: PromptMailbox? = nil, wake: @escaping @Sendable () -> Void,
        connect: @escaping @Sendable (PromptMailbox) -> Outcome
    ) {
        self.wake = wake
        self.prompts = prompts ?? PromptMailbox(wake: wake)
        let thread = Thread { [self] in
            let result = connect(self.prompts)
            lock.lock()
            if isCancelled {
                lock.unlock()
                if case .connected(let transport) = result { transport.close() }
                return
            }
            outcome = result
            lock.unlock()
            self.wake()
        }
        thread.name = "rterm-connect"
        thread.start()
    }

    /// An attempt that is already over (a local command started synchronously, a test).
    package init(finished: Outcome) {
        wake = {}
        prompts = PromptMailbox(wake: {})
        outcome = finished
    }

    /// The outcome, once (nil while it runs, and after it was taken).
    package func take() -> Outcome? {
        lock.lock()
        defer { lock.unlock() }
        let result = outcome
        outcome = nil
        return result
    }

    /// Gives up: prompts are answered with nil and a late result is closed and dropped.
    package func cancel() {
        lock.lock()
        isCancelled = true
        let late = outcome
        outcome = nil
        lock.unlock()
        prompts.cancel()
        if case .connected(let transport)? = late { transport.close() }
    }
}
