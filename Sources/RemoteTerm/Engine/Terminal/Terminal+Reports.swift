/// Answers to the remote's queries, produced as `.reply` effects for the input path.
///
/// Only answers whose content rterm chooses are given. Anything that would echo text the
/// remote chose back as input (the title reports `CSI 20 t` / `CSI 21 t`) is never
/// answered: that is a known way to inject commands into a shell.
extension Terminal {
    mutating func reply(_ text: String) {
        pendingEffects.append(.reply(Array(text.utf8)))
    }

    /// DECDSR (`CSI ? Ps n`): the cursor (6) and the statuses of devices rterm has none of,
    /// answered as xterm answers them: no printer, user-defined keys unlocked, a North American
    /// keyboard, no locator, no macros, no data errors, no multiple sessions.
    mutating func reportDECDeviceStatus(_ request: Int, id: Int) {
        switch request {
        case 6: reportDeviceStatus(6, isPrivate: true)
        case 15: reply("\u{1B}[?13n")
        case 25: reply("\u{1B}[?20n")
        case 26:
            switch conformanceLevel {
            case ...2: reply("\u{1B}[?27;1n")
            case 3: reply("\u{1B}[?27;1;0n")
            default: reply("\u{1B}[?27;1;0;0n")
            }
        case 53, 55: reply("\u{1B}[?50n")
        case 56: reply("\u{1B}[?57;0n")
        case 62: reply("\u{1B}[0*{")
        case 63: reply("\u{1B}P\(min(max(id, 0), 65535))!~0000\u{1B}\\")
        case 75: reply("\u{1B}[?70n")
        case 85: reply("\u{1B}[?83n")
        case 996: if let colorScheme { reply(Self.colorSchemeReport(colorScheme)) }  // colour scheme
        default: break
        }
    }

    /// `CSI ? 997 ; 1|2 n`: the answer to `CSI ? 996 n`, and what a program that set ?2031
    /// is told when the scheme changes.
    static func colorSchemeReport(_ scheme: TerminalColorScheme) -> String {
        "\u{1B}[?997;\(scheme.rawValue)n"
    }

    /// The user's colour scheme, as their terminal said; returns what to send the remote: a
    /// program that set ?2031 is told of a change (nothing otherwise).
    @discardableResult
    package mutating func setColorScheme(_ scheme: TerminalColorScheme?) -> [UInt8] {
        guard scheme != colorScheme else { return [] }
        colorScheme = scheme
        guard let scheme, modes.colorSchemeReports else { return [] }
        return Array(Self.colorSchemeReport(scheme).utf8)
    }

    /// `CSI 48 ; rows ; columns ; height ; width t`, the in-band resize report (?2048); the
    /// size in pixels is not known here and is sent as 0, which the protocol allows.
    package var inBandResizeReport: [UInt8] {
        Array("\u{1B}[48;\(rows);\(columns);0;0t".utf8)
    }

    /// DSR (`CSI 5 n`, `CSI 6 n`) and its DEC form (`CSI ? 6 n`).
    mutating func reportDeviceStatus(_ request: Int, isPrivate: Bool) {
        let row = (modes.origin ? cursorRow - scrollTop : cursorRow) + 1
        let column = (modes.origin ? cursorColumn - leftMargin : cursorColumn) + 1
        switch (request, isPrivate) {
        case (5, false): reply("\u{1B}[0n")
        case (6, false): reply("\u{1B}[\(row);\(column)R")
        case (6, true): reply("\u{1B}[?\(row);\(column);1R")
        default: break
        }
    }

    /// DECRQM: `CSI ? Ps $ p` or `CSI Ps $ p`.
    mutating func reportMode(_ mode: Int, isPrivate: Bool) {
        guard conformanceLevel >= 3 else { return }  // a VT100 or VT200 has no DECRQM
        let state = modeState(mode, isPrivate: isPrivate)
        reply("\u{1B}[\(isPrivate ? "?" : "")\(mode);\(state)$y")
    }

