/// Text put into an XML document (a JUnit report, an SVG picture): the five special characters
/// escaped, and every character XML 1.0 cannot carry, or that a terminal would act on if the
/// file were printed (`InertText.isActive`), replaced by U+FFFD.
package enum XMLText {
    /// `text` escaped; `keepingLayout` keeps newlines and tabs (a report's message).
    package static func escaped(_ text: String, keepingLayout: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n" where keepingLayout, "\t" where keepingLayout: out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let invalid = InertText.isActive(scalar) || value == 0xFFFE || value == 0xFFFF
                out.unicodeScalars.append(invalid ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
