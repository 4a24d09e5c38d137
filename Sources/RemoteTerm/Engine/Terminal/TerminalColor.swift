/// A colour as the remote asked for it: the terminal's default, one of the 256 palette
/// entries, or a 24-bit RGB value.
///
/// Stored in cells packed into 32 bits (`packed`): the top byte is the kind (0 default,
/// 1 indexed, 2 RGB) and the low 24 bits the value, so copying a pen into a cell moves plain
/// integers and never touches an enum payload on the print path.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The 32-bit form kept in `Cell`.
    package var packed: UInt32 {
        switch self {
        case .default: return 0
        case .indexed(let index): return 0x0100_0000 | UInt32(index)
        case .rgb(let r, let g, let b): return 0x0200_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// Rebuilds the colour from its 32-bit form.
    package init(packed: UInt32) {
        switch packed >> 24 {
        case 1: self = .indexed(UInt8(truncatingIfNeeded: packed))
        case 2:
            self = .rgb(
                UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8),
                UInt8(truncatingIfNeeded: packed))
        default: self = .default
        }
    }
}
