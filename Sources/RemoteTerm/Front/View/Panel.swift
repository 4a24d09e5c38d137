/// A panel rterm shows over the bottom of the remote screen (help, and later reconnect and
/// session lists): a title row, then text wrapped to the width, scrolled when it does not
/// fit. It is drawn by `FrameComposer` and owns the rows it covers: clicks there act on the
/// panel (the wheel scrolls it) and never reach the remote or a hidden button.
package struct Panel: Equatable, Sendable {
    /// The title row's text.
    package var title: String
    /// How to use the panel, shown after the title when it fits ("any key closes").
    package var hint: String
    /// The hint in a few words, shown when the whole one does not fit (a narrow terminal).
    package var shortHint = ""
    /// The text, one paragraph per element; wrapped at blanks to the width shown.
    package var paragraphs: [String]
    /// The first wrapped line shown.
    package var scroll = 0
    /// Whether the paragraphs are wrapped at blanks to the width; a table already laid out
    /// for the width (the keys by number) keeps its blanks, one row per paragraph.
    package var wraps = true

    /// A panel.
    package init(title: String, hint: String = "", paragraphs: [String]) {
        self.title = title
        self.hint = hint
        self.paragraphs = paragraphs
    }

    /// The text wrapped to `width` columns: at blanks where possible, a paragraph's
    /// continuation lines indented like its first line.
    package func wrappedLines(width: Int) -> [String] {
        let width = max(4, width)
        guard wraps else { return paragraphs.map { String($0.prefix(width)) } }
        var out: [String] = []
        for paragraph in paragraphs {
            let indent = String(paragraph.prefix { $0 == " " })
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let candidate = line.isEmpty ? indent + word : line + " " + word
                if candidate.count <= width || line.isEmpty {
                    line = candidate
                } else {
                    out.append(line)
                    line = indent + word
                }
                while line.count > width {
                    out.append(String(line.prefix(width)))
                    line = indent + line.dropFirst(width)
                    if indent.count >= width { line = String(line.dropFirst(indent.count)) }
                }
            }
            out.append(line)
        }
        return out
    }

    /// Rows the panel takes in an area of `rows` × `columns`: its title and as much text as
    /// fits, at most the whole area.
    package func height(rows: Int, columns: Int) -> Int {
        min(rows, 1 + wrappedLines(width: columns - 2).count)
    }

    /// The most `scroll` can be for that area.
    package func maximumScroll(rows: Int, columns: Int) -> Int {
        max(0, wrappedLines(width: columns - 2).count - (height(rows: rows, columns: columns) - 1))
    }

    /// Scrolls by `lines` (negative: up), kept in range for the area.
    package mutating func scroll(by lines: Int, rows: Int, columns: Int) {
        scroll = min(max(0, scroll + lines), maximumScroll(rows: rows, columns: columns))
    }
}
