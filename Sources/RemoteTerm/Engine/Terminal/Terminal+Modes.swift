/// SM/RM and DECSET/DECRST, including the alternate screen (47, 1047, 1048, 1049).
extension Terminal {
    /// Sets or resets each mode listed in `parameters` (`isPrivate`: the `?` form).
    mutating func setModes(_ parameters: borrowing CSIParameters, isPrivate: Bool, enabled: Bool) {
        for i in 0..<parameters.count {
            if isPrivate {
                setPrivateMode(parameters[i], enabled: enabled)
            } else {
                setANSIMode(parameters[i], enabled: enabled)
            }
        }
    }

    private mutating func setANSIMode(_ mode: Int, enabled: Bool) {
        switch mode {
        case 4: modes.insert = enabled  // IRM
        case 20: modes.lineFeedNewLine = enabled  // LNM
        default: _ = recordedModes.set(mode, isPrivate: false, enabled: enabled)
        }
    }

    mutating func setPrivateMode(_ mode: Int, enabled: Bool) {
        switch mode {
        case 1: modes.cursorKeysApplication = enabled  // DECCKM
        case 5:  // DECSCNM
            if modes.reverseVideo != enabled {
                modes.reverseVideo = enabled
                for row in 0..<rows { screen.stamp(row, clock: &clock) }
            }
        case 6:  // DECOM: homes the cursor either way
            modes.origin = enabled
            setCursor(row: 0, column: 0)
        case 7:  // DECAWM
            modes.autowrap = enabled
            if !enabled { hasPendingWrap = false }
        case 25: modes.cursorVisible = enabled  // DECTCEM
        case 41: modes.tabWrapsPendingLine = enabled
        case 45: modes.reverseWraparound = enabled
        case 1045: modes.extendedReverseWraparound = enabled
        case 69:  // DECLRMM (a VT420 feature): leaving it drops the margins
            guard conformanceLevel >= 4 else { return }
            modes.leftRightMargins = enabled
            if !enabled {
                leftMargin = 0
                rightMargin = columns - 1
            }
        case 66: modes.keypadApplication = enabled  // DECNKM
        case 9: setMouseTracking(.x10, enabled: enabled)
        case 1000: setMouseTracking(.normal, enabled: enabled)
        case 1002: setMouseTracking(.buttonEvent, enabled: enabled)
        case 1003: setMouseTracking(.anyEvent, enabled: enabled)
        case 1004: modes.focusEvents = enabled
        case 1007: modes.alternateScroll = enabled
        case 1005: setMouseEncoding(.utf8, enabled: enabled)
        case 1006: setMouseEncoding(.sgr, enabled: enabled)
        case 2004: modes.bracketedPaste = enabled
        case 3: setColumnMode(wide: enabled)  // DECCOLM
        case 95: window.keepsScreenOnColumnChange = enabled && conformanceLevel >= 5  // DECNCSM (VT510)
        case 2027: modes.graphemeClustering = enabled  // Terminal+GraphemeClusters
        case 2026: modes.synchronizedOutput = enabled  // the front holds frames meanwhile
        case 2031: modes.colorSchemeReports = enabled
        case 2048:  // in-band resize reports: the size now, then at every resize
            modes.inBandResize = enabled
            if enabled { pendingEffects.append(.reply(inBandResizeReport)) }
        case 47: switchScreen(toAlternate: enabled, clearAlternate: false)
        case 1047:
            if enabled {
                switchScreen(toAlternate: true, clearAlternate: false)
            } else {
                if isAlternateScreenActive { clearScreenForAlternate() }
                switchScreen(toAlternate: false, clearAlternate: false)
            }
        case 1048:
            if enabled { saveCursor() } else { restoreCursor() }
        case 1049:
            if enabled {
                guard !isAlternateScreenActive else { return }
                saveCursor()
                switchScreen(toAlternate: true, clearAlternate: true)
            } else {
                guard isAlternateScreenActive else { return }
                switchScreen(toAlternate: false, clearAlternate: false)
                restoreCursor()
            }
        default: _ = recordedModes.set(mode, isPrivate: true, enabled: enabled)
        }
    }

    /// As in xterm, resetting any of the tracking modes turns tracking off, whichever was on.
    private mutating func setMouseTracking(_ tracking: MouseTracking, enabled: Bool) {
        modes.mouseTracking = enabled ? tracking : .off
    }

    /// As in xterm, resetting either extended encoding returns to the X10 encoding.
    private mutating func setMouseEncoding(_ encoding: MouseEncoding, enabled: Bool) {
        modes.mouseEncoding = enabled ? encoding : .x10
    }

    /// Swaps the primary and alternate screens; the cursor stays where it is.
    mutating func switchScreen(toAlternate: Bool, clearAlternate: Bool) {
        guard toAlternate != isAlternateScreenActive else {
            if toAlternate && clearAlternate { clearScreenForAlternate() }
            return
        }
        swap(&screen, &otherScreen)
        isAlternateScreenActive = toAlternate
        followKeyboardStack()
        if toAlternate && clearAlternate { clearScreenForAlternate() }
        // The whole screen changed under the renderer: stamp every row (its cells are as
        // they were, so what is known of them, plain or mirrored, stays).
        for row in 0..<rows { screen.stamp(row, clock: &clock) }
    }

    private mutating func clearScreenForAlternate() {
        let fill = erasedCell
        for row in 0..<rows { screen.clearRow(row, with: fill, clock: &clock) }
    }

    /// The DECRQM state of a mode: 1 set, 2 reset, 0 not recognised.
    func modeState(_ mode: Int, isPrivate: Bool) -> Int {
        func state(_ value: Bool) -> Int { value ? 1 : 2 }
        if !isPrivate {
            switch mode {
            case 4: return state(modes.insert)
            case 20: return state(modes.lineFeedNewLine)
            default:
                if RecordedModes.permanentlyResetANSI.contains(mode) { return 4 }
                return recordedModes.state(mode, isPrivate: false).map(state) ?? 0
            }
        }
        switch mode {
        case 1: return state(modes.cursorKeysApplication)
        case 5: return state(modes.reverseVideo)
        case 6: return state(modes.origin)
        case 7: return state(modes.autowrap)
        case 25: return state(modes.cursorVisible)
        case 41: return state(modes.tabWrapsPendingLine)
        case 45: return state(modes.reverseWraparound)
        case 1045: return state(modes.extendedReverseWraparound)
        case 69: return state(modes.leftRightMargins)
        case 66: return state(modes.keypadApplication)
        case 9: return state(modes.mouseTracking == .x10)
        case 1000: return state(modes.mouseTracking == .normal)
        case 1002: return state(modes.mouseTracking == .buttonEvent)
        case 1003: return state(modes.mouseTracking == .anyEvent)
        case 1004: return state(modes.focusEvents)
        case 1007: return state(modes.alternateScroll)
        case 1005: return state(modes.mouseEncoding == .utf8)
        case 1006: return state(modes.mouseEncoding == .sgr)
        case 2004: return state(modes.bracketedPaste)
        case 2027: return state(modes.graphemeClustering)
        case 2026: return state(modes.synchronizedOutput)
        case 2031: return state(modes.colorSchemeReports)
        case 2048: return state(modes.inBandResize)
        case 47, 1047, 1049: return state(isAlternateScreenActive)
        case 1048: return 2
        case 3: return state(window.isInColumnMode && columns == 132)
        case 95: return state(window.keepsScreenOnColumnChange)
        default:
            if RecordedModes.permanentlyResetDEC.contains(mode) { return 4 }
            return recordedModes.state(mode, isPrivate: true).map(state) ?? 0
        }
    }
}
