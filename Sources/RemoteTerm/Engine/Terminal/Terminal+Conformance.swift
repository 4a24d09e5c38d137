/// The terminal's identity and level: DA1, DA2, DECSCL, and the save and restore of DEC
/// private modes (XTSAVE, XTRESTORE).
extension Terminal {
    /// DA1: the conformance level's class (62–65, or a VT100 at level 1) and the features
    /// xterm reports with it, so programs that look for them find the same answer as in xterm.
    mutating func reportPrimaryDeviceAttributes() {
        switch conformanceLevel {
        case 1: reply("\u{1B}[?1;2c")
        case 2, 3: reply("\u{1B}[?6\(conformanceLevel);1;2;6;9;15;22;29c")
        default: reply("\u{1B}[?6\(conformanceLevel);1;2;6;9;15;16;17;18;21;22;28;29c")
        }
    }

    /// DA2: the terminal type of the level as xterm reports it (VT100 0, VT220 1, VT320 24,
    /// VT420 41, VT520 64), an xterm patch level, and 0. Programs such as vim read the patch
    /// level to turn on what xterm supports (SGR mouse reports among them).
    mutating func reportSecondaryDeviceAttributes() {
        let type = [0, 1, 24, 41, 64][min(max(conformanceLevel, 1), 5) - 1]
        reply("\u{1B}[>\(type);\(Self.xtermPatchLevel);0c")
    }

    /// The xterm patch level rterm answers as: the behaviour esctest2 checks is xterm's since.
    static let xtermPatchLevel = 390

    /// DECSCL (`CSI Pl ; Pc " p`): conformance level 61–65 (VT100 to VT500); a soft reset
    /// follows, as on a DEC terminal. rterm always sends 7-bit controls.
    mutating func setConformanceLevel(_ p: borrowing CSIParameters) {
        let level = p[0] - 60
        guard (1...5).contains(level) else { return }
        conformanceLevel = level
        softReset()
    }

    /// XTSAVE (`CSI ? Pm s`): remembers the listed DEC private modes that rterm knows.
    mutating func savePrivateModes(_ p: borrowing CSIParameters) {
        for i in 0..<p.count {
            let mode = p[i]
            let state = modeState(mode, isPrivate: true)
            guard state == 1 || state == 2 else { continue }
            savedPrivateModes[mode] = state == 1
        }
    }

    /// XTRESTORE (`CSI ? Pm r`): sets the listed modes back to what XTSAVE remembered.
    mutating func restorePrivateModes(_ p: borrowing CSIParameters) {
        for i in 0..<p.count {
            guard let enabled = savedPrivateModes[p[i]] else { continue }
            setPrivateMode(p[i], enabled: enabled)
        }
    }

    /// DECSASD (`CSI Ps $ }`) and DECSSDT (`CSI Ps $ ~`): rterm has no status line; the
    /// values are kept for DECRQSS.
    mutating func setStatusDisplay(active: Int?, type: Int?) {
        if let active, (0...1).contains(active) { statusDisplay.active = active }
        if let type, (0...2).contains(type) { statusDisplay.type = type }
    }
}
