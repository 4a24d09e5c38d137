/// The modes a remote program can set (SM/RM and DECSET/DECRST), as one value the input
/// path reads to encode keys (DECCKM, bracketed paste, mouse) without touching the terminal.
public struct TerminalModes: Equatable, Sendable {
    /// IRM (4): printing shifts the rest of the line right.
    package var insert = false
    /// LNM (20): LF, VT and FF also return the carriage; Return sends CR LF.
    package var lineFeedNewLine = false
    /// DECCKM (?1): cursor keys send `ESC O x` instead of `ESC [ x`.
    package var cursorKeysApplication = false
    /// DECKPAM/DECKPNM (`ESC =` / `ESC >`, also ?66): the keypad sends application sequences.
    package var keypadApplication = false
    /// DECOM (?6): cursor addressing is relative to the scroll region.
    package var origin = false
    /// DECAWM (?7): printing past the last column wraps to the next line.
    package var autowrap = true
    /// DECTCEM (?25): the cursor is shown.
    package var cursorVisible = true
    /// DECSCNM (?5): the whole screen is shown in reverse video.
    package var reverseVideo = false
    /// ?2004: pasted text is wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`.
    package var bracketedPaste = false
    /// ?1004: focus changes are reported as `ESC [ I` / `ESC [ O`.
    package var focusEvents = false
    /// ?1007 (xterm's alternateScroll, on by default as in xterm and tmux): on the alternate
    /// screen, the wheel of a front whose remote has not taken the mouse sends ↑ and ↓.
    package var alternateScroll = true
    /// Which mouse events the remote wants reported (?9, ?1000, ?1002, ?1003).
    package var mouseTracking = MouseTracking.off
    /// How mouse reports are encoded (?1005, ?1006).
    package var mouseEncoding = MouseEncoding.x10
    /// DECSCUSR (`CSI Ps SP q`): the cursor style asked for, 0 = the terminal's default.
    package var cursorStyle = 0
    /// DECLRMM (?69): DECSLRM may set left and right margins.
    package var leftRightMargins = false
    /// ?41: a tab after a line filled to the end moves to the next line first (xterm's fix
    /// for more(1) and curses).
    package var tabWrapsPendingLine = false
    /// ?45: with DECAWM, BS and CUB continue at the end of the row above when it wrapped.
    package var reverseWraparound = false
    /// ?1045: with DECAWM, BS and CUB continue at the end of any row above.
    package var extendedReverseWraparound = false
    /// ?2027: a grapheme cluster (ZWJ sequence, skin tone, flag, VS16 emoji) takes one cell
    /// group of the cluster's width; off, the cursor moves by each code point's `wcwidth`.
    package var graphemeClustering = false
    /// The kitty keyboard protocol flags of the current screen: the top of that screen's
    /// stack (`CSI > flags u` pushes, `CSI < n u` pops, `CSI = flags ; mode u` sets).
    package var kittyKeyboard: KittyKeyboardFlags = []
    /// xterm's modifyOtherKeys (`CSI > 4 ; Pv m`): 0, 1 or 2.
    package var modifyOtherKeys = 0
    /// ?2026 synchronized output: the program is drawing a frame; the front shows nothing
    /// new until it is reset (or a second passes).
    package var synchronizedOutput = false
    /// ?2031: the program wants `CSI ? 997 ; 1|2 n` when the user's colour scheme changes.
    package var colorSchemeReports = false
    /// ?2048: the program wants `CSI 48 ; rows ; columns ; height ; width t` on every resize.
    package var inBandResize = false

    /// The modes after power-on or RIS.
    package init() {}
}

/// Mouse reporting modes.
package enum MouseTracking: Sendable {
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
package enum MouseEncoding: Sendable {
    /// `ESC [ M b x y` with bytes offset by 32 (coordinates up to 223).
    case x10
    /// ?1005: the same, with coordinates encoded as UTF-8.
    case utf8
    /// ?1006: `ESC [ < b ; x ; y M/m`.
    case sgr
}
