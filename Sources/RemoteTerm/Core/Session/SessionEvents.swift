/// The events a session keeps for the front that drives it, in order. What the front acts on
/// only once per look (the screen changed, the bell) is kept once, and a title or clipboard
/// request replaces the one still waiting: a flood of bells or titles costs no memory,
/// whether or not the driver ever takes its events (the pump and the script runner do not).
struct SessionEvents {
    private var queued: [SessionEvent] = []
    /// Notifications kept waiting for a front that has not taken them.
    static let notificationsKept = 8

    /// Keeps `event`, folded into one already waiting where that is the same to the front.
    mutating func post(_ event: SessionEvent) {
        switch event {
        case .screenChanged, .bell, .inputDropped, .linkStatusChanged, .transfersChanged:
            if queued.contains(event) { return }
        case .titleChanged:
            queued.removeAll { if case .titleChanged = $0 { return true } else { return false } }
        case .clipboardRequest:
            queued.removeAll { if case .clipboardRequest = $0 { return true } else { return false } }
        case .progressChanged:
            queued.removeAll { if case .progressChanged = $0 { return true } else { return false } }
        case .commandFinished:
            queued.removeAll { if case .commandFinished = $0 { return true } else { return false } }
        case .notification:
            // A flood of notifications keeps the first few waiting; the rest are dropped.
            let waiting = queued.count { if case .notification = $0 { return true } else { return false } }
            if waiting >= Self.notificationsKept { return }
        default:
            break
        }
        queued.append(event)
    }

    /// Whether events wait to be taken.
    var isEmpty: Bool { queued.isEmpty }

    /// The events since the last call.
    mutating func take() -> [SessionEvent] {
        defer { queued.removeAll(keepingCapacity: true) }
        return queued
    }
}
