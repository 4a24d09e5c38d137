import RemoteTermCore
import RemoteTermEngine

/// The bar row while the link is down: how long since the remote last answered, what is
/// being tried and when, and two buttons of rterm's own, `[Reconnect now]` and `[Quit]`
/// (right-aligned, so they stay where a finger expects them whatever the text says).
extension FrontController {
    /// What a click on the reconnect row does.
    enum ReconnectTarget: Equatable {
        case reconnectNow
        case quit
    }

    /// The reconnect row at `width` columns: the status on the left (cut to fit), the
    /// buttons on the right, with what each button's columns do.
    static func reconnectLayout(
        width: Int, reconnection: Reconnection, now: UInt64, notice: Notice?
    ) -> (labels: [BarLabel], targets: [(Range<Int>, ReconnectTarget)]) {
        let buttons = width >= 44 ? ["[Reconnect now]", "[Quit]"] : ["[Retry]", "[Quit]"]
        let buttonsWidth = buttons.reduce(0) { $0 + $1.count } + 1
        var labels: [BarLabel] = []
        var targets: [(Range<Int>, ReconnectTarget)] = []
        var column = max(0, width - buttonsWidth)
        for (index, text) in buttons.enumerated() where column + text.count <= width {
            labels.append(BarLabel(column: column, text: text, emphasis: .normal))
            targets.append((column..<(column + text.count), index == 0 ? .reconnectNow : .quit))
            column += text.count + 1
        }
        let room = max(0, width - buttonsWidth - 1)
        var status = notice?.text ?? statusText(reconnection, now: now)
        if status.count + 1 > room, notice == nil { status = statusText(reconnection, now: now, compact: true) }
        labels.insert(BarLabel(column: 0, text: String((" " + status).prefix(room)), emphasis: .armed), at: 0)
        return (labels, targets)
    }

    /// "link lost, last contact 12s ago · attempt 3 in 4s", "… · attempt 3…" while it runs, or
    /// why nothing is tried any more.
    /// `compact` (narrow rows): "lost 12s ago · #3 in 4s".
    static func statusText(_ reconnection: Reconnection, now: UInt64, compact: Bool = false) -> String {
        let silent = duration(now &- min(now, reconnection.lastContact))
        let lost = compact ? "lost \(silent) ago" : "link lost, last contact \(silent) ago"
        let attempt = compact ? "#" : "attempt "
        if reconnection.isAttempting {
            return "\(lost) · \(attempt)\(reconnection.attempts)…"
        }
        if let refusal = reconnection.refusal {
            let reason = refusal.hasPrefix("rterm: ") ? String(refusal.dropFirst(7)) : refusal
            return "not retrying: \(reason)"
        }
        guard let next = reconnection.nextAttempt else { return lost }
        let wait = duration(next &- min(next, now))
        return "\(lost) · \(attempt)\(reconnection.attempts + 1) in \(wait)"
    }

    /// `7s`, `3m05s`, `2h01m`: whole seconds, rounded up while counting down.
    static func duration(_ nanoseconds: UInt64) -> String {
        let seconds = (nanoseconds + 999_999_999) / 1_000_000_000
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return "\(seconds / 60)m" + pad(seconds % 60) + "s" }
        return "\(seconds / 3600)h" + pad(seconds / 60 % 60) + "m"
    }

    private static func pad(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A press on the reconnect row.
    mutating func reconnectRowMouse(
        _ mouse: LocalMouseEvent, reconnection: Reconnection, now: UInt64, view: FrontView,
        into actions: inout [FrontAction]
    ) {
        guard mouse.action == .press else { return }
        let layout = Self.reconnectLayout(width: view.columns, reconnection: reconnection, now: now, notice: notice)
        guard let target = layout.targets.first(where: { $0.0.contains(mouse.column) })?.1 else { return }
        dismissNotice()
        switch target {
        case .reconnectNow: actions.append(.reconnectNow)
        case .quit: actions.append(.quit)
        }
        actions.append(.redraw)
    }
}
