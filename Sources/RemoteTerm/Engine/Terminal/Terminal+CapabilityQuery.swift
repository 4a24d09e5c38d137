/// XTGETTCAP (`DCS + q name ; name … ST`): a program asks the terminal for terminfo
/// capabilities by hex-encoded name, and xterm answers `DCS 1 + r name = value ST` for each
/// (both hex-encoded), or `DCS 0 + r ST` for the first it does not know, and stops there.
///
/// rterm answers a small, fixed set (`capability(named:)`): who it is, its colours, and
/// the keys its key encoder sends, computed from the same encoder and the current modes,
/// so `kcuu1` follows DECCKM. The name in an answer is rterm's own spelling of a
/// capability it knows, never the remote's text; an unknown name is not echoed.
extension Terminal {
    /// Longest request looked at (bytes of hex and separators), and most names answered.
    static let capabilityRequestLimit = 512
    static let capabilityNameLimit = 16

    mutating func requestCapabilities(_ payload: ArraySlice<UInt8>) {
        guard payload.count <= Self.capabilityRequestLimit else {
            reply("\u{1B}P0+r\u{1B}\\")
            return
        }
        let names = payload.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        for hexName in names.prefix(Self.capabilityNameLimit) {
            guard let name = Self.hexDecoded(hexName), let value = capability(named: name) else {
                reply("\u{1B}P0+r\u{1B}\\")
                return
            }
            reply("\u{1B}P1+r\(Self.hexEncoded(Array(name.utf8)))=\(Self.hexEncoded(value))\u{1B}\\")
        }
    }

    /// The value of a capability rterm answers for, by terminfo or termcap name.
    ///
    /// | names | value |
    /// |---|---|
    /// | `TN`, `name` | `xterm-256color`, the terminal type rterm emulates |
    /// | `Co`, `colors` | `256` |
    /// | `kcuu1`/`ku`, `kcud1`/`kd`, `kcuf1`/`kr`, `kcub1`/`kl`, `khome`/`kh`, `kend`/`@7` | the arrows, Home and End (`ESC O x` under DECCKM) |
    /// | `kich1`/`kI`, `kdch1`/`kD`, `kpp`/`kP`, `knp`/`kN` | Insert, Delete, Page Up, Page Down |
    /// | `kf1`…`kf12` / `k1`…`k9`, `k;`, `F1`, `F2` | F1–F12 |
    /// | `kbs`/`kb`, `kcbt`/`kB` | Backspace, Shift+Tab |
    ///
    /// `RGB` is not answered: whether direct colour reaches the screen depends on the local
    /// terminal (on a 256-colour one rterm shows the nearest palette entry), and the
    /// `xterm-256color` type rterm reports has no `RGB` either.
    func capability(named name: String) -> [UInt8]? {
        switch name {
        case "TN", "name": return Array("xterm-256color".utf8)
        case "Co", "colors": return Array("256".utf8)
        default: break
        }
        guard let key = Self.capabilityKeys[name] else { return nil }
        let sent = KeyEncoder.encode(key, options: KeyEncodingOptions.matching(modes))
        return sent.isEmpty ? nil : sent
    }

    /// Key capabilities by terminfo and termcap name.
    static let capabilityKeys: [String: KeyEvent] = {
        var keys: [String: KeyEvent] = [:]
        let named: [(String, String, Key)] = [
            ("kcuu1", "ku", .up), ("kcud1", "kd", .down), ("kcuf1", "kr", .right), ("kcub1", "kl", .left),
            ("khome", "kh", .home), ("kend", "@7", .end), ("kich1", "kI", .insert), ("kdch1", "kD", .delete),
            ("kpp", "kP", .pageUp), ("knp", "kN", .pageDown), ("kbs", "kb", .backspace),
        ]
        for (terminfo, termcap, key) in named {
            keys[terminfo] = KeyEvent(key)
            keys[termcap] = KeyEvent(key)
        }
        keys["kcbt"] = KeyEvent(.tab, modifiers: .shift)
        keys["kB"] = KeyEvent(.tab, modifiers: .shift)
        let termcapFunctionKeys = ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k;", "F1", "F2"]
        for number in 1...12 {
            keys["kf\(number)"] = KeyEvent(.function(number))
            keys[termcapFunctionKeys[number - 1]] = KeyEvent(.function(number))
        }
        return keys
    }()

    /// `nil` unless `hex` is pairs of hex digits spelling printable ASCII.
    static func hexDecoded(_ hex: ArraySlice<UInt8>) -> String? {
        guard !hex.isEmpty, hex.count % 2 == 0, hex.count <= 64 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            guard let high = hexDigit(hex[index]), let low = hexDigit(hex[index + 1]) else { return nil }
            let byte = high << 4 | low
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            bytes.append(byte)
            index += 2
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Upper-case hex, two digits a byte, as xterm answers.
    static func hexEncoded(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
