import RemoteTermEngine

/// Finding the links in terminal lines, for the view to underline and open: OSC 8
/// hyperlinks the program set, and URLs written in plain text (`http://`, `https://`,
/// `ftp://`, `file://`, `mailto:`, `ssh://`, `git://`, and `www.`), both followed across
/// soft wraps. It reruns on the visible lines after every burst of output, so it reads code
/// points rather than strings and does one linear pass over each logical line; a URL is cut
/// at `maximumURLLength` characters.
package enum LinkDetector {
    /// Longest plain-text URL taken, in characters (the rest of a longer run is not read
    /// again for links).
    static let maximumURLLength = 2048

    /// The links in `lines`, in text order. The lines are consecutive, the first numbered
    /// `firstLineNumber` (as in `Terminal.line(number:)`). An OSC 8 link is a run of cells
    /// with the same `hyperlink(at:)`; a plain URL stops at blanks, quotes, `<` and `>`
    /// and loses trailing punctuation and closing brackets it does not open itself. Where
    /// the program marked cells as a link, no URL is looked for in them. A URL is found from
    /// its scheme, so give the lines from the start of the logical line that holds the first
    /// one (the lines above it that wrap into it), or a URL begun above is missed.
    package static func links(in lines: [TerminalLine], firstLineNumber: Int) -> [DetectedLink] {
        var work = 0
        return links(in: lines, firstLineNumber: firstLineNumber, work: &work)
    }

    /// `links(in:firstLineNumber:)`, counting in `work` the steps its loops take (one per
    /// glyph visited, per scheme tried), so a test can prove it linear without a clock.
    static func links(in lines: [TerminalLine], firstLineNumber: Int, work: inout Int) -> [DetectedLink] {
        var links: [DetectedLink] = []
        var glyphs: [Glyph] = []
        var hyperlinks = HyperlinkIDs()
        var first = 0
        while first < lines.count {
            // A logical line: this line and the lines it wraps into.
            var last = first
            while lines[last].isWrapped && last + 1 < lines.count { last += 1 }
            // Most lines hold no link: one look at their code points says so.
            guard mayHoldLink(lines[first...last].map { $0.cells[...] }, work: &work) else {
                first = last + 1
                continue
            }
            glyphs.removeAll(keepingCapacity: true)
            for index in first...last {
                appendGlyphs(of: lines[index], index: index, to: &glyphs, hyperlinks: &hyperlinks)
            }
            findLinks(
                in: glyphs, lines: lines, firstLineNumber: firstLineNumber, hyperlinks: hyperlinks, into: &links,
                work: &work)
            first = last + 1
        }
        return links
    }

    /// Whether a logical line may hold a link: a cell with extras (an OSC 8 link lives
    /// there), `:/` (the `://` of every scheme but two), `o:` (`mailto:`) or `w.` (`www.`), in
    /// any case.
    /// A line without any of them has none, so it is not read character by character.
    static func mayHoldLink(_ lines: [ArraySlice<Cell>], work: inout Int) -> Bool {
        var previous: UInt32 = 0
        for cells in lines {
            work += 1
            if cells.withUnsafeBufferPointer({ mayHoldLink($0, previous: &previous) }) { return true }
        }
        return false
    }

    /// `mayHoldLink` for one row of a logical line, read in place (the live screen's rows, on
    /// every frame with output) as one tight look at each cell; `previous` carries the last
    /// code point from the row before (a link may be cut by the wrap). Empty cells are
    /// skipped, as the padding a wide character leaves at a wrap is (a false match costs a
    /// full read, a missed one a link).
    static func mayHoldLink(_ cells: UnsafeBufferPointer<Cell>, previous: inout UInt32) -> Bool {
        guard let base = cells.baseAddress else { return false }
        // Each cell read as its two words (`ParserTests.cellIsAtMostSixteenBytes`): the code
        // point in the low half of the first, `extra` in the top 16 bits of the second.
        let words = UnsafeRawPointer(base).assumingMemoryBound(to: UInt64.self)
        var last = previous
        // Every cell's second word is gathered and its `extra` looked at once, after the loop:
        // a line with one is held anyway, and the loop stays a few instructions a cell.
        var seconds: UInt64 = 0
        var index = 0
        let end = cells.count &* 2
        while index < end {
            let codePoint = UInt32(truncatingIfNeeded: words[index])
            seconds |= words[index &+ 1]
            index &+= 2
            // Only `.` (0x2E), `/` (0x2F) and `:` (0x3A) end a pair: one test of a bit mask
            // passes everything else, which just becomes the last.
            let offset = codePoint &- 0x2E
            if offset < 13 && (0x1003 as UInt32) >> offset & 1 != 0 {
                if codePoint == 0x2F && last == 0x3A { return true }  // :/
                if codePoint == 0x3A && last | 0x20 == 0x6F { return true }  // o:
                if codePoint == 0x2E && last | 0x20 == 0x77 { return true }  // w.
            }
            if codePoint != 0 { last = codePoint }  // (an empty cell is passed over)
        }
        if seconds >> 48 != 0 { return true }
        previous = last
        return false
    }

    /// One character of a logical line: its code point (0 for an empty cell), where it
    /// sits, and its OSC 8 link as a small number so runs compare cheaply.
    private struct Glyph {
        var codePoint: UInt32
        var extra: UInt16
        /// Index into the lines given.
        var line: Int32
        var column: Int32
        /// The character's last cell (its second half when wide).
        var lastColumn: Int32
        /// Index into `HyperlinkIDs.uris`; 0 when the cell is no OSC 8 link.
        var hyperlink: Int32
    }

    /// OSC 8 URIs numbered in order of appearance: each line may carry its own extras table,
    /// so links are compared by URI, numbered once.
    private struct HyperlinkIDs {
        var uris: [String] = [""]
        var ids: [String: Int32] = [:]

        mutating func id(of uri: String) -> Int32 {
            guard !uri.isEmpty else { return 0 }
            if let id = ids[uri] { return id }
            let id = Int32(uris.count)
            uris.append(uri)
            ids[uri] = id
            return id
        }
    }

    /// A plain-text URL start, matched without regard to ASCII case.
    private struct Scheme: Sendable {
        /// Lowercase ASCII code points.
        var prefix: [UInt32]
        /// `www.` is a host, not a scheme: its URL gets `http://` in front.
        var isBareHost: Bool

        init(_ text: String, isBareHost: Bool = false) {
            prefix = text.unicodeScalars.map(\.value)
            self.isBareHost = isBareHost
        }
    }

    private static let schemes: [Scheme] = [
        Scheme("https://"), Scheme("http://"), Scheme("ftp://"), Scheme("file://"), Scheme("mailto:"),
        Scheme("ssh://"), Scheme("git://"), Scheme("www.", isBareHost: true),
    ]

    private static func appendGlyphs(
        of line: TerminalLine, index: Int, to glyphs: inout [Glyph], hyperlinks: inout HyperlinkIDs
    ) {
        // Empty cells at the end carry no text; on a wrapped line they are the padding a
        // wide character left, and the text goes on in the next line.
        let end = line.textEnd
        var cachedExtra: UInt16 = 0
        var cachedLink: Int32 = 0
        for column in 0..<end {
            let cell = line.cells[column]
            if cell.attributes.contains(.wideContinuation) { continue }
            var link: Int32 = 0
            if cell.extra != 0 {
                // Neighbouring cells usually share an entry; look each one up once.
                if cell.extra != cachedExtra {
                    cachedExtra = cell.extra
                    let uri = line.extras.hyperlinkURI(line.extras.entry(cell.extra).hyperlink)
                    cachedLink = uri.map { hyperlinks.id(of: $0) } ?? 0
                }
                link = cachedLink
            }
            glyphs.append(
                Glyph(
                    codePoint: cell.codePoint, extra: cell.extra, line: Int32(index), column: Int32(column),
                    lastColumn: Int32(line.characterEnd(column)), hyperlink: link))
        }
    }

    /// One pass over a logical line: OSC 8 runs where cells carry a link, plain URLs in
    /// between, appended in text order.
    private static func findLinks(
        in glyphs: [Glyph], lines: [TerminalLine], firstLineNumber: Int, hyperlinks: HyperlinkIDs,
        into links: inout [DetectedLink], work: inout Int
    ) {
        func position(_ index: Int, last: Bool) -> TextPosition {
            let glyph = glyphs[index]
            return TextPosition(
                line: firstLineNumber + Int(glyph.line), column: Int(last ? glyph.lastColumn : glyph.column))
        }
        let count = glyphs.count
        var index = 0
        while index < count {
            work += 1
            let glyph = glyphs[index]
            if glyph.hyperlink != 0 {
                var next = index + 1
                while next < count && glyphs[next].hyperlink == glyph.hyperlink { next += 1 }
                work += next - index
                links.append(
                    DetectedLink(
                        url: hyperlinks.uris[Int(glyph.hyperlink)], start: position(index, last: false),
                        end: position(next - 1, last: true), isExplicit: true))
                index = next
                continue
            }
            guard let scheme = scheme(at: index, in: glyphs) else {
                index += 1
                continue
            }
            let bodyStart = index + scheme.prefix.count
            let limit = min(count, index + maximumURLLength)
            var end = bodyStart
            // Opened minus closed, so closing brackets the URL did not open can be trimmed.
            var parentheses = 0
            var brackets = 0
            while end < limit, glyphs[end].hyperlink == 0, isURLCharacter(glyphs[end].codePoint) {
                switch glyphs[end].codePoint {
                case 0x28: parentheses += 1
                case 0x29: parentheses -= 1
                case 0x5B: brackets += 1
                case 0x5D: brackets -= 1
                default: break
                }
                end += 1
            }
            var resume = end
            while resume < count, glyphs[resume].hyperlink == 0, isURLCharacter(glyphs[resume].codePoint) {
                resume += 1
            }
            work += resume - bodyStart
            // Punctuation after a URL usually belongs to the sentence around it.
            trimming: while end > bodyStart {
                switch glyphs[end - 1].codePoint {
                case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x27, 0x22: end -= 1  // . , ; : ! ? ' "
                case 0x29 where parentheses < 0:
                    parentheses += 1
                    end -= 1
                case 0x5D where brackets < 0:
                    brackets += 1
                    end -= 1
                default: break trimming
                }
            }
            if end > bodyStart {
                var url = scheme.isBareHost ? "http://" : ""
                for glyph in glyphs[index..<end] {
                    guard let scalar = Unicode.Scalar(glyph.codePoint) else { continue }
                    url.unicodeScalars.append(scalar)
                    guard glyph.extra != 0 else { continue }
                    for mark in lines[Int(glyph.line)].extras.entry(glyph.extra).combining {
                        if let mark = Unicode.Scalar(mark) { url.unicodeScalars.append(mark) }
                    }
                }
                links.append(
                    DetectedLink(
                        url: url, start: position(index, last: false), end: position(end - 1, last: true),
                        isExplicit: false))
            }
            index = max(resume, index + 1)
        }
    }

    /// The scheme starting at `index`, if one does and it starts a word there (so
    /// `xhttp://` is not a link, and `www.` must not be inside a path or an address).
    private static func scheme(at index: Int, in glyphs: [Glyph]) -> Scheme? {
        switch glyphs[index].codePoint | 0x20 {
        case 0x66, 0x67, 0x68, 0x6D, 0x73, 0x77: break  // f g h m s w
        default: return nil
        }
        candidates: for scheme in schemes {
            guard index + scheme.prefix.count <= glyphs.count else { continue }
            for (offset, letter) in scheme.prefix.enumerated() {
                let glyph = glyphs[index + offset]
                var codePoint = glyph.codePoint
                if codePoint >= 0x41 && codePoint <= 0x5A { codePoint |= 0x20 }
                guard glyph.hyperlink == 0, codePoint == letter else { continue candidates }
            }
            guard index > 0, glyphs[index - 1].hyperlink == 0 else { return scheme }
            let before = glyphs[index - 1].codePoint
            if scheme.isBareHost ? WordBoundaries.isWordCharacter(before) : isASCIIAlphanumeric(before) {
                return nil
            }
            return scheme
        }
        return nil
    }

    private static func isASCIIAlphanumeric(_ codePoint: UInt32) -> Bool {
        (codePoint >= 0x30 && codePoint <= 0x39) || (codePoint | 0x20 >= 0x61 && codePoint | 0x20 <= 0x7A)
    }

    /// RFC 3986 unreserved and reserved characters and `%`, but not `'` (it quotes URLs
    /// more often than it is in one); beyond ASCII, letters only (internationalised paths).
    static func isURLCharacter(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x80 {
            return urlCharacters.contains(codePoint)
        }
        guard let scalar = Unicode.Scalar(codePoint) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// The ASCII URL characters.
    private static let urlCharacters = ASCIISet(alphanumericsAnd: "-._~:/?#[]@!$&()*+,;=%")
}
