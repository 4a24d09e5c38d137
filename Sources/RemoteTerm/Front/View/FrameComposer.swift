import RemoteTermCore
import RemoteTermEngine

/// Composes a `Frame` from the terminal and what rterm shows on it: the viewport (the live
/// screen, or the history from a stable line number on), then the overlays in order
/// (links underlined, the selection in reverse video, a panel over the bottom rows), then the
/// bar row. Pure: the same inputs give the same frame, and tests read it as text and cells.
package enum FrameComposer {
    /// What is shown on top of the terminal's text.
    package struct Overlays: Equatable, Sendable {
        /// Links (OSC 8 or URLs found in the text): underlined, and named on their lines.
        package var links: [DetectedLink] = []
        /// The selection: reverse video.
        package var selection: ClosedRange<TextPosition>?
        /// A panel over the bottom rows of the remote area.
        package var panel: Panel?
        /// The bar row's labels; nil when the bar is hidden (no bar row).
        package var bar: [BarLabel]?
        /// The cursor's column on the bar row while an answer is typed there.
        package var barCursor: Int?
        /// Rows of the bar (1 to 3); the labels go on the middle one.
        package var barRows = 1
        /// A button's alternatives, in a strip as tall as the bar just above it (over the
        /// remote's bottom rows).
        package var popup: [BarLabel]?
        /// The remote screen is stale (the link is down): drawn faint, without its cursor.
        package var isStale = false
        /// Typed keys shown before the remote echoed them: drawn underlined over the live
        /// screen, with the cursor after them.
        package var predictions: PredictionOverlay?
        /// A bar-row message too long for its row: the lines before the bar row's, drawn on
        /// the rows just above the bar (over the remote area's bottom rows), top to bottom.
        package var messageAbove: [String] = []
        /// Whether the session's program runs on this machine: else its `file:` links name
        /// the remote's files, and are not named on their lines (nothing passes them on to the
        /// user's terminal, which would open this machine's file).
        package var runsHere = false

        /// No overlays and no bar.
        package init(
            links: [DetectedLink] = [], selection: ClosedRange<TextPosition>? = nil, panel: Panel? = nil,
            bar: [BarLabel]? = nil, barCursor: Int? = nil
        ) {
            self.links = links
            self.selection = selection
            self.panel = panel
            self.bar = bar
            self.barCursor = barCursor
        }
    }

    /// The stable line number shown on the area's top row: `topLine` in the history (held
    /// inside what the terminal still keeps), the screen's top row when live (nil).
    package static func firstLine(of terminal: Terminal, topLine: Int?) -> Int {
        guard let topLine else { return terminal.screenTopLineNumber }
        return min(max(topLine, terminal.oldestLineNumber), terminal.screenTopLineNumber)
    }

    /// The frame for an area of `area.rows` remote rows (plus the bar row when `overlays.bar`
    /// is set) and `area.columns` columns.
    package static func compose(
        _ terminal: Terminal, topLine: Int?, area: (rows: Int, columns: Int), overlays: Overlays
    ) -> Frame {
        var work = FrameWork()
        return compose(terminal, topLine: topLine, area: area, overlays: overlays, reusing: nil, work: &work)
    }

    /// The same, reusing the lines of `previous` (the frame composed last) that show an engine
    /// row unchanged since, wherever that row has moved: only the rows that changed are read
    /// from the engine (counted in `work.rowsComposed`).
    package static func compose(
        _ terminal: Terminal, topLine: Int?, area: (rows: Int, columns: Int), overlays: Overlays,
        reusing previous: Frame?, work: inout FrameWork
    ) -> Frame {
        work.frames += 1
        let hasBar = overlays.bar != nil
        let barRows = max(1, overlays.barRows)
        var frame = Frame(rows: area.rows + (hasBar ? barRows : 0), columns: area.columns)
        let columns = frame.columns
        let first = firstLine(of: terminal, topLine: topLine)
        let isLive = first == terminal.screenTopLineNumber && topLine == nil
        let reverse = terminal.modes.reverseVideo
        var reusable = ReusableLines(previous?.columns == columns ? previous : nil)
        for row in 0..<area.rows {
            let number = first + row
            if isLive {
                guard row < terminal.rows else { continue }
                let identity = terminal.rowIdentity(row)
                if let line = reusable.line(identity, atRow: row), line.isReverseScreen == reverse {
                    frame.lines[row] = line
                    continue
                }
                work.rowsComposed += 1
                frame.lines[row] = terminal.withRowCells(row) { cells in
                    FrameLine(
                        row: cells, extras: terminal.cellExtras, columns: columns, isReverseScreen: reverse,
                        identity: identity, blankFrom: terminal.rowExtent(row))
                }
            } else {
                // The history view: a line of the scrollback is named by its number, a row of
                // the screen below it by the engine's identity, so a wheel step reuses the
                // lines still shown and the renderer scrolls them rather than drawing them.
                let screenRow = number - terminal.screenTopLineNumber
                let isScreen = screenRow >= 0 && screenRow < terminal.rows
                let identity = isScreen ? terminal.rowIdentity(screenRow) : RowIdentity.historyLine(number)
                let isReverse = reverse && isScreen
                if let line = reusable.line(identity, atRow: row), line.isReverseScreen == isReverse {
                    frame.lines[row] = line
                    continue
                }
                guard let line = terminal.line(number: number) else { continue }
                work.rowsComposed += 1
                frame.lines[row] = FrameLine(
                    cells: line.cells, extras: line.extras, columns: columns, isReverseScreen: isReverse, identity: identity)
            }
        }
        // The overlays below restyle rows, which drops their identities; each row's overlay is
        // hashed as it is laid, and the row then gets its identity back with that hash
        // (`RowIdentity.overlay`), so a row under a link or the selection is still reused,
        // compared by identity and scrolled like any other.
        let hasOverlays = overlays.isStale || !overlays.links.isEmpty || overlays.selection != nil
            || (isLive && overlays.predictions != nil)
        let bases = hasOverlays ? frame.lines.map(\.identity) : []
        var laid: [Int: Hasher] = [:]
        // What was laid on a row: which overlay (`kind`), where, and a text it carries.
        func lay(_ row: Int, _ kind: Int, _ a: Int = 0, _ b: Int = 0, _ text: String = "") {
            var hasher = laid[row] ?? Hasher()
            hasher.combine(kind)
            hasher.combine(a)
            hasher.combine(b)
            hasher.combine(text)
            laid[row] = hasher
        }
        if overlays.isStale {
            for row in 0..<area.rows {
                frame.lines[row].restyle(0..<columns) { $0.insert(.faint) }
                lay(row, 1)
            }
        }
        let shown = first..<(first + area.rows)
        for link in overlays.links {
            let segments = mark(link.start...link.end, shown: shown, in: &frame) { attributes in
                if attributes.underlineStyle == .none { attributes.underlineStyle = .single }
            }
            let opens = !LinkOpener.isElsewhereFile(link.url, runsHere: overlays.runsHere)
            for (row, columns) in segments {
                lay(row, 2, columns.lowerBound, columns.upperBound, opens ? link.url : "")
                if opens { frame.lines[row].links.append(FrameLink(columns: columns, url: link.url)) }
            }
        }
        if let selection = overlays.selection {
            for (row, columns) in mark(selection, shown: shown, in: &frame, { $0.formSymmetricDifference(.inverse) }) {
                lay(row, 3, columns.lowerBound, columns.upperBound)
            }
        }
        if isLive && !overlays.isStale && terminal.modes.cursorVisible && terminal.cursorRow < area.rows
            && terminal.cursorColumn < columns
        {
            frame.cursor = FrameCursor(row: terminal.cursorRow, column: min(terminal.cursorColumn, terminal.columns - 1))
        }
        if isLive, !overlays.isStale, let predictions = overlays.predictions {
            let remoteRows = Dictionary(
                predictions.cells.filter { $0.row < area.rows }.map { ($0.row, frame.lines[$0.row].cells) },
                uniquingKeysWith: { first, _ in first })
            for cell in predictions.cells where cell.row < area.rows && cell.column < columns {
                if let source = cell.sourceColumn {
                    // Text pushed along by a guess: the remote's cell moved, colours and all.
                    if let row = remoteRows[cell.row], source < row.count { frame.lines[cell.row].cells[cell.column] = row[source] }
                    lay(cell.row, 4, cell.column, source)
                    continue
                }
                lay(cell.row, cell.isGuess ? 5 : 6, cell.column, Int(cell.scalar.value))
                frame.lines[cell.row].write(String(cell.scalar), at: cell.column)
                if cell.isGuess && cell.scalar != " " {
                    let width = max(1, characterWidth(cell.scalar.value))
                    frame.lines[cell.row].restyle(cell.column..<min(columns, cell.column + width)) {
                        $0.underlineStyle = .single
                    }
                }
            }
            if terminal.modes.cursorVisible, predictions.cursorRow < area.rows {
                frame.cursor = FrameCursor(row: predictions.cursorRow, column: min(predictions.cursorColumn, columns - 1))
            }
        }
        for (row, hasher) in laid {
            guard row < bases.count, let base = bases[row] else { continue }
            frame.lines[row].identity = base.overlaid(UInt64(bitPattern: Int64(hasher.finalize())))
        }
        if let panel = overlays.panel {
            let height = panel.height(rows: area.rows, columns: columns)
            drawPanel(panel, rows: (area.rows - height)..<area.rows, in: &frame)
            if let cursor = frame.cursor, cursor.row >= area.rows - height { frame.cursor = nil }
        }
        if let popup = overlays.popup {
            drawPopup(popup, rows: max(0, area.rows - barRows)..<area.rows, in: &frame)
            if let cursor = frame.cursor, cursor.row >= area.rows - barRows { frame.cursor = nil }
        }
        if overlays.bar != nil, !overlays.messageAbove.isEmpty {
            let above = overlays.messageAbove.suffix(area.rows)
            let first = area.rows - above.count
            for (offset, text) in above.enumerated() {
                var line = FrameLine(columns: columns)
                line.usesLocalColors = true
                line.write(text, at: 0, attributes: [])
                frame.lines[first + offset] = line
            }
            if let cursor = frame.cursor, cursor.row >= first { frame.cursor = nil }
        }
        if let bar = overlays.bar {
            let labelRow = area.rows + labelRowOffset(rows: barRows)
            for row in area.rows..<(area.rows + barRows) {
                frame.lines[row] = FrameLine(columns: columns)
                frame.lines[row].usesLocalColors = true
                // Each button's cap on every row, so a taller bar's rows read as one button.
                for label in bar {
                    guard let cap = label.cap else { continue }
                    frame.lines[row].restyle(cap) { $0 = capAttributes(of: label.emphasis) }
                }
            }
            for label in bar {
                let attributes =
                    label.cap == nil ? attributes(of: label.emphasis) : capAttributes(of: label.emphasis, text: true)
                frame.lines[labelRow].write(label.text, at: label.column, attributes: attributes)
            }
            if let column = overlays.barCursor {
                frame.cursor = FrameCursor(row: labelRow, column: min(column, columns - 1))
            }
        }
        return frame
    }

    /// The row of a bar (or popup) `rows` tall that carries the labels: the middle one.
    package static func labelRowOffset(rows: Int) -> Int { (max(1, rows) - 1) / 2 }

    /// The popup strip: each alternative's box in reverse video over `rows`, its label on the
    /// middle row.
    private static func drawPopup(_ labels: [BarLabel], rows: Range<Int>, in frame: inout Frame) {
        guard !rows.isEmpty else { return }
        let labelRow = rows.lowerBound + labelRowOffset(rows: rows.count)
        for row in rows {
            for label in labels {
                let text = row == labelRow ? label.text : String(repeating: " ", count: terminalColumns(label.text))
                frame.lines[row].write(text, at: label.column, attributes: attributes(of: label.emphasis))
            }
        }
    }

    /// Restyles the cells of `range` that are on screen; a wide character's two cells go
    /// together. Returns the rows and columns restyled.
    @discardableResult
    private static func mark(
        _ range: ClosedRange<TextPosition>, shown: Range<Int>, in frame: inout Frame,
        _ change: (inout CellAttributes) -> Void
    ) -> [(row: Int, columns: Range<Int>)] {
        let first = max(range.lowerBound.line, shown.lowerBound)
        let last = min(range.upperBound.line, shown.upperBound - 1)
        guard first <= last else { return [] }
        var marked: [(row: Int, columns: Range<Int>)] = []
        for number in first...last {
            let start = number == range.lowerBound.line ? range.lowerBound.column : 0
            let end = number == range.upperBound.line ? range.upperBound.column : frame.columns - 1
            guard start <= end else { continue }
            var columns = start..<(end + 1)
            let row = number - shown.lowerBound
            let cells = frame.lines[row].cells
            if columns.upperBound < cells.count, cells[columns.upperBound].attributes.contains(.wideContinuation) {
                columns = columns.lowerBound..<(columns.upperBound + 1)
            }
            if columns.lowerBound > 0, columns.lowerBound < cells.count,
                cells[columns.lowerBound].attributes.contains(.wideContinuation)
            {
                columns = (columns.lowerBound - 1)..<columns.upperBound
            }
            frame.lines[row].restyle(columns, change)
            marked.append((row, columns.clamped(to: 0..<frame.columns)))
        }
        return marked
    }

    /// The panel: a title row in reverse video saying how to close it (and where the text
    /// is when it scrolls), then the text, one column in from the edges.
    private static func drawPanel(_ panel: Panel, rows: Range<Int>, in frame: inout Frame) {
        guard !rows.isEmpty else { return }
        let columns = frame.columns
        let text = panel.wrappedLines(width: columns - 2)
        let room = rows.count - 1
        let scroll = min(panel.scroll, max(0, text.count - room))
        var title = FrameLine(columns: columns)
        title.restyle(0..<columns) { $0.insert(.inverse) }
        // The title first, then where the text is, then the hint, as far as they fit.
        var heading = " " + panel.title
        var extras: [String] = []
        // ASCII, as less writes it: the title is the same in words style (no en dash there).
        if text.count > room { extras.append("[\(scroll + 1)-\(scroll + room)/\(text.count)]") }
        if !panel.hint.isEmpty { extras.append(panel.hint) }
        for extra in extras where heading.count + 2 + extra.count <= columns { heading += "  " + extra }
        if !panel.hint.isEmpty, !heading.hasSuffix(panel.hint), !panel.shortHint.isEmpty,
            heading.count + 2 + panel.shortHint.count <= columns
        {
            heading += "  " + panel.shortHint
        }
        title.write(heading, at: 0, attributes: .inverse)
        frame.lines[rows.lowerBound] = title
        for (offset, row) in rows.dropFirst().enumerated() {
            var line = FrameLine(columns: columns)
            let index = scroll + offset
            if index < text.count { line.write(text[index], at: 1) }
            frame.lines[row] = line
        }
    }

    /// The rendition of a button's cap (`text`: of its label): reverse video, which is the
    /// user's own terminal colours swapped, whatever the theme, so the bar reads as buttons
    /// and not as output; an armed modifier's cap the other way round and its label bold, a
    /// locked one's bold and underlined (their text differs too: `^Ctrl`, `^CTRL`).
    static func capAttributes(of emphasis: KeyBarLabel.Emphasis, text: Bool = false) -> CellAttributes {
        switch emphasis {
        case .normal: return .inverse
        case .armed: return text ? .bold : []
        case .locked:
            guard text else { return [] }
            var attributes: CellAttributes = .bold
            attributes.underlineStyle = .single
            return attributes
        }
    }

    /// The rendition of bar text that is no button (a notice, the history line, a popup's
    /// boxes): armed in reverse video, locked in reverse and bold.
    static func attributes(of emphasis: KeyBarLabel.Emphasis) -> CellAttributes {
        switch emphasis {
        case .normal: return []
        case .armed: return .inverse
        case .locked: return [.inverse, .bold]
        }
    }
}
