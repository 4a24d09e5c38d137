import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// SIGWINCH, SIGTERM, SIGHUP, SIGINT and SIGQUIT as an event source: the signals are blocked
/// and read from a signalfd (a tiny C shim), so there are no handlers and no global state, and
/// a termination signal ends the session through the normal path, which restores the
/// terminal. `pause()`/`resume()` give the signals back around a suspend.
package final class SignalSource: EventSource {
    private var descriptor: Int32 = -1
    private var previousMask = sigset_t()
    /// Gets each signal number.
    package var onSignal: (Int32) -> Void = { _ in }

    /// Starts catching (blocking the signals in this thread, and in every thread it starts
    /// from now on).
    package init() {
        descriptor = rterm_signalfd_open(&previousMask)
    }

    deinit { pause() }

    /// Restores the signal mask (before stopping for a suspend, or at the end).
    package func pause() {
        guard descriptor >= 0 else { return }
        rterm_signal_mask_restore(&previousMask)
        close(descriptor)
        descriptor = -1
    }

    /// Catches the signals again after `pause()`.
    package func resume() {
        guard descriptor < 0 else { return }
        descriptor = rterm_signalfd_open(&previousMask)
    }

    package var pollInterests: [PollInterest] {
        descriptor < 0 ? [] : [PollInterest(descriptor: descriptor, events: Int16(POLLIN))]
    }

    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard let ready = readiness.first, ready != 0 else { return }
        while descriptor >= 0 {
            let signal = rterm_signalfd_read(descriptor)
            if signal == 0 { return }
            onSignal(signal)
        }
    }

    /// `TERM` for SIGTERM and so on.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: return "TERM"
        case SIGHUP: return "HUP"
        case SIGINT: return "INT"
        default: return "QUIT"
        }
    }
}
