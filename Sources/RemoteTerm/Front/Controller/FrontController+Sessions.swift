import RemoteTermEngine
import RemoteTermSSH

/// What the controller does for the workspace: asking for a new session's destination,
/// standing down when another session is shown, and the sessions in the bar and menu.
extension FrontController {
    /// What the bar row shows in its first column while typed keys are shown before their
    /// echo.
    package static let predictionMark = "≈"

    /// The question `~c` (and the menu's New session) asks on the bar row.
    package static let destinationQuestion = "new session ([options] [user@]host, or --local): "

    /// Asks for a new session's destination on the bar row (`~c`, the menu's New session).
    /// Enter opens it; Esc or an empty answer gives up.
    /// The transfers' progress button on the bar (nil: none runs); whether the bar changed.
    @discardableResult
    package mutating func setTransferProgress(_ label: String?) -> Bool {
        let before = bar
        bar.setTransferProgress(label)
        return bar != before
    }

    /// A remote completion arrived: the question's answer becomes the completed one if it
    /// still reads `typed` (the matches listed when there are several); whether it changed.
    @discardableResult
    package mutating func completePrompt(_ typed: String, with completion: PathCompletion) -> Bool {
        guard case .prompt(var editor, let purpose) = mode, editor.answer == typed else { return false }
        let before = editor
        editor.complete { _ in completion }
        guard editor != before else { return false }
        mode = .prompt(editor, purpose: purpose)
        return true
    }

    /// `~u` and `~d`: the file to copy, asked on the bar row.
    package mutating func askForTransfer(_ direction: FileTransferRequest.Direction) {
        let question = direction == .upload ? Self.uploadQuestion : Self.downloadQuestion
        mode = .prompt(PromptEditor(PromptRequest(text: question, kind: .text)), purpose: direction == .upload ? .upload : .download)
    }

    // Short, so that what is typed shows at 80 columns (the row does not scroll); Esc
    // cancels, as every question on the bar row.
    static let uploadQuestion = "upload (Tab completes): "
    static let downloadQuestion = "download (Tab completes): "

    /// `~c`: the destination asked on the bar row, the first session's connection options
    /// already typed (`newSessionOptions`; Ctrl+U clears them).
    package mutating func askForDestination() {
        let offered = newSessionOptions.isEmpty ? "" : newSessionOptions + " "
        mode = .prompt(
            PromptEditor(PromptRequest(text: Self.destinationQuestion, kind: .text), answer: offered), purpose: .openSession)
    }

    /// Another session is shown: what belonged to the one before stands down. Its
    /// selection, the menu, a panel, the history position, a link waiting to open and the
    /// question on the bar row go; armed modifiers are released (locked ones stay, as the
    /// user set them for every key). A question the new session waits on is asked again by
    /// the workspace.
    package mutating func sessionShown() {
        // A problem notice stays until dismissed; a passing status was the other session's.
        if case .notice = mode {} else { mode = .live }
        pendingLink = nil
        pointer = PointerState()
        status = nil
        bar.releaseArmedModifiers()
    }

    /// The sessions as their tabs read: a page of tabs on the bar and entries in the menu,
    /// both only when there are several.
    /// Returns whether they changed (the bar row is then drawn again).
    @discardableResult
    package mutating func setSessionLabels(_ labels: [String]) -> Bool {
        let shown = labels.count > 1 ? labels : []
        guard shown != sessionLabels else { return false }
        sessionLabels = shown
        bar.setSessionTabs(shown)
        return true
    }

    /// The shown session ended while others still run: `line` stays on the bar row until a
    /// key or a click closes the session (`.dismissSession`).
    package mutating func showEnded(_ line: String) {
        mode = .ended(InertText.make(line))
    }

    /// Shows the key set `name` on the bar; returns whether the bar changed. A popup or a
    /// held button of the set before goes with it.
    package mutating func showKeySet(_ name: String) -> Bool {
        guard bar.showSet(name) else { return false }
        if case .popup = mode { mode = .live }
        return true
    }
}
