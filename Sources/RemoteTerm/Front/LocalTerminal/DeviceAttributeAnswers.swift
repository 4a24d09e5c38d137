/// What a local terminal answered when asked who it is, for choosing a terminfo entry when
/// `TERM` names one that terminfo does not know. The front asks for the secondary device
/// attributes (`ESC [ > c`) and then the primary ones (`ESC [ c`): every terminal answers
/// the primary question (`ESC [ ? … c`), so when that answer arrives the secondary one has
/// arrived too or never will. Terminals that answer the secondary question (xterm, VTE,
/// tmux, kitty, iTerm2, Windows Terminal…) draw as xterm does; the rest get `vt100`.
public struct DeviceAttributeAnswers: Equatable, Sendable {
    /// An answer to `ESC [ > c` (`ESC [ > … c`) was seen.
    public private(set) var sawSecondary = false
    /// An answer to `ESC [ c` (`ESC [ ? … c`) was seen: nothing more will come.
    public private(set) var sawPrimary = false
    private var pending: [UInt8] = []

    /// Nothing seen yet.
    public init() {}

    /// Looks at more of what the terminal sent (answers may be split across reads; anything
    /// else, such as keys typed meanwhile, is skipped).
    public mutating func scan(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
        var index = 0
        while let escape = pending[index...].firstIndex(of: 0x1B) {
            guard escape + 2 < pending.count else {
                index = escape
                break
            }
            guard pending[escape + 1] == UInt8(ascii: "["),
                pending[escape + 2] == UInt8(ascii: ">") || pending[escape + 2] == UInt8(ascii: "?")
            else {
                index = escape + 1
                continue
            }
            guard let end = pending[(escape + 3)...].firstIndex(where: { !(0x30...0x3F).contains($0) }) else {
                index = escape
                break
            }
            if pending[end] == UInt8(ascii: "c") {
                if pending[escape + 2] == UInt8(ascii: ">") { sawSecondary = true } else { sawPrimary = true }
            }
            index = end + 1
        }
        if index >= pending.count || pending[index...].firstIndex(of: 0x1B) == nil {
            pending.removeAll()
        } else {
            pending.removeFirst(index)
        }
        if pending.count > 256 { pending.removeAll() }
    }

    /// The terminfo entry to draw with.
    public var suggestedTerm: String { sawSecondary ? "xterm-256color" : "vt100" }
}
