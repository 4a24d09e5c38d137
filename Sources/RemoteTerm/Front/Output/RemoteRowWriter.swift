import RemoteTermEngine

/// Writes the remote's rows to the user's terminal itself, the way tmux writes a pane: from
/// the rows `FrameDiff` found changed, only the cells that differ from what the row showed,
/// with cursor moves, SGR and text appended to one buffer per frame. ncurses keeps the
/// terminal's modes and rterm's own rows (the bar, messages, panels, popups); this writes
/// the rest, so a changed remote row costs one comparison and its bytes, not a second copy
/// into ncurses' screen and a second diff there.
///
/// What it sends, and nothing else: `CSI row;col H` and `CSI n C` (cursor), `CSI … m`
/// (rendition, in the user's terminal's colour depth: `RemoteRowTerminal`), `CSI K` (a blank
/// tail, in its background only where the terminal erases in colour), `CSI top;bottom r`
/// with line feeds or `CSI n S`/`CSI n T` and `CSI r` (a scroll), and the cells' text. The
/// text comes from the remote: anything that is not a printable scalar is written as a
/// space, so no control ever reaches the user's terminal.
package struct RemoteRowWriter {
    /// The user's terminal.
    package let terminal: RemoteRowTerminal

    /// A cell's rendition as written: attributes the terminal draws (with the screen's reverse
    /// video folded in), colours as the cell stores them, the underline colour.
    struct Pen: Equatable {
        var attributes: UInt16
        var foreground: UInt32
        var background: UInt32
        var underlineColor: UInt32
    }

    /// The terminal's rendition as this last set it; nil when unknown (a frame's start,
    /// after ncurses or a restore wrote).
    private var pen: Pen?
    /// Where the terminal's cursor is, as far as known (column -1: unknown, or waiting to
    /// wrap after the last column).
    private var cursorRow = -1
    private var cursorColumn = -1

    /// The remote's colour table the parameters below were made for.
    private var colors = TerminalColors()
    /// SGR parameters for each palette entry (0–255) and the default (256), as the colour
    /// table draws them in the terminal's depth: foreground and background.
    private var foregroundParameters: [[UInt8]] = []
    private var backgroundParameters: [[UInt8]] = []
    /// Whether the default colours are the terminal's own (no parameter needed after a reset).
    private var plainDefaults = (foreground: true, background: true)
    /// Parameters of RGB colours quantised to the palette (a terminal without direct colour).
    private var quantised: [UInt32: [UInt8]] = [:]
    /// SGR parameters (after `0`) and any capability string that is not an SGR, per rendition.
    private var renditionParameters: [UInt16: (parameters: [UInt8], trailing: [UInt8])] = [:]
    /// The cell attribute bits a pen keeps.
    private let attributeMask: UInt16

    /// A writer for `terminal`.
    package init(terminal: RemoteRowTerminal) {
        self.terminal = terminal
        var mask = terminal.renditions.rawValue & CellAttributes.renditionMask.rawValue
        mask &= ~(CellAttributes.strikethrough.rawValue | CellAttributes.overline.rawValue)
        if terminal.styles.strikethrough { mask |= CellAttributes.strikethrough.rawValue }
        if terminal.styles.overline { mask |= CellAttributes.overline.rawValue }
        attributeMask = mask
        makeColorParameters()
    }

    // MARK: - State

    /// Draws in the remote's colour table `colors` (palette entries and default colours it
    /// changed are drawn as their RGB values, as everywhere in the front).
    package mutating func use(_ colors: TerminalColors) {
        guard colors != self.colors else { return }
        self.colors = colors
        makeColorParameters()
    }

    /// Forgets the terminal's rendition and cursor: something else wrote (ncurses, a restore
    /// of its cursor).
    package mutating func forgetTerminalState() {
        pen = nil
        cursorRow = -1
        cursorColumn = -1
    }

    // MARK: - Scrolls and the cursor

    /// Moves the lines of `scroll.rows` by `scroll.count` (up when positive), as the terminal's
    /// scroll region does; the rows left behind are blank in the default colours. The scroll
    /// region is the whole screen again afterwards.
    package mutating func scroll(_ scroll: FrameScroll, into out: inout [UInt8]) {
        guard !scroll.rows.isEmpty, scroll.count != 0 else { return }
        out += [0x1B, 0x5B, 0x30, 0x6D]  // ESC [ 0 m: new lines in the default colours
        pen = nil
        out.appendCSI()
        out.appendDecimal(scroll.rows.lowerBound + 1)
        out.append(0x3B)
        out.appendDecimal(scroll.rows.upperBound)
        out.append(0x72)  // r
        let count = min(abs(scroll.count), scroll.rows.count)
        cursorRow = -1
        if scroll.count > 0 {
            moveCursor(row: scroll.rows.upperBound - 1, column: 0, into: &out)
            if count > 1 && terminal.scrollsByCount {
                out.appendCSI()
                out.appendDecimal(count)
                out.append(0x53)  // S
            } else {
                out += repeatElement(0x0A, count: count)
            }
        } else {
            moveCursor(row: scroll.rows.lowerBound, column: 0, into: &out)
            if count > 1 && terminal.scrollsByCount {
                out.appendCSI()
                out.appendDecimal(count)
                out.append(0x54)  // T
            } else {
                for _ in 0..<count { out += [0x1B, 0x4D] }  // ESC M
            }
        }
        out += [0x1B, 0x5B, 0x72]  // ESC [ r: the whole screen again, the cursor home
        cursorRow = 0
        cursorColumn = 0
    }

    /// Puts the cursor at `row`, `column` (0-based): nothing when it is there, `CSI n C` when it
    /// is further along the same row, `CSI row;col H` otherwise.
    package mutating func moveCursor(row: Int, column: Int, into out: inout [UInt8]) {
        if cursorRow == row && cursorColumn >= 0 {
            if cursorColumn == column { return }
            if column > cursorColumn {
                let distance = column - cursorColumn
                out.appendCSI()
                if distance > 1 { out.appendDecimal(distance) }
                out.append(0x43)  // C
                cursorColumn = column
                return
            }
        }
        out.appendCSI()
        out.appendDecimal(row + 1)
        if column > 0 {
            out.append(0x3B)
            out.appendDecimal(column + 1)
        }
        out.append(0x48)  // H
        cursorRow = row
        cursorColumn = column
    }

    // MARK: - Rows

    /// Unchanged cells between two changed ones that are written again rather than skipped
    /// with a cursor move (which costs about as many bytes).
    static let shortestSkip = 6

    /// Writes row `row` whole: what the terminal shows there is not known.
    package mutating func write(row: Int, _ new: borrowing FrameLine, into out: inout [UInt8]) {
        let columns = new.cells.count
        guard columns > 0 else { return }
        let tail = blankTail(of: new)
        new.cells.withUnsafeBufferPointer { cells in
            if tail.start > 0 { writeCells(cells, 0..<tail.start, row: row, line: new, into: &out) }
        }
        if tail.start < columns { erase(row: row, from: tail.start, background: tail.background, into: &out) }
    }

    /// Brings row `row` from `known` (what the terminal shows there now) to `new`: the
    /// stretches of cells that differ, then the blank tail erased if the row held anything
    /// there. A wide character is always written whole, and a stretch never starts or ends
    /// inside one (of either line), so nothing is left half drawn. Lines are borrowed: a copy
    /// would retain their arrays.
    package mutating func write(
        row: Int, _ new: borrowing FrameLine, over known: borrowing FrameLine, into out: inout [UInt8]
    ) {
        let columns = new.cells.count
        guard columns > 0 else { return }
        guard known.cells.count == columns, known.isReverseScreen == new.isReverseScreen, known.links == new.links else {
            return write(row: row, new, into: &out)
        }
        let tail = blankTail(of: new)
        var needsErase = tail.start < columns
        new.cells.withUnsafeBufferPointer { cells in
            known.cells.withUnsafeBufferPointer { before in
                let now = cells.baseAddress!
                let then = before.baseAddress!
                // The terminal's row already ends in the blank tail when the old line was
                // blank there in the same background.
                if needsErase {
                    needsErase = !(tail.background == 0 && known.blankFrom <= tail.start)
                        && !Self.isBlankTail(then + tail.start, count: columns - tail.start, tail.background)
                }
                // A cell is two words (`ParserTests.cellIsAtMostSixteenBytes`): the second
                // holds the background, the attributes and, in its top 16 bits, `extra`.
                let nowWords = UnsafeRawPointer(now).assumingMemoryBound(to: UInt64.self)
                let thenWords = UnsafeRawPointer(then).assumingMemoryBound(to: UInt64.self)
                func same(_ column: Int) -> Bool {
                    let second = nowWords[column &* 2 &+ 1]
                    guard nowWords[column &* 2] == thenWords[column &* 2], second == thenWords[column &* 2 &+ 1] else {
                        return false
                    }
                    return second >> 48 == 0 || Self.sameExtras(now[column].extra, new.extras, known.extras)
                }
                func insideWide(_ column: Int) -> Bool {
                    now[column].attributes.contains(.wideContinuation) || then[column].attributes.contains(.wideContinuation)
                }
                var column = 0
                let limit = tail.start
                while column < limit {
                    // Equal cells without marks, passed word by word.
                    while column < limit && nowWords[column &* 2] == thenWords[column &* 2]
                        && nowWords[column &* 2 &+ 1] == thenWords[column &* 2 &+ 1] && nowWords[column &* 2 &+ 1] >> 48 == 0
                    {
                        column &+= 1
                    }
                    if column >= limit { break }
                    if same(column) {
                        column += 1
                        continue
                    }
                    var start = column
                    while start > 0 && insideWide(start) { start -= 1 }
                    var end = column + 1
                    var unchanged = 0
                    while end < limit && unchanged < Self.shortestSkip {
                        unchanged = same(end) ? unchanged + 1 : 0
                        end += 1
                    }
                    end -= unchanged
                    // (Not into the blank tail: the erase clears it, halves and all.)
                    while end < limit && insideWide(end) { end += 1 }
                    writeCells(cells, start..<end, row: row, line: new, into: &out)
                    column = end
                }
            }
        }
        if needsErase { erase(row: row, from: tail.start, background: tail.background, into: &out) }
    }

    /// Erases row `row` from `column` to its end in `background`.
    private mutating func erase(row: Int, from column: Int, background: UInt32, into out: inout [UInt8]) {
        moveCursor(row: row, column: column, into: &out)
        // Erasing fills with the background (never inverted): the pen's foreground and
        // other attributes do not show.
        let erasesRight =
            pen.map { $0.background == background && $0.attributes & CellAttributes.inverse.rawValue == 0 } ?? false
        if !erasesRight {
            setPen(Pen(attributes: 0, foreground: 0, background: background, underlineColor: 0), into: &out)
        }
        out.appendCSI()
        out.append(0x4B)  // K
    }

    /// Whether two cells' marks and underline colours (behind the same index) are the same.
    private static func sameExtras(_ index: UInt16, _ a: CellExtras, _ b: CellExtras) -> Bool {
        let x = a.entry(index)
        let y = b.entry(index)
        return x.combining == y.combining && x.underlineColor == y.underlineColor
    }

    /// Where the row's blank tail starts (cells that erasing leaves as they are: blank, no
    /// rendition, one background), and that background; the row's width when there is none
    /// or it cannot be erased: in reverse video, or in a colour a terminal without `bce`
    /// does not erase in.
    private func blankTail(of line: FrameLine) -> (start: Int, background: UInt32) {
        line.cells.withUnsafeBufferPointer { cells in
            guard !line.isReverseScreen, let last = cells.last, Self.isErasable(last) else { return (cells.count, 0) }
            let background = last.backgroundBits
            if !terminal.backgroundColorErase && !(background == 0 && plainDefaults.background) {
                return (cells.count, 0)
            }
            // The engine's word on where the row's blank cells begin, then a look back from there.
            var start = background == 0 ? min(cells.count - 1, line.blankFrom) : cells.count - 1
            if background == 0 {
                // Cells erased in the default colours are all zero bits: two at a time.
                let words = UnsafeRawPointer(cells.baseAddress!).assumingMemoryBound(to: UInt64.self)
                while start >= 2
                    && words[(start &- 2) &* 2] | words[(start &- 2) &* 2 &+ 1] | words[(start &- 1) &* 2]
                        | words[(start &- 1) &* 2 &+ 1] == 0
                {
                    start &-= 2
                }
            }
            while start > 0 && Self.isBlank(cells.baseAddress! + (start - 1), background) { start -= 1 }
            return (start, background)
        }
    }

    /// Whether `count` cells from `cells` are all erasable blanks in `background`.
    private static func isBlankTail(_ cells: UnsafePointer<Cell>, count: Int, _ background: UInt32) -> Bool {
        var index = 0
        if background == 0 {
            // Cells erased in the default colours are all zero bits: two at a time.
            let words = UnsafeRawPointer(cells).assumingMemoryBound(to: UInt64.self)
            while index &+ 1 < count
                && words[index &* 2] | words[index &* 2 &+ 1] | words[index &* 2 &+ 2] | words[index &* 2 &+ 3] == 0
            {
                index &+= 2
            }
        }
        while index < count {
            if !isBlank(cells + index, background) { return false }
            index &+= 1
        }
        return true
    }

    /// Whether the cell is an erasable blank in `background`, read as its two words: a code
    /// point of 0 or a space (the foreground does not show), then the background with no
    /// attributes and no `extra`.
    @inline(__always)
    private static func isBlank(_ cell: UnsafePointer<Cell>, _ background: UInt32) -> Bool {
        let words = UnsafeRawPointer(cell).assumingMemoryBound(to: UInt64.self)
        return words[0] & 0xFFFF_FFDF == 0 && words[1] == UInt64(background)
    }

    /// A cell that an erase draws: a blank without rendition or marks (its foreground shows nothing).
    @inline(__always)
    private static func isErasable(_ cell: Cell) -> Bool {
        cell.codePoint | 0x20 == 0x20 && cell.attributes.rawValue == 0 && cell.extra == 0
    }

    /// Writes the cells of `range` of row `row`: a move there, then each cell's rendition
    /// where it changes and its text.
    private mutating func writeCells(
        _ cells: UnsafeBufferPointer<Cell>, _ range: Range<Int>, row: Int, line: FrameLine, into out: inout [UInt8]
    ) {
        moveCursor(row: row, column: range.lowerBound, into: &out)
        let reverse = line.isReverseScreen
        let count = cells.count
        // A cell's second word: background, attributes and `extra` (`ParserTests.cellIsAtMostSixteenBytes`).
        let words = UnsafeRawPointer(cells.baseAddress!).assumingMemoryBound(to: UInt64.self)
        var lastStyle: (UInt64, UInt64)?
        var column = range.lowerBound
        while column < range.upperBound {
            let cell = cells[column]
            let style = (words[column &* 2] >> 32, words[column &* 2 &+ 1])
            if lastStyle == nil || lastStyle! != style {
                lastStyle = style
                setPen(makePen(for: cell, reverse: reverse, extras: line.extras), into: &out)
            }
            // A run of printable ASCII in this style (most text): copied in one go.
            var end = column
            while end < range.upperBound {
                let first = words[end &* 2]
                let codePoint = UInt32(truncatingIfNeeded: first)
                guard first >> 32 == style.0, words[end &* 2 &+ 1] == style.1, codePoint < 0x7F,
                    codePoint >= 0x20 || codePoint == 0
                else { break }
                end &+= 1
            }
            // (A style with attributes such as wide, or `extra`, never starts a run.)
            if end > column && style.1 >> 43 & 0b11 == 0 && style.1 >> 48 == 0 {
                let length = end &- column
                // Gathered in a buffer on the stack, then appended in one copy; an empty cell
                // (code point 0) is a space.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { bytes in
                    let target = bytes.baseAddress!
                    var source = words + column &* 2
                    for offset in 0..<length {
                        let codePoint = UInt8(truncatingIfNeeded: source.pointee)
                        target[offset] = codePoint == 0 ? 0x20 : codePoint
                        source += 2
                    }
                    out.append(contentsOf: UnsafeBufferPointer(bytes))
                }
                cursorColumn += end - column
                column = end
                if cursorColumn >= count { cursorColumn = -1 }  // waiting to wrap: moves are absolute
                continue
            }
            let attributes = cell.attributes
            let wide = attributes.contains(.wide) && column + 1 < count && cells[column + 1].attributes.contains(.wideContinuation)
            if attributes.contains(.wideContinuation) {
                out.append(0x20)  // half a wide character without its first (a wide first half skips it)
            } else if cell.extra == 0 && !attributes.contains(.wide) {
                Self.appendCharacter(cell.codePoint, to: &out)
            } else {
                StyleOverpaint.appendText(of: cell, wide: wide, extras: line.extras, to: &out)
            }
            let width = wide ? 2 : 1
            column += width
            cursorColumn += width
            if cursorColumn >= count { cursorColumn = -1 }  // waiting to wrap: moves are absolute
        }
    }

    /// A narrow cell's character as UTF-8: a space for an empty cell or anything that is not a
    /// printable scalar, U+FFFD for one the user's terminal would give no column.
    private static func appendCharacter(_ codePoint: UInt32, to out: inout [UInt8]) {
        if codePoint < 0x80 {
            out.append(codePoint < 0x20 || codePoint == 0x7F ? 0x20 : UInt8(truncatingIfNeeded: codePoint))
            return
        }
        guard codePoint > 0x9F, var scalar = Unicode.Scalar(codePoint) else { return out.append(0x20) }
        if codePoint >= 0x300 && characterWidth(codePoint) < 1 { scalar = "\u{FFFD}" }
        UTF8.encode(scalar) { out.append($0) }
    }

    // MARK: - Renditions

    /// The pen a cell is written with.
    private func makePen(for cell: Cell, reverse: Bool, extras: CellExtras) -> Pen {
        var attributes = cell.attributes.rawValue & attributeMask
        if reverse { attributes ^= CellAttributes.inverse.rawValue }
        let underline = attributes & (0b111 << 8)
        if underline != 0 && !terminal.styles.styledUnderline { attributes = (attributes & ~(0b111 << 8)) | (1 << 8) }
        var underlineColor: UInt32 = 0
        if underline != 0 && terminal.styles.underlineColor && cell.extra != 0 {
            underlineColor = extras.entry(cell.extra).underlineColor
        }
        let colored = terminal.colorCount > 0 || terminal.styles.directColor
        return Pen(
            attributes: attributes, foreground: colored ? cell.foregroundBits : 0,
            background: colored ? cell.backgroundBits : 0, underlineColor: underlineColor)
    }

    /// Sets the terminal's rendition to `new`: only the colours that changed when the
    /// attributes did not, else a reset and everything that differs from it.
    private mutating func setPen(_ new: Pen, into out: inout [UInt8]) {
        if let pen, pen == new { return }
        out.appendCSI()
        if let pen, pen.attributes == new.attributes, pen.underlineColor == new.underlineColor {
            if pen.foreground != new.foreground {
                appendColor(new.foreground, foreground: true, to: &out)
                if pen.background != new.background { out.append(0x3B) }
            }
            if pen.background != new.background { appendColor(new.background, foreground: false, to: &out) }
            out.append(0x6D)
        } else {
            out.append(0x30)  // 0
            let rendition = renditionBytes(new.attributes)
            out += rendition.parameters
            if new.foreground != 0 || !plainDefaults.foreground {
                out.append(0x3B)
                appendColor(new.foreground, foreground: true, to: &out)
            }
            if new.background != 0 || !plainDefaults.background {
                out.append(0x3B)
                appendColor(new.background, foreground: false, to: &out)
            }
            var trailing = rendition.trailing
            if new.underlineColor != 0 {
                let color = StyleOverpaint.underlineColorParameters(
                    new.underlineColor, colors: colors, capabilities: terminal.styles)
                out += Array(color.parameters.utf8)
                trailing += color.trailing
            }
            out.append(0x6D)
            out += trailing
        }
        pen = new
    }

    /// The SGR parameters (each after a `;`) of a pen's attributes, and what must follow the
    /// SGR (`StyleOverpaint.renditionParameters`, made once per rendition).
    private mutating func renditionBytes(_ attributes: UInt16) -> (parameters: [UInt8], trailing: [UInt8]) {
        if attributes == 0 { return ([], []) }
        if let known = renditionParameters[attributes] { return known }
        let made = StyleOverpaint.renditionParameters(CellAttributes(rawValue: attributes), capabilities: terminal.styles)
        let bytes = (Array(made.parameters.utf8), made.trailing)
        renditionParameters[attributes] = bytes
        return bytes
    }

    // MARK: - Colours

    /// The SGR parameters of a cell's colour (`TerminalColor.packed` bits).
    private mutating func appendColor(_ bits: UInt32, foreground: Bool, to out: inout [UInt8]) {
        switch bits >> 24 {
        case 1:
            out += foreground ? foregroundParameters[Int(bits & 0xFF)] : backgroundParameters[Int(bits & 0xFF)]
        case 2:
            if terminal.styles.directColor || terminal.colorCount >= ColorPalette.directColorCount {
                out += foreground ? [0x33, 0x38, 0x3B, 0x32, 0x3B] : [0x34, 0x38, 0x3B, 0x32, 0x3B]  // 38;2; 48;2;
                out.appendDecimal(Int((bits >> 16) & 0xFF))
                out.append(0x3B)
                out.appendDecimal(Int((bits >> 8) & 0xFF))
                out.append(0x3B)
                out.appendDecimal(Int(bits & 0xFF))
                return
            }
            let key = bits | (foreground ? 0x8000_0000 : 0)
            if let known = quantised[key] { return out += known }
            let made = parameters(for: TerminalColor(packed: bits), foreground: foreground)
            if quantised.count > 4096 { quantised.removeAll(keepingCapacity: true) }
            quantised[key] = made
            out += made
        default:
            out += foreground ? foregroundParameters[256] : backgroundParameters[256]
        }
    }

    /// The tables of palette and default colours, for the current colour table.
    private mutating func makeColorParameters() {
        foregroundParameters = (0...256).map { index in
            let color: TerminalColor = index == 256 ? .default : .indexed(UInt8(index))
            return parameters(for: colors.drawn(color, asForeground: true), foreground: true)
        }
        backgroundParameters = (0...256).map { index in
            let color: TerminalColor = index == 256 ? .default : .indexed(UInt8(index))
            return parameters(for: colors.drawn(color, asForeground: false), foreground: false)
        }
        plainDefaults = (foregroundParameters[256] == Array("39".utf8), backgroundParameters[256] == Array("49".utf8))
        quantised.removeAll()
    }

    /// The SGR parameters for a colour as drawn (after the colour table), in the terminal's
    /// depth: exact RGB with direct colour; otherwise the terminal's nearest colour number
    /// (`ColorPalette.colorNumber`, as ncurses is given it) in the form terminfo's `setaf`
    /// uses: 30–37, 90–97, `38;5;N` (and 40–47, 100–107, `48;5;N`).
    private func parameters(for color: TerminalColor, foreground: Bool) -> [UInt8] {
        let base = foreground ? 30 : 40
        if case .rgb(let r, let g, let b) = color, terminal.styles.directColor {
            return Array("\(base + 8);2;\(r);\(g);\(b)".utf8)
        }
        let number = Int(ColorPalette.colorNumber(for: color, colorCount: terminal.colorCount))
        if number < 0 { return Array("\(base + 9)".utf8) }
        if number < 8 { return Array("\(base + number)".utf8) }
        if terminal.colorCount >= ColorPalette.directColorCount {
            return Array("\(base + 8);2;\(number >> 16);\((number >> 8) & 0xFF);\(number & 0xFF)".utf8)
        }
        if number < 16 { return Array("\(base + 60 + number - 8)".utf8) }
        return Array("\(base + 8);5;\(number)".utf8)
    }
}
