/// How `rterm record` writes what it saw in the script language (docs/script-format.md):
/// strings with the lexer's escapes, key-bar labels, and the prompt a line was typed at as
/// a pattern that matches that prompt again when its volatile parts (counters, times,
/// versions) have changed.
package enum RecordedText {
    /// `bytes` as a string the lexer reads back to the same bytes: `"…"` with `\r`, `\n`,
    /// `\t`, `\e`, `\\`, `\"`, `\xNN` for other control bytes and for bytes that are not
    /// UTF-8, and `$` before `{` as `\x24` so that no `${…}` placeholder is made of typed text.
    package static func quoted(_ bytes: [UInt8]) -> String {
        var out = "\""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(bytes.count, index + length)
                if let text = String(validating: bytes[index..<end], as: UTF8.self),
                    let scalar = text.unicodeScalars.first, !(0x80...0x9F).contains(scalar.value)
                {
                    out += text
                    index = end
                } else {
                    out += hex(byte)
                    index += 1
                }
                continue
            }
            switch byte {
            case 0x0D: out += "\\r"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x5C: out += "\\\\"
            case 0x22: out += "\\\""
            case 0x24 where index + 1 < bytes.count && bytes[index + 1] == 0x7B: out += hex(byte)
            case 0x00..<0x20, 0x7F: out += hex(byte)
            default: out.unicodeScalars.append(Unicode.Scalar(byte))
            }
            index += 1
        }
        return out + "\""
    }

    /// A key-bar label as `click` takes it: as it is, or quoted when it has a blank, a
    /// quote or a backslash in it, or would read as something else (`#`, `/`, `"`).
    package static func label(_ label: String) -> String {
        let plain = !label.isEmpty && !label.hasPrefix("#") && !label.hasPrefix("/")
            && !label.unicodeScalars.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }
        return plain ? label : quoted(Array(label.utf8))
    }

    /// The most characters of a prompt the pattern keeps (its end: the part next to the cursor).
    static let promptLimit = 60

    /// The pattern (between its slashes, `/` written `\/`) of a prompt: the text before the
    /// cursor on its row, each run of digits as `\d+` (counters, times such as 12:34:56,
    /// versions), everything else literal, ending with `$` (the cursor's row keeps its
    /// blanks up to the cursor, so the prompt must end there). Anchored with `^` when the
    /// whole row is kept; a long one keeps its last `promptLimit` characters.
    package static func promptPattern(_ prompt: String) -> String {
        let scalars = Array(prompt.unicodeScalars)
        let kept = scalars.suffix(promptLimit)
        var pattern = kept.count == scalars.count ? "^" : ""
        var inDigits = false
        for scalar in kept {
            if ("0"..."9").contains(scalar) {
                if !inDigits { pattern += "\\d+" }
                inDigits = true
                continue
            }
            inDigits = false
            if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) { pattern += "\\" }
            if scalar == "/" { pattern += "\\" }
            pattern.unicodeScalars.append(scalar)
        }
        return pattern + "$"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "\\x" + (digits.count == 1 ? "0" : "") + digits
    }
}
