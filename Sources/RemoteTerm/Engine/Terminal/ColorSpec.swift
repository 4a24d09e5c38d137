/// Colour specifications as X11's `XParseColor` reads them, for OSC 4, 5 and 10–19.
///
/// Accepted (case does not matter, as in Xlib, which lowers the string first):
///
/// | form | meaning |
/// |---|---|
/// | `#RGB`, `#RRGGBB`, `#RRRGGGBBB`, `#RRRRGGGGBBBB` | hex, each channel shifted to 16 bits (X11's "old" form: `#fff` is `f000`) |
/// | `rgb:R/G/B` | 1–4 hex digits a channel, scaled to 16 bits (`rgb:f/f/f` is `ffff`) |
/// | `rgbi:R/G/B` | intensities 0.0–1.0, through Xlib's default screen characterization |
/// | `CIEXYZ:X/Y/Z`, `CIEuvY:u/v/Y`, `CIExyY:x/y/Y`, `CIELab:L/a/b`, `CIELuv:L/u/v`, `TekHVC:H/V/C` | device-independent colours, converted as Xlib's Xcms does with its default characterization (`XcmsColorMath`) |
/// | a few X11 names | `black`, `white`, `red`, `green`, `blue`, `yellow`, `cyan`, `magenta`, `gray`/`grey` |
///
/// The result is 16 bits a channel, as `XParseColor` returns it; the terminal keeps 8 bits
/// (`RGBColor(red16:…)`), as xterm on a 24-bit visual does. Anything else, and anything longer
/// than `maximumLength`, is not a colour (`nil`), and the request that carried it is ignored.
package enum ColorSpec {
    /// Longest specification looked at; real ones are under 40 bytes.
    static let maximumLength = 64

    /// A colour 16 bits a channel.
    typealias RGB16 = (red: UInt16, green: UInt16, blue: UInt16)

    package static func parse(_ bytes: ArraySlice<UInt8>) -> RGBColor? {
        guard let value = parse16(bytes) else { return nil }
        return RGBColor(red16: value.red, green16: value.green, blue16: value.blue)
    }

    static func parse16(_ bytes: ArraySlice<UInt8>) -> RGB16? {
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if lowered.first == UInt8(ascii: "#") { return hash(lowered.dropFirst()) }
        guard let colon = lowered.firstIndex(of: UInt8(ascii: ":")) else {
            return named(String(decoding: lowered, as: UTF8.self))
        }
        let prefix = String(decoding: lowered[..<colon], as: UTF8.self)
        let body = lowered[(colon + 1)...]
        if prefix == "rgb" { return rgb(body) }
        guard let numbers = floats(body) else { return nil }
        switch prefix {
        case "rgbi": return XcmsColorMath.deviceRGB(intensities: numbers)
        case "ciexyz": return XcmsColorMath.deviceRGB(xyz: numbers)
        case "cieuvy": return XcmsColorMath.deviceRGB(xyz: XcmsColorMath.xyz(uvY: numbers))
        case "ciexyy": return XcmsColorMath.deviceRGB(xyz: XcmsColorMath.xyz(xyY: numbers))
        case "cielab": return XcmsColorMath.deviceRGB(xyz: XcmsColorMath.xyz(lab: numbers))
        case "cieluv": return XcmsColorMath.deviceRGB(xyz: XcmsColorMath.xyz(luv: numbers))
        case "tekhvc": return XcmsColorMath.deviceRGB(xyz: XcmsColorMath.xyz(hvc: numbers))
        default: return nil
        }
    }

    /// `#` and 3, 6, 9 or 12 hex digits: each channel is shifted (not scaled) to 16 bits.
    private static func hash(_ digits: ArraySlice<UInt8>) -> RGB16? {
        guard [3, 6, 9, 12].contains(digits.count) else { return nil }
        let width = digits.count / 3
        var channels: [UInt16] = []
        var start = digits.startIndex
        for _ in 0..<3 {
            guard let value = hexValue(digits[start..<(start + width)]) else { return nil }
            channels.append(value << UInt16(16 - 4 * width))
            start += width
        }
        return (channels[0], channels[1], channels[2])
    }

    /// `rgb:` and three channels of 1–4 hex digits, each scaled to 16 bits.
    private static func rgb(_ body: ArraySlice<UInt8>) -> RGB16? {
        let parts = body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt16] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = hexValue(part) else { return nil }
            let maximum = UInt32(1) << UInt32(4 * part.count) - 1
            channels.append(UInt16(UInt32(value) * 0xFFFF / maximum))
        }
        return (channels[0], channels[1], channels[2])
    }

    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt16? {
        var value: UInt16 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt16(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt16(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    /// Three finite decimal numbers separated by `/` (C's `%lf/%lf/%lf`, without the
    /// leading blanks `sscanf` would skip).
    private static func floats(_ body: ArraySlice<UInt8>) -> (Double, Double, Double)? {
        let parts = body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Double] = []
        for part in parts {
            // Only what a C float literal holds: Swift's parser also takes "inf", "nan" and hex.
            guard part.allSatisfy({ "0123456789.+-e".utf8.contains($0) }),
                let value = Double(String(decoding: part, as: UTF8.self)), value.isFinite
            else { return nil }
            numbers.append(value)
        }
        return (numbers[0], numbers[1], numbers[2])
    }

    /// The few X11 colour names rterm knows (values from X11's `rgb.txt`).
    private static func named(_ name: String) -> RGB16? {
        let names: [String: UInt32] = [
            "black": 0x000000, "white": 0xFFFFFF, "red": 0xFF0000, "green": 0x00FF00, "blue": 0x0000FF,
            "yellow": 0xFFFF00, "cyan": 0x00FFFF, "magenta": 0xFF00FF, "gray": 0xBEBEBE, "grey": 0xBEBEBE,
        ]
        guard let hex = names[name] else { return nil }
        let color = RGBColor(hex)
        return (UInt16(color.red) * 0x101, UInt16(color.green) * 0x101, UInt16(color.blue) * 0x101)
    }
}
