import Foundation
import RemoteTermEngine

/// Carries prompts from a connection being set up on its own thread to the session on the
/// loop thread, and the answers back: the connecting thread asks and waits; the loop sees the
/// question on its next turn (the waker ends its sleep), the front shows it, and the user's
/// answer (or nil: cancelled) releases the waiting thread. `cancel()` answers every present
/// and future question with nil, so a session that ends never leaves a thread waiting.
package final class PromptMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private let answered = DispatchSemaphore(value: 0)
    private var request: PromptRequest?
    private var answer: String?
    private var isCancelled = false
    private var notices: [String] = []
    private let wake: @Sendable () -> Void

    /// A mailbox that calls `wake` (the loop's waker) whenever a question is posted.
    package init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Asks `request` and waits for the answer (nil: cancelled or ended). Called off the loop.
    package func ask(_ request: PromptRequest) -> String? {
        lock.lock()
        if isCancelled {
            lock.unlock()
            return nil
        }
        self.request = request
        answer = nil
        lock.unlock()
        wake()
        answered.wait()
        lock.lock()
        defer { lock.unlock() }
        self.request = nil
        return isCancelled ? nil : answer
    }

    /// The question waiting for an answer, if any (loop side).
    package var pending: PromptRequest? {
        lock.lock()
        defer { lock.unlock() }
        return request
    }

    /// Answers the waiting question (loop side); nil gives up.
    package func reply(_ text: String?) {
        lock.lock()
        guard request != nil else {
            lock.unlock()
            return
        }
        answer = text
        request = nil
        lock.unlock()
        answered.signal()
    }

    /// Tells the user something that needs no answer ("Permission denied, please try
    /// again.", a warning); the session shows it. Called off the loop.
    package func notify(_ message: String) {
        lock.lock()
        notices.append(InertText.make(message, keepingNewlines: true))
        lock.unlock()
        wake()
    }

    /// The notices since the last call (loop side).
    package func takeNotices() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = notices
        notices.removeAll()
        return taken
    }

    /// Gives up every question, present and future.
    package func cancel() {
        lock.lock()
        let waiting = request != nil
        isCancelled = true
        request = nil
        lock.unlock()
        if waiting { answered.signal() }
    }
}
