/// The remote's modes that change what keys, pastes and mouse events send, copied out of
/// `TerminalModes` so the encoders never read the terminal itself (build one with
/// `KeyEncodingOptions.matching(terminal.modes)` right before encoding).
public struct KeyEncodingOptions: Equatable, Sendable {
    /// DECCKM (?1): unmodified arrows, Home and End send `ESC O x` instead of `ESC [ x`.
    package var cursorKeysApplication = false
    /// DECKPAM (`ESC =`): keypad keys send `ESC O x` instead of their characters.
    package var keypadApplication = false
    /// LNM (20): Enter sends CR LF instead of CR.
    package var lineFeedNewLine = false
    /// Backspace sends BS (0x08) and Ctrl+Backspace DEL (0x7F), the reverse of the default;
    /// a local preference (DECBKM ?67 is not tracked by the engine), off by default as in xterm.
    package var backspaceSendsControlH = false
    /// ?2004: pastes are wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`.
    package var bracketedPaste = false
    /// ?1004: focus changes are reported.
    package var focusEvents = false
    /// Which mouse events the remote wants (?9, ?1000, ?1002, ?1003).
    package var mouseTracking = MouseTracking.off
    /// How mouse events are encoded (?1005, ?1006).
    package var mouseEncoding = MouseEncoding.x10
    /// The kitty keyboard protocol flags of the remote's current screen (`CSI > flags u`):
    /// empty, keys go as xterm sends them.
    package var kittyFlags: KittyKeyboardFlags = []
    /// xterm's modifyOtherKeys (`CSI > 4 ; Pv m`): 0 off, 1 modified keys that would
    /// otherwise be ambiguous (Ctrl+I, Shift+Enter…), 2 every modified key, as escapes.
    package var modifyOtherKeys = 0
    /// xterm's formatOtherKeys resource: how modifyOtherKeys writes a key, `CSI 27 ; m ; code ~`
    /// (false, xterm's default) or `CSI code ; m u` (true). A local preference.
    package var formatOtherKeys = false

    /// The defaults: what a freshly reset xterm sends.
    package init(
        cursorKeysApplication: Bool = false, keypadApplication: Bool = false, lineFeedNewLine: Bool = false,
        backspaceSendsControlH: Bool = false, bracketedPaste: Bool = false, focusEvents: Bool = false,
        mouseTracking: MouseTracking = .off, mouseEncoding: MouseEncoding = .x10,
        kittyFlags: KittyKeyboardFlags = [], modifyOtherKeys: Int = 0, formatOtherKeys: Bool = false
    ) {
        self.cursorKeysApplication = cursorKeysApplication
        self.keypadApplication = keypadApplication
        self.lineFeedNewLine = lineFeedNewLine
        self.backspaceSendsControlH = backspaceSendsControlH
        self.bracketedPaste = bracketedPaste
        self.focusEvents = focusEvents
        self.mouseTracking = mouseTracking
        self.mouseEncoding = mouseEncoding
        self.kittyFlags = kittyFlags
        self.modifyOtherKeys = modifyOtherKeys
        self.formatOtherKeys = formatOtherKeys
    }

    /// The options for the modes the remote has set; `backspaceSendsControlH` is the local
    /// preference to keep, since the remote does not set it.
    public static func matching(
        _ modes: TerminalModes, backspaceSendsControlH: Bool = false, formatOtherKeys: Bool = false
    ) -> KeyEncodingOptions {
        KeyEncodingOptions(
            cursorKeysApplication: modes.cursorKeysApplication,
            keypadApplication: modes.keypadApplication,
            lineFeedNewLine: modes.lineFeedNewLine,
            backspaceSendsControlH: backspaceSendsControlH,
            bracketedPaste: modes.bracketedPaste,
            focusEvents: modes.focusEvents,
            mouseTracking: modes.mouseTracking,
            mouseEncoding: modes.mouseEncoding,
            kittyFlags: modes.kittyKeyboard,
            modifyOtherKeys: modes.modifyOtherKeys,
            formatOtherKeys: formatOtherKeys)
    }
}
