/// Modes a remote may set and query that change nothing rterm draws or sends: xterm accepts
/// them (DECSET/SM) and reports them (DECRQM), so programs that set one and read it back
/// find what they set. A fixed bit set: nothing the remote can grow.
struct RecordedModes: Equatable, Sendable {
    /// DEC private modes remembered: DECSCLM 4 (smooth scroll), DECPFF 18 (print form feed),
    /// DECPEX 19 (print extent), DECHEBM 35 (Hebrew keyboard), DECNRCM 42 (national
    /// replacement characters), DECBKM 67 (backarrow sends BS: rterm's Backspace key always
    /// sends DEL, as xterm's default), 40 (allow DECCOLM to switch between 80 and 132 columns).
    static let decModes: [Int] = [4, 18, 19, 35, 42, 67, 40]
    /// ANSI modes remembered: KAM 2 (keyboard action) and SRM 12 (send/receive).
    static let ansiModes: [Int] = [2, 12]
    /// ANSI modes that are permanently reset in xterm (DECRQM answers 4).
    static let permanentlyResetANSI: Set<Int> = [1, 5, 7, 10, 11, 13, 14, 15, 16, 17, 18, 19]
    /// DEC modes permanently reset in xterm (DECHCCM 60: no horizontal scrolling to follow).
    static let permanentlyResetDEC: Set<Int> = [60]

    private var dec: UInt16 = 0
    private var ansi: UInt16 = 0

    /// The bit of `mode`, nil when it is not a recorded mode.
    private static func bit(_ mode: Int, in list: [Int]) -> UInt16? {
        list.firstIndex(of: mode).map { 1 << $0 }
    }

    /// Sets or resets a recorded mode; false when `mode` is not one.
    mutating func set(_ mode: Int, isPrivate: Bool, enabled: Bool) -> Bool {
        guard let bit = Self.bit(mode, in: isPrivate ? Self.decModes : Self.ansiModes) else { return false }
        if isPrivate {
            dec = enabled ? dec | bit : dec & ~bit
        } else {
            ansi = enabled ? ansi | bit : ansi & ~bit
        }
        return true
    }

    /// The state of a recorded mode: true set, false reset, nil when not one.
    func state(_ mode: Int, isPrivate: Bool) -> Bool? {
        guard let bit = Self.bit(mode, in: isPrivate ? Self.decModes : Self.ansiModes) else { return nil }
        return (isPrivate ? dec : ansi) & bit != 0
    }
}
