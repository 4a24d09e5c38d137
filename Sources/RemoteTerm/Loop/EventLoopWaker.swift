import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes the event loop from another thread: a non-blocking pipe whose read end the loop
/// polls. Anything handed over between threads sits behind a lock of its own (a connection
/// attempt's result, a prompt's answer); the waker only says "look again".
package final class EventLoopWaker: EventSource, @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws(EventLoopError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .pollFailed(errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Makes the loop's current or next sleep end at once. Safe from any thread; a full
    /// pipe already means "wake up".
    package func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    package var pollInterests: [PollInterest] { [PollInterest(descriptor: readEnd, events: Int16(POLLIN))] }
    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard readiness.first.map({ $0 != 0 }) == true else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
