/// The meaning of control sequences: the only place that knows final bytes, private markers,
/// intermediates and parameter defaults. Each case names its mnemonic.
extension Terminal {
    /// A complete CSI sequence from the parser. Taken `inout` only so it is passed by
    /// address: parameters are read one at a time where they lie (a copy would read the
    /// parser's just-written bytes with wide loads, which stall on store forwarding).
    mutating func csiDispatch(_ s: inout CSISequence) {
        let untouched = isUntouchedSinceWholesaleChange
        untouchedSince = nil
        let final = s.final
        // Colon sub-parameters mean something only in SGR; elsewhere xterm ignores the sequence.
        if s.parameters.subparameterMask != 0 && final != UInt8(ascii: "m") { return }
        let n = s.parameters.value(at: 0, default: 1)
        switch (s.privateMarker, s.intermediates) {
        case (0, 0):
            dispatchPlain(final, &s, n)
        case (UInt8(ascii: "?"), 0):
            switch final {
            case UInt8(ascii: "h"): setModes(s.parameters, isPrivate: true, enabled: true)  // DECSET
            case UInt8(ascii: "l"): setModes(s.parameters, isPrivate: true, enabled: false)  // DECRST
            case UInt8(ascii: "J"): eraseInDisplay(s.parameters[0], selective: true)  // DECSED
            case UInt8(ascii: "K"): eraseInLine(s.parameters[0], selective: true)  // DECSEL
            case UInt8(ascii: "n"): reportDECDeviceStatus(s.parameters[0], id: s.parameters[1])  // DECDSR
            case UInt8(ascii: "s"): savePrivateModes(s.parameters)  // XTSAVE
            case UInt8(ascii: "r"): restorePrivateModes(s.parameters)  // XTRESTORE
            case UInt8(ascii: "u"): kittyKeyboard(UInt8(ascii: "?"), s.parameters)  // kitty flags query
            default: break
            }
        case (UInt8(ascii: ">"), 0):
            switch final {
            case UInt8(ascii: "c"): if s.parameters[0] == 0 { reportSecondaryDeviceAttributes() }  // DA2
            case UInt8(ascii: "u"): kittyKeyboard(UInt8(ascii: ">"), s.parameters)  // kitty flags push
            case UInt8(ascii: "m"): setKeyModifierOptions(s.parameters)  // XTMODKEYS
            case UInt8(ascii: "n"): disableKeyModifierOptions(s.parameters)  // XTMODKEYS (disable)
            default: break
            }
        case (UInt8(ascii: "<"), 0):
            if final == UInt8(ascii: "u") { kittyKeyboard(UInt8(ascii: "<"), s.parameters) }  // kitty flags pop
        case (UInt8(ascii: "="), 0):
            if final == UInt8(ascii: "u") { kittyKeyboard(UInt8(ascii: "="), s.parameters) }  // kitty flags set
        case (0, UInt16(UInt8(ascii: "$"))):
            switch final {
            case UInt8(ascii: "p"): reportMode(s.parameters[0], isPrivate: false)  // DECRQM (ANSI)
            case UInt8(ascii: "}"): setStatusDisplay(active: s.parameters[0], type: nil)  // DECSASD
            case UInt8(ascii: "~"): setStatusDisplay(active: nil, type: s.parameters[0])  // DECSSDT
            default: rectangleDispatch(final, s.parameters, afterUntouched: untouched)  // DECCRA DECFRA DECERA DECSERA DECCARA DECRARA
            }
        case (UInt8(ascii: "?"), UInt16(UInt8(ascii: "$"))):
            if final == UInt8(ascii: "p") { reportMode(s.parameters[0], isPrivate: true) }  // DECRQM (DEC)
        case (0, UInt16(UInt8(ascii: " "))):
            if final == UInt8(ascii: "q") && s.parameters[0] <= 6 { modes.cursorStyle = s.parameters[0] }  // DECSCUSR
        case (0, UInt16(UInt8(ascii: "!"))):
            if final == UInt8(ascii: "p") { softReset() }  // DECSTR
        case (0, UInt16(UInt8(ascii: "\""))):
            if final == UInt8(ascii: "p") { setConformanceLevel(s.parameters) }  // DECSCL
            if final == UInt8(ascii: "q") { selectCharacterProtection(s.parameters[0]) }  // DECSCA
        case (0, UInt16(UInt8(ascii: "*"))):
            if final == UInt8(ascii: "y") { reportRectangleChecksum(s.parameters) }  // DECRQCRA
            if final == UInt8(ascii: "|") { setLinesPerScreen(s.parameters[0]) }  // DECSNLS
            if final == UInt8(ascii: "x") { selectAttributeChangeExtent(s.parameters[0]) }  // DECSACE
        case (0, UInt16(UInt8(ascii: "'"))):
            if final == UInt8(ascii: "}") { insertColumns(n) }  // DECIC
            if final == UInt8(ascii: "~") { deleteColumns(n) }  // DECDC
        default:
            break
        }
    }

