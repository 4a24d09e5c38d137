/// The modes a remote program can set (SM/RM and DECSET/DECRST), as one value the input
/// path reads to encode keys (DECCKM, bracketed paste, mouse) without touching the terminal.
public struct TerminalModes: Equatable, Sendable {
    /// IRM (4): printing shifts the rest of the line right.
    public var insert = false
    /// LNM (20): LF, VT and FF also return the carriage; Return sends CR LF.
    public var lineFeedNewLine = false
    /// DECCKM (?1): cursor keys send `ESC O x` instead of `ESC [ x`.
    public var cursorKeysApplication = false
    /// DECKPAM/DECKPNM (`ESC =` / `ESC >`, also ?66): the keypad sends application sequences.
    public var keypadApplication = false
    /// DECOM (?6): cursor addressing is relative to the scroll region.
    public var origin = false
    /// DECAWM (?7): printing past the last column wraps to the next line.
    public var autowrap = true
    /// DECTCEM (?25): the cursor is shown.
    public var cursorVisible = true
    /// DECSCNM (?5): the whole screen is shown in reverse video.
    public var reverseVideo = false
    /// ?2004: pasted text is wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`.
    public var bracketedPaste = false
    /// ?1004: focus changes are reported as `ESC [ I` / `ESC [ O`.
    public var focusEvents = false
    /// ?1007 (xterm's alternateScroll, on by default as in xterm and tmux): on the alternate
    /// screen, the wheel of a front whose remote has not taken the mouse sends ↑ and ↓.
    public var alternateScroll = true
    /// Which mouse events the remote wants reported (?9, ?1000, ?1002, ?1003).
    public var mouseTracking = MouseTracking.off
    /// How mouse reports are encoded (?1005, ?1006).
    public var mouseEncoding = MouseEncoding.x10
    /// DECSCUSR (`CSI Ps SP q`): the cursor style asked for, 0 = the terminal's default.
    public var cursorStyle = 0
    /// DECLRMM (?69): DECSLRM may set left and right margins.
    public var leftRightMargins = false
    /// ?41: a tab after a line filled to the end moves to the next line first (xterm's fix
    /// for more(1) and curses).
    public var tabWrapsPendingLine = false
    /// ?45: with DECAWM, BS and CUB continue at the end of the row above when it wrapped.
    public var reverseWraparound = false
    /// ?1045: with DECAWM, BS and CUB continue at the end of any row above.
    public var extendedReverseWraparound = false
    /// ?2027: a grapheme cluster (ZWJ sequence, skin tone, flag, VS16 emoji) takes one cell
    /// group of the cluster's width; off, the cursor moves by each code point's `wcwidth`.
    public var graphemeClustering = false
    /// The kitty keyboard protocol flags of the current screen: the top of that screen's
    /// stack (`CSI > flags u` pushes, `CSI < n u` pops, `CSI = flags ; mode u` sets).
    public var kittyKeyboard: KittyKeyboardFlags = []
    /// xterm's modifyOtherKeys (`CSI > 4 ; Pv m`): 0, 1 or 2.
    public var modifyOtherKeys = 0
    /// ?2026 synchronized output: the program is drawing a frame; the front shows nothing
    /// new until it is reset (or a second passes).
    public var synchronizedOutput = false
    /// ?2031: the program wants `CSI ? 997 ; 1|2 n` when the user's colour scheme changes.
    public var colorSchemeReports = false
    /// ?2048: the program wants `CSI 48 ; rows ; columns ; height ; width t` on every resize.
    public var inBandResize = false

    /// The modes after power-on or RIS.
    public init() {}
}

/// Mouse reporting modes.
public enum MouseTracking: Sendable {
    /// No reports.
    case off
    /// ?9: presses only.
    case x10
    /// ?1000: presses and releases.
    case normal
    /// ?1002: also motion while a button is held.
    case buttonEvent
    /// ?1003: all motion.
    case anyEvent
}

/// Mouse report encodings.
public enum MouseEncoding: Sendable {
    /// `ESC [ M b x y` with bytes offset by 32 (coordinates up to 223).
    case x10
    /// ?1005: the same, with coordinates encoded as UTF-8.
    case utf8
    /// ?1006: `ESC [ < b ; x ; y M/m`.
    case sgr
}
