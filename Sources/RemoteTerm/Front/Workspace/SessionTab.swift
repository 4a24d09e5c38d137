import RemoteTermCore
import RemoteTermEngine

/// What a session's tab says: its name and what happened there while it was not shown.
/// Marks follow tmux's window flags, so they read without colour: `*` shown, `#` output
/// since last seen, `!` a bell, `?` a question (password, passphrase, host key) waits,
/// `✉` a notification came, `✗N` the shell's last command failed with status N (OSC 133),
/// `42%` the remote's progress report (OSC 9 ; 4; `…` busy), and `[N]` the session ended
/// with status N (shown until the session is closed).
package struct SessionTab: Equatable, Sendable {
    /// The session's name (its destination as given, or the local command).
    package var name: String
    /// Output arrived since the session was last shown.
    package var hasActivity = false
    /// The remote rang the bell since the session was last shown.
    package var hasBell = false
    /// The connection asks something and waits for the session to be shown.
    package var isWaitingForAnswer = false
    /// How the session ended, once it has.
    package var ending: SessionEnding?
    /// A notification came since the session was last shown.
    package var hasNotification = false
    /// The status of the shell's last command when it failed (nil: it succeeded, or the
    /// shell does not say).
    package var failedStatus: Int?
    /// The remote's progress report.
    package var progress: TerminalProgress?

    /// The shell said its command finished with `status`.
    package mutating func commandFinished(status: Int?) {
        failedStatus = status.flatMap { $0 == 0 ? nil : $0 }
    }

    /// The longest name a tab shows, in characters (the rest is cut).
    package static let nameLimit = 16

    /// A tab for `name`, with no marks.
    package init(name: String) {
        self.name = name
    }

    /// The name as the tab shows it: without `user@` when that is what makes it too long.
    var shortName: String {
        guard name.count > Self.nameLimit, let at = name.firstIndex(of: "@") else { return name }
        return String(name[name.index(after: at)...])
    }

    /// The tab's label as the bar and menu show it: `2:db#!` (number from 1).
    package func label(number: Int, isShown: Bool) -> String {
        var text = "\(number):" + String(shortName.prefix(Self.nameLimit))
        if let ending {
            return text + "[\(ending.exitStatus)]"
        }
        if isShown { text += "*" }
        if hasActivity { text += "#" }
        if hasBell { text += "!" }
        if isWaitingForAnswer { text += "?" }
        if hasNotification { text += "✉" }
        if let failedStatus { text += "✗\(failedStatus)" }
        if let progress { text += progress.barLabel }
        return text
    }
}

extension TerminalProgress {
    /// How the bar and a tab show the report: `42%`, `…` while busy, `!42%` after an error,
    /// `‖42%` paused.
    package var barLabel: String {
        switch self {
        case .percent(let value): "\(value)%"
        case .indeterminate: "…"
        case .error(let value): "!" + (value.map { "\($0)%" } ?? "")
        case .paused(let value): "‖" + (value.map { "\($0)%" } ?? "")
        }
    }
}
