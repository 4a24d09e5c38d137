import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// What `expect-style ROW,COL [fg=…] [bg=…] [bold] [no-underline] …` asks of one cell: its
/// colours as the remote set them and its attributes, each named one on (`bold`) or off
/// (`no-bold`); what is not named is not checked.
///
/// Colours are written `default`, a palette number `0`–`255`, one of the eight names
/// `black red green yellow blue magenta cyan white` (0–7) or `bright-…` (8–15), or `#rrggbb`.
package struct ExpectedStyle: Equatable, Sendable {
    package var foreground: TerminalColor?
    package var background: TerminalColor?
    /// Attributes that must be on.
    package var on: [String] = []
    /// Attributes that must be off.
    package var off: [String] = []

    package init() {}

    /// The attribute names, in the order they are described.
    package static let attributeNames = [
        "bold", "faint", "italic", "underline", "blink", "inverse", "invisible", "strikethrough", "overline",
    ]

    static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A colour as written after `fg=` / `bg=`.
    static func color(_ text: String) -> TerminalColor? {
        if text == "default" { return .default }
        if let index = colorNames.firstIndex(of: text) { return .indexed(UInt8(index)) }
        if text.hasPrefix("bright-"), let index = colorNames.firstIndex(of: String(text.dropFirst(7))) {
            return .indexed(UInt8(index + 8))
        }
        if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
            return .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
        if text.allSatisfy(\.isASCII), let index = Int(text), (0...255).contains(index) { return .indexed(UInt8(index)) }
        return nil
    }

    /// Whether the named attribute is on in `attributes`.
    static func has(_ name: String, _ attributes: CellAttributes) -> Bool {
        switch name {
        case "bold": return attributes.contains(.bold)
        case "faint": return attributes.contains(.faint)
        case "italic": return attributes.contains(.italic)
        case "underline": return attributes.underlineStyle != .none
        case "blink": return attributes.contains(.blink)
        case "inverse": return attributes.contains(.inverse)
        case "invisible": return attributes.contains(.invisible)
        case "strikethrough": return attributes.contains(.strikethrough)
        case "overline": return attributes.contains(.overline)
        default: return false
        }
    }

    /// What `cell` fails of this, or nil when it matches.
    package func mismatch(_ cell: Cell) -> String? {
        var problems: [String] = []
        if let foreground, cell.foreground != foreground {
            problems.append("fg is \(Self.describe(cell.foreground)), not \(Self.describe(foreground))")
        }
        if let background, cell.background != background {
            problems.append("bg is \(Self.describe(cell.background)), not \(Self.describe(background))")
        }
        for name in on where !Self.has(name, cell.attributes) { problems.append("not \(name)") }
        for name in off where Self.has(name, cell.attributes) { problems.append("\(name)") }
        guard !problems.isEmpty else { return nil }
        let present = Self.attributeNames.filter { Self.has($0, cell.attributes) }
        return problems.joined(separator: ", ") + " (the cell: fg=\(Self.describe(cell.foreground)) "
            + "bg=\(Self.describe(cell.background))" + (present.isEmpty ? "" : " " + present.joined(separator: " ")) + ")"
    }

    /// A colour the way it is written in a script.
    static func describe(_ color: TerminalColor) -> String {
        switch color {
        case .default: return "default"
        case .indexed(let index): return index < 8 ? colorNames[Int(index)] : index < 16 ? "bright-" + colorNames[Int(index) - 8] : "\(index)"
        case .rgb(let red, let green, let blue): return "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        }
    }
}