    /// DECRQSS (`DCS $ q Pt ST`): reports SGR, DECSTBM, DECSCUSR, DECSCA and DECSACE settings.
    mutating func requestStatusString(_ payload: ArraySlice<UInt8>) {
        let request = String(decoding: payload, as: UTF8.self)
        switch request {
        case "m": reply("\u{1B}P1$r\(penSGRString())m\u{1B}\\")
        case "r": reply("\u{1B}P1$r\(scrollTop + 1);\(scrollBottom + 1)r\u{1B}\\")
        case " q": reply("\u{1B}P1$r\(modes.cursorStyle) q\u{1B}\\")
        case "\"q":  // DECSCA: 1 only while the pen is protected DEC style, as xterm answers
            let isProtected = protectionMode == .dec && pen.attributes.contains(.protected)
            reply("\u{1B}P1$r\(isProtected ? 1 : 0)\"q\u{1B}\\")
        case "*x": reply("\u{1B}P1$r\(attributeChangeExtent)*x\u{1B}\\")  // DECSACE
        case "s" where modes.leftRightMargins: reply("\u{1B}P1$r\(leftMargin + 1);\(rightMargin + 1)s\u{1B}\\")
        case "\"p": reply("\u{1B}P1$r6\(conformanceLevel);1\"p\u{1B}\\")
        case "t": reply("\u{1B}P1$r\(max(rows, 24))t\u{1B}\\")
        case "*|": reply("\u{1B}P1$r\(rows)*|\u{1B}\\")
        case "$}": reply("\u{1B}P1$r\(statusDisplay.active)$}\u{1B}\\")
        case "$~": reply("\u{1B}P1$r\(statusDisplay.type)$~\u{1B}\\")
        default: reply("\u{1B}P0$r\u{1B}\\")
        }
    }

    /// DECRQCRA (`CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y`): a checksum of a rectangle, in the
    /// negated 16-bit form xterm and DEC terminals report, so conformance suites can read the
    /// screen back. Cells count their character (an empty cell as a space) plus xterm's
    /// attribute weights.
    mutating func reportRectangleChecksum(_ p: borrowing CSIParameters) {
        let id = p[0]
        let offset = modes.origin ? scrollTop : 0
        let leftOffset = modes.origin ? leftMargin : 0
        let top = min(max(p.value(at: 2, default: 1) - 1 + offset, 0), rows - 1)
        let left = min(max(p.value(at: 3, default: 1) - 1 + leftOffset, 0), columns - 1)
        let bottom = min(p.value(at: 4, default: modes.origin ? scrollBottom - offset + 1 : rows) - 1 + offset, rows - 1)
        let right = min(
            p.value(at: 5, default: modes.origin ? rightMargin - leftOffset + 1 : columns) - 1 + leftOffset, columns - 1)
        var sum: UInt32 = 0
        if top <= bottom && left <= right {
            for row in top...bottom {
                for column in left...right {
                    sum &+= Self.checksumWeight(cell(row: row, column: column), extras: extras)
                }
            }
        }
        let value = (0 &- sum) & 0xFFFF
        let hex = String(value, radix: 16, uppercase: true)
        reply("\u{1B}P\(id)!~\(String(repeating: "0", count: 4 - hex.count))\(hex)\u{1B}\\")
    }

    private static func checksumWeight(_ cell: Cell, extras: CellExtras) -> UInt32 {
        if cell.attributes.contains(.wideContinuation) { return 0 }
        var weight = cell.codePoint == 0 ? 0x20 : cell.codePoint
        for mark in extras.entry(cell.extra).combining { weight &+= mark }
        let a = cell.attributes
        if a.underlineStyle != .none { weight &+= 0x10 }
        if a.contains(.inverse) { weight &+= 0x20 }
        if a.contains(.blink) { weight &+= 0x40 }
        if a.contains(.bold) { weight &+= 0x80 }
        return weight
    }
}
