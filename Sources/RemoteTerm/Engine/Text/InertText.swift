/// Text that a server or a remote program chose, made safe to print on the user's own
/// terminal, as OpenSSH passes such text through `strnvis(VIS_SAFE | VIS_OCTAL)`.
///
/// A server controls keyboard-interactive names, instructions and prompts, its version
/// string, disconnect messages and exit-signal names; a remote program controls titles.
/// Written raw, an `ESC ] 52 ; c ; ? BEL` in any of them makes the user's terminal answer
/// with the clipboard, and the answer would be typed into whatever rterm reads next (a
/// password prompt). Here every character that a terminal acts on instead of showing
/// becomes visible text:
///
/// - C0 controls, DEL and C1 controls (U+0080–U+009F) become octal escapes of their UTF-8
///   bytes (`ESC` is `\033`, U+009B is `\302\233`), as `vis` writes them; tab, carriage
///   return and (unless kept) newline become `\t`, `\r` and `\n`;
/// - bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which
///   reorder what follows on the line, and the line and paragraph separators U+2028 and
///   U+2029 become octal escapes too.
///
/// Everything else, including a backslash, stays as it is, so applying this twice gives the
/// same text as applying it once: the message sink can apply it to every line, whether the
/// source already did or not.
package enum InertText {
    /// `text` with every character a terminal would act on made visible.
    /// `keepingNewlines`: a newline stays a line break (multi-line instructions, messages).
    package static func make(_ text: String, keepingNewlines: Bool = false) -> String {
        escaping(text) { isActive($0, keepingNewlines: keepingNewlines) }
    }

    /// Text for an agent (`rterm mcp`): as `make`, and the Unicode tag characters
    /// (U+E0000–U+E007F) made visible too. No terminal shows them, but a language model reads
    /// them as text: a server could hide instructions to the agent in them ("ASCII
    /// smuggling"). (An emoji flag of a region, 🏴 and its tags, shows as its escapes.)
    package static func forAgent(_ text: String, keepingNewlines: Bool = false) -> String {
        escaping(text) { isActive($0, keepingNewlines: keepingNewlines) || isTag($0.value) }
    }

    /// For an agent, text that holds rterm's own control sequences (the screen with its SGR):
    /// only what reorders or hides text is made visible (bidirectional controls, the line and
    /// paragraph separators, tag characters); controls stay as they are.
    package static func forAgentKeepingControls(_ text: String) -> String {
        escaping(text) { isBidiOrSeparator($0.value) || isTag($0.value) }
    }

    /// The Unicode tag characters, U+E0000–U+E007F.
    package static func isTag(_ value: UInt32) -> Bool { (0xE0000...0xE007F).contains(value) }

    /// `text` with the scalars `active` picks as escapes.
    private static func escaping(_ text: String, where active: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: active) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard active(scalar) else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\t": escape = "\\t"
            case "\r": escape = "\\r"
            case "\n": escape = "\\n"
            default: escape = octal(scalar)
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// Bytes a server sent (possibly not UTF-8): invalid sequences become U+FFFD, then `make`.
    package static func make<Bytes: Collection>(bytes: Bytes, keepingNewlines: Bool = false) -> String
    where Bytes.Element == UInt8 {
        make(String(decoding: bytes, as: UTF8.self), keepingNewlines: keepingNewlines)
    }

    /// Whether a terminal would act on `scalar` rather than show it.
    package static func isActive(_ scalar: Unicode.Scalar, keepingNewlines: Bool = false) -> Bool {
        let value = scalar.value
        if value < 0x20 { return !(keepingNewlines && value == 0x0A) }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }
        return isBidiOrSeparator(value)
    }

    /// Bidirectional controls and the Unicode line and paragraph separators: shown as nothing
    /// by most terminals, but they reorder or break what follows (the "Trojan Source" trick).
    package static func isBidiOrSeparator(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `\ooo` for each UTF-8 byte of `scalar`.
    private static func octal(_ scalar: Unicode.Scalar) -> String {
        var text = ""
        for byte in String(scalar).utf8 {
            text += "\\" + String(byte >> 6) + String((byte >> 3) & 7) + String(byte & 7)
        }
        return text
    }
}
