import RemoteTermEngine

/// Links passed on to a local terminal that takes OSC 8 (`LocalStyleCapabilities.hyperlinks`):
/// the link's cells are written again, after ncurses drew them, between `OSC 8 ;; URL ST`
/// and `OSC 8 ;; ST`, so the user's terminal knows them as links (hover, its own open).
///
/// The URL is text the remote chose. Only printable ASCII goes out: anything else is
/// percent-encoded (so no control character or ST can end the OSC early), and a URL longer
/// than `urlLimit` is not passed on at all.
package enum HyperlinkOverpaint {
    /// The longest URL passed on.
    package static let urlLimit = 2048

    /// `url` as it may be written inside OSC 8, nil when it cannot be.
    package static func sanitizedURL(_ url: String) -> String? {
        var out = ""
        for byte in url.utf8 {
            if byte > 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
            if out.count > urlLimit { return nil }
        }
        return out.isEmpty ? nil : out
    }

    /// The bytes that write each run again as a link to its URL (runs from `StyleOverpaint`
    /// positions; the cells are drawn with their full style).
    package static func bytes(
        for links: [(run: OverpaintRun, url: String)], colors: TerminalColors, capabilities: LocalStyleCapabilities,
        reverseScreen: Bool
    ) -> [UInt8] {
        var out: [UInt8] = []
        for (run, url) in links {
            guard let url = sanitizedURL(url) else { continue }
            let painted = StyleOverpaint.bytes(
                for: [run], colors: colors, capabilities: capabilities, reverseScreen: reverseScreen)
            // `painted` is ESC 7 … ESC 8: the link opens after the save and closes before the restore.
            guard painted.count >= 4 else { continue }
            out += painted.prefix(2)
            out += Array("\u{1B}]8;;\(url)\u{1B}\\".utf8)
            out += painted.dropFirst(2).dropLast(2)
            out += Array("\u{1B}]8;;\u{1B}\\".utf8)
            out += painted.suffix(2)
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