    /// The parameters are read in place from the sequence (`inout`): passed on their own,
    /// they were copied, 80 bytes, for every cursor motion.
    private mutating func dispatchPlain(_ final: UInt8, _ s: inout CSISequence, _ n: Int) {
        switch final {
        case UInt8(ascii: "@"): insertCharacters(n)  // ICH
        case UInt8(ascii: "A"): cursorUp(n)  // CUU
        case UInt8(ascii: "B"): cursorDown(n)  // CUD
        case UInt8(ascii: "C"): cursorForward(n)  // CUF
        case UInt8(ascii: "D"): cursorBackward(n)  // CUB
        case UInt8(ascii: "E"):  // CNL
            cursorDown(n)
            carriageReturn()
        case UInt8(ascii: "F"):  // CPL
            cursorUp(n)
            carriageReturn()
        case UInt8(ascii: "G"), UInt8(ascii: "`"): setCursorColumn(n - 1)  // CHA, HPA
        case UInt8(ascii: "H"), UInt8(ascii: "f"):  // CUP, HVP
            setCursor(row: n - 1, column: s.parameters.value(at: 1, default: 1) - 1)
        case UInt8(ascii: "I"): tabForward(n)  // CHT
        case UInt8(ascii: "J"): eraseInDisplay(s.parameters[0])  // ED
        case UInt8(ascii: "K"): eraseInLine(s.parameters[0])  // EL
        case UInt8(ascii: "L"): insertLines(n)  // IL
        case UInt8(ascii: "M"): deleteLines(n)  // DL
        case UInt8(ascii: "P"): deleteCharacters(n)  // DCH
        case UInt8(ascii: "S"): scrollUp(n)  // SU
        case UInt8(ascii: "T"):  // SD (with more parameters it is xterm's mouse tracking start)
            if s.parameters.count <= 1 { scrollDown(n) }
        case UInt8(ascii: "X"): eraseCharacters(n)  // ECH
        case UInt8(ascii: "Z"): tabBackward(n)  // CBT
        case UInt8(ascii: "a"): cursorColumnRelative(n)  // HPR
        case UInt8(ascii: "b"): repeatLastCharacter(n)  // REP
        case UInt8(ascii: "c"): if s.parameters[0] == 0 { reportPrimaryDeviceAttributes() }  // DA1
        case UInt8(ascii: "d"): setCursorRow(n - 1)  // VPA
        case UInt8(ascii: "e"): cursorRowRelative(n)  // VPR
        case UInt8(ascii: "g"): clearTabStops(s.parameters[0])  // TBC
        case UInt8(ascii: "h"): setModes(s.parameters, isPrivate: false, enabled: true)  // SM
        case UInt8(ascii: "l"): setModes(s.parameters, isPrivate: false, enabled: false)  // RM
        case UInt8(ascii: "m"): selectGraphicRendition(s.parameters)  // SGR
        case UInt8(ascii: "n"): reportDeviceStatus(s.parameters[0], isPrivate: false)  // DSR
        case UInt8(ascii: "r"): setScrollRegion(top: s.parameters[0], bottom: s.parameters[1])  // DECSTBM
        case UInt8(ascii: "s"):  // DECSLRM while DECLRMM is set, else SCOSC
            if modes.leftRightMargins { setLeftRightMargins(left: s.parameters[0], right: s.parameters[1]) } else { saveCursor() }
        case UInt8(ascii: "t"): windowOperation(s.parameters)  // XTWINOPS
        case UInt8(ascii: "u"): restoreCursor()  // SCORC
        default: break
        }
    }
}
