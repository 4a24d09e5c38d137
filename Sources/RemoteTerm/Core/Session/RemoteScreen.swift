import RemoteTermEngine
import RemoteTermSSH

/// A session's screen: the remote's terminal, emulated, and the guesses predictive echo draws
/// over it. The output of every session that shows the remote (the interactive front, a
/// script); `terminal` is only ever what the remote sent (and rterm's own lines while the
/// connection is set up), the guesses live beside it in `predictor`.
package final class RemoteScreen: SessionOutput {
    /// The remote screen, emulated.
    package private(set) var terminal: Terminal
    /// What the keys typed will look like before the remote echoes them.
    package private(set) var predictor: PredictionEngine

    /// A `rows` x `columns` screen keeping `scrollbackLimit` lines, guessing as `predict` says.
    package init(rows: Int, columns: Int, scrollbackLimit: Int, predict: PredictionSettings) {
        terminal = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollbackLimit)
        predictor = PredictionEngine(predict)
    }

    package var waitsForErrorEnd: Bool { false }

    package var wantsMore: Bool { true }

    package func take(_ bytes: UnsafeBufferPointer<UInt8>, from stream: TransportStream, now: UInt64)
        -> SessionOutputResult
    {
        let before = terminal.clock
        let effects = terminal.feed(bytes)
        // (Asked only with guesses to judge: passing the terminal copies it, all its storage retained.)
        if !predictor.pending.isEmpty { predictor.judge(terminal: terminal, now: now) }
        return SessionOutputResult(
            work: Int(clamping: terminal.clock &- before), effects: effects, changedScreen: true)
    }

    /// Writes rterm's own text (made inert, lines ended with CR LF): what the connection says
    /// while it is set up, before the remote side draws anything.
    func showLocally(_ text: String) {
        let lines = InertText.make(text, keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false)
        let bytes = Array(lines.joined(separator: "\r\n").utf8)
        _ = bytes.withUnsafeBufferPointer { terminal.feed($0) }
    }

    /// A new size: the guesses start again from the remote's screen.
    func resize(rows: Int, columns: Int) {
        predictor.screenResized()
        terminal.resize(rows: rows, columns: columns)
    }

    /// The colours the terminal answers colour queries with until the remote changes them.
    /// The user's colour scheme; what to tell the remote of it.
    func setColorScheme(_ scheme: TerminalColorScheme) -> [UInt8] {
        terminal.setColorScheme(scheme)
    }

    func setColorDefaults(_ defaults: TerminalColors.Defaults) {
        terminal.colorDefaults = defaults
        // Colours other than xterm's came from the user's terminal: its background says
        // whether the scheme is dark or light (`CSI ? 996 n`); xterm's say nothing.
        terminal.setColorScheme(defaults == .xterm ? nil : TerminalColorScheme(background: defaults.dynamics[1]))
    }

    /// A new remote program on a reconnect: nothing the old one set may change what keys
    /// send now.
    func prepareForNewConnection() {
        terminal.prepareForNewConnection()
    }

    /// A key about to be sent at `now` (predictive echo guesses what it will show).
    func keyTyped(_ key: KeyEvent, now: UInt64) {
        predictor.keyTyped(key, terminal: terminal, now: now)
    }

    /// Input the predictions cannot follow (a paste, raw bytes): the next guesses wait for
    /// an echo.
    func inputNotPredicted() {
        predictor.inputNotPredicted()
    }

    /// Takes back guesses the remote never confirmed by `now`; returns whether any went.
    func expireGuesses(now: UInt64) -> Bool {
        guard let expiry = predictor.nextDeadline, now >= expiry else { return false }
        predictor.expire(now: now)
        return true
    }
}
