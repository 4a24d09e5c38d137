/// The rendition flags of a cell (SGR), the two layout flags that mark wide characters, and
/// the protection flag (DECSCA, SPA).
///
/// The underline style takes three bits (`underlineStyle`), so that `4:3` (curly) survives.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let faint = CellAttributes(rawValue: 1 << 1)
    public static let italic = CellAttributes(rawValue: 1 << 2)
    public static let blink = CellAttributes(rawValue: 1 << 3)
    public static let inverse = CellAttributes(rawValue: 1 << 4)
    public static let invisible = CellAttributes(rawValue: 1 << 5)
    public static let strikethrough = CellAttributes(rawValue: 1 << 6)
    public static let overline = CellAttributes(rawValue: 1 << 7)
    // Bits 8–10 hold the `UnderlineStyle`: `underlineStyle` reads and writes them.
    /// The first cell of a character two cells wide.
    public static let wide = CellAttributes(rawValue: 1 << 11)
    /// The second cell of a wide character: it holds no character of its own.
    public static let wideContinuation = CellAttributes(rawValue: 1 << 12)
    /// Written while the pen was protected (DECSCA 1 or SPA): selective erases (DECSED,
    /// DECSEL, DECSERA) and, after SPA, ED/EL/ECH leave the cell alone (`ProtectionMode`).
    /// Not a rendition: it never changes how the cell is drawn or its DECRQCRA checksum.
    package static let protected = CellAttributes(rawValue: 1 << 13)

    /// Flags that belong to the pen (SGR) rather than to the layout of a cell.
    package static let renditionMask = CellAttributes(rawValue: 0b0000_0111_1111_1111)

    /// The underline style (SGR 4, 4:x, 21, 24).
    public var underlineStyle: UnderlineStyle {
        get { UnderlineStyle(rawValue: UInt8((rawValue >> 8) & 0b111)) ?? .none }
        set { rawValue = (rawValue & ~(0b111 << 8)) | (UInt16(newValue.rawValue) << 8) }
    }
}

/// Underline styles, numbered as in the `SGR 4:x` sub-parameter.
public enum UnderlineStyle: UInt8, Sendable {
    case none = 0
    case single = 1
    case double = 2
    case curly = 3
    case dotted = 4
    case dashed = 5
}
