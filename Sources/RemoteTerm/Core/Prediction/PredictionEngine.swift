import RemoteTermEngine
import RemoteTermSSH

/// Predictive local echo over plain SSH (after mosh's): keys typed at a prompt are shown at
/// once, drawn underlined, until the remote's echo confirms them, and taken back as soon as
/// the remote shows something else. Pure: keys, the terminal and the clock come in; what to
/// draw over the frame comes out. The terminal state is never touched: it stays exactly
/// what the remote sent.
///
/// Careful by design:
/// - **Batches (epochs).** A control key (Enter, Tab, Ctrl or Alt anything, Esc, ↑ ↓), a paste,
///   the margin or a wrong guess starts a new batch, and a batch is shown only once one of its
///   own predictions was confirmed. So after Enter at a password prompt with echo off, where
///   nothing is ever echoed, nothing is shown.
/// - **In order.** Echoes come back in the order keys went out, so predictions are judged
///   oldest first and a later one waits for the earlier ones: a cell is only judged wrong
///   when the remote wrote something there that is neither what was there nor the guess
///   (a blank counts as a redraw under way until the timeout).
/// - **Nowhere risky.** Not past the right margin, not for characters of width 0. On the
///   alternate screen (an editor's insert mode, a pager's search line) the same batches keep
///   it safe: a batch shows only once one of its keys echoed where it was typed, and Esc,
///   any control key, a cursor that jumps or a screen that switches ends the batch, so a
///   normal-mode command in vim is never drawn.
/// - **Insert or overwrite, learnt from the line.** A character typed in the middle of a
///   line pushes the rest right, as readline and zle do; over text the shell drew in
///   another colour than it echoes in, or faint (a fish or zsh-autosuggestions suggestion),
///   it replaces the character under the cursor instead; a block at the row's right end
///   after a gap (a right prompt) never moves: guesses go into the gap and stop before it.
///   The first echo of a line that shows the other choice was right switches the row to it
///   (`learned`). `overwrite` forces replacing. A key typed over the very character under the
///   cursor replaces it whatever the line does: a suggestion drawn in the typed text's own
///   colours (`fish -N`, a theme without colours) is then typed along cell by cell, and where
///   the shell inserts after all (readline, the same letter twice), the cells until its echo
///   still hold what they held: never a doubled character, nor text pushed that the shell
///   leaves in place, whatever the keys in flight and however the echo is split. A wide character with text after it is
///   guessed in overwrite (where the rest would land depends on the shell); the remote's
///   echo puts the line right either way.
/// - **Late is not wrong.** A guess unconfirmed after several round trips is taken off the
///   screen but still judged, with the keys typed after it placed after it, until
///   `lateLimit`: on a congested link its echo may be queued behind other output, and when it
///   comes it confirms the batch again and teaches the real round trip.
/// - **A command key moves the text after it.** On the alternate screen, a key whose row the
///   cursor left with nothing written where it was typed was a command (vim's `i`): the
///   guesses typed after it go where the cursor went.
/// - **Adaptive.** The time from a key to its echo is measured on every confirmation
///   (whether shown or not); `adaptive` shows predictions only while it is above
///   `showAbove`, and stops once it falls below `hideBelow`.
package struct PredictionEngine: Sendable {
    /// When guesses are shown, and how.
    package var settings: PredictionSettings
    /// When guesses are shown.
    package var mode: PredictMode { settings.mode }
    /// The smoothed time from a key to its echo (ns), nil before the first echo.
    package private(set) var roundTrip: UInt64?
    /// Whether predictions are drawn now (the bar says so).
    package private(set) var isShowing = false { didSet { changes &+= 1 } }
    /// Counts every change to what the overlay is made of (the guesses, which are confirmed,
    /// whether they show, which screen they are on): the overlay is the same while it and the
    /// terminal are, so a front can tell a key changed it without composing it.
    package private(set) var changes: UInt64 = 0
    /// Predictions confirmed and found wrong so far (for the figures and the tests).
    package private(set) var confirmedCount = 0
    package private(set) var wrongCount = 0

    var pending: [PredictedCell] = [] { didSet { changes &+= 1 } }
    private(set) var epoch = 0
    var confirmedEpoch = -1 { didSet { changes &+= 1 } }
    /// Which screen the pending guesses were made on (the alternate one or not): a switch
    /// takes them back.
    private var pendingOnAlternateScreen = false { didSet { changes &+= 1 } }
    /// A row's echo showed that it inserts (or overwrites) where the first guess said the
    /// other: later guesses on that row follow it, until Enter or another row.
    var learned: (row: Int, inserts: Bool)?
    /// The pending guesses outlived `timeout` and were taken off the screen (a batch of
    /// their own); they are still judged until `lateLimit`, and the keys typed meanwhile join
    /// them, until every one is echoed.
    private var pendingAreLate = false

    /// Predictions kept at most (a key held down on a dead link must not grow memory).
    static let pendingLimit = 256

    /// An engine with these settings.
    package init(_ settings: PredictionSettings = .adaptive) {
        self.settings = settings
        isShowing = settings.mode == .always
    }

    // MARK: - Keys

    /// A key about to be sent to the remote, at `now`.
    package mutating func keyTyped(_ key: KeyEvent, terminal: Terminal, now: UInt64) {
        guard mode != .never else { return }
        guard pending.count < Self.pendingLimit else {
            startBatch()
            return
        }
        if !pending.isEmpty, pendingOnAlternateScreen != terminal.isAlternateScreenActive { dropAll(wrong: false) }
        pendingOnAlternateScreen = terminal.isAlternateScreenActive
        let cursor = predictedCursor(terminal)
        if let learned, learned.row != cursor.row || key.key == .enter { self.learned = nil }
        guard cursor.row < terminal.rows, cursor.column <= terminal.columns else {
            // The screen changed size under the guesses: start again from the remote's.
            dropAll(wrong: false)
            return
        }
        let plain = key.modifiers.subtracting(.shift).isEmpty
        switch key.key {
        case .character(let scalar) where plain && scalar.value >= 0x20 && scalar.value != 0x7F:
            let width = characterWidth(scalar.value)
            guard width > 0, cursor.column + width <= terminal.columns else {
                // A mark, or a character that would wrap: the remote decides; wait for it.
                startBatch()
                return
            }
            let line = virtualRow(cursor.row, terminal: terminal)
            let end = Self.ownTextEnd(line.cells, from: cursor.column, terminal: terminal)
            guard cursor.column + width <= end - (end < terminal.columns ? 1 : 0) else {
                // Up against a right prompt: the shell moves or hides it; wait for it.
                startBatch()
                return
            }
            let own = line.cells[cursor.column..<end]
            let restIsBlank = own.allSatisfy { $0 == 0x20 }
            var inserts = !restIsBlank && (width == 1 || !own.contains(0))
            if inserts, Self.isSuggestion(line, column: cursor.column, row: cursor.row, terminal: terminal) { inserts = false }
            if let learned, learned.row == cursor.row, !restIsBlank { inserts = learned.inserts }
            if settings.overwrite || line.cells[cursor.column] == scalar.value { inserts = false }
            if inserts, end < terminal.columns,
                !line.cells[max(cursor.column, end - 1 - width)..<end].allSatisfy({ $0 == 0x20 })
            {
                // The push would reach the right prompt: the shell decides.
                startBatch()
                return
            }
            add(.write(scalar, width: width, inserts: inserts), row: cursor.row, column: cursor.column, end: end,
                terminal: terminal, now: now)
        case .backspace where plain && cursor.column > 0:
            let line = virtualRow(cursor.row, terminal: terminal)
            if !settings.overwrite, cursor.column < terminal.columns,
                line.cells[cursor.column] != 0x20,
                Self.isSuggestion(line, column: cursor.column, row: cursor.row, terminal: terminal)
            {
                // A suggestion after the cursor is drawn again by the shell, often longer.
                startBatch()
                return
            }
            let end = Self.ownTextEnd(line.cells, from: cursor.column - 1, terminal: terminal)
            add(.erase(shifts: !settings.overwrite), row: cursor.row, column: cursor.column - 1, end: end,
                terminal: terminal, now: now)
        case .left where plain && cursor.column > 0 && !terminal.isAlternateScreenActive:
            add(.move, row: cursor.row, column: cursor.column - 1, end: terminal.columns, terminal: terminal, now: now)
        case .right where plain && cursor.column + 1 < terminal.columns && !terminal.isAlternateScreenActive
            && virtualRow(cursor.row, terminal: terminal).cells[cursor.column] != 0x20:
            // Only over text: at the end of a line a shell does not move. (An editor's
            // arrows are commands, not editing: not guessed on the alternate screen.)
            add(.move, row: cursor.row, column: cursor.column + 1, end: terminal.columns, terminal: terminal, now: now)
        default:
            startBatch()
        }
    }

    /// The screen was resized: the guesses' cells are not where they were.
    package mutating func screenResized() {
        guard !pending.isEmpty else { return }
        dropAll(wrong: false)
    }

    /// Input that is not a typed key (a paste, a bar button's text): no guess; what follows
    /// waits for the next confirmation.
    package mutating func inputNotPredicted() {
        guard mode != .never else { return }
        startBatch()
    }

    mutating func startBatch() {
        epoch += 1
    }

    private mutating func add(
        _ effect: PredictedCell.Effect, row: Int, column: Int, end: Int, terminal: Terminal, now: UInt64
    ) {
        var (cells, guessed, source) = virtualRow(row, terminal: terminal)
        let original = cells[column]
        var prediction = PredictedCell(
            row: row, column: column, effect: effect, original: original, expected: original, epoch: epoch, end: end,
            sentAt: now)
        prediction.following = Array(cells[column..<min(end, column + Self.learningSpan + 1)])
        prediction.apply(to: &cells, guessed: &guessed, source: &source)
        prediction.expected = cells[column]
        pending.append(prediction)
    }

    // MARK: - The remote's output

    /// The remote's output was applied at `now`: predictions are judged oldest first.
    package mutating func judge(terminal: Terminal, now: UInt64) {
        guard !pending.isEmpty else { return }
        if terminal.isAlternateScreenActive != pendingOnAlternateScreen {
            // The screen switched under the guesses (an editor started or quit).
            dropAll(wrong: false)
            return
        }
        while let first = pending.first {
            if promptOpened(by: first, terminal: terminal) {
                confirmedCount += 1
                confirmedEpoch = max(confirmedEpoch, first.epoch)
                measure(now &- first.sentAt)
                continue
            }
            switch verdict(first, terminal: terminal, now: now) {
            case .confirmed:
                pending.removeFirst()
                if pending.isEmpty { pendingAreLate = false }
                learn(from: first, terminal: terminal)
                confirmedCount += 1
                confirmedEpoch = max(confirmedEpoch, first.epoch)
                measure(now &- first.sentAt)
            case .wrong:
                if reanchor(terminal: terminal) || relocate(terminal: terminal) { continue }
                dropAll(wrong: true)
                return
            case .waiting:
                return
            }
        }
    }

    /// The clock alone (no output): a guess the remote has not confirmed for several round
    /// trips is taken off the screen. It is still judged, and the keys after it still placed
    /// after it, until `lateLimit`: on a congested link its echo may be queued behind other
    /// output (vim's termcap queries as it starts), and once it comes it confirms the batch
    /// again and teaches the engine the real round trip. Dropped at once, the keys still in
    /// flight would be guessed from the remote's cursor, which lags behind them, and the
    /// late echoes would teach nothing: every batch taken back at the same half second.
    package mutating func expire(now: UInt64) {
        guard let first = pending.first else { return }
        let waited = now &- first.sentAt
        if waited > lateLimit {
            // (A late guess was counted wrong when it was taken off the screen.)
            dropAll(wrong: !pendingAreLate)
        } else if waited > timeout, !pendingAreLate {
            wrongCount += 1
            startBatch()
            for index in pending.indices { pending[index].epoch = epoch }
            pendingAreLate = true
        }
    }

    /// When `expire` next has something to do, nil when nothing is pending.
    package var nextDeadline: UInt64? {
        pending.first.map { $0.sentAt &+ (pendingAreLate ? lateLimit : timeout) &+ 1 }
    }

    /// How long a guess may wait for its echo on the screen: four round trips, at least half
    /// a second.
    var timeout: UInt64 { max(4 &* (roundTrip ?? 0), 500_000_000) }

    /// How long a guess taken off the screen for being late is still judged: four timeouts,
    /// at least five seconds.
    var lateLimit: UInt64 { max(4 &* timeout, 5_000_000_000) }

    private enum Verdict { case confirmed, wrong, waiting }

    private func verdict(_ prediction: PredictedCell, terminal: Terminal, now: UInt64) -> Verdict {
        let (row, column) = (prediction.row, prediction.column)
        guard row < terminal.rows, column < terminal.columns else { return .wrong }
        let now = Self.character(terminal.cell(row: row, column: column))
        switch prediction.effect {
        case .write(_, let width, _):
            // The cell alone is not enough: fish's suggestion may already show the very
            // character typed. The remote has taken the key once its cursor is past it.
            let after = min(column + width, terminal.columns - 1)
            let cursorPast = terminal.cursorRow > row || (terminal.cursorRow == row && terminal.cursorColumn >= after)
            if now == prediction.expected && cursorPast { return .confirmed }
            if now == prediction.expected { return .waiting }
            // On the alternate screen a key the program echoes is written at its cursor: with
            // the cursor gone to another row and the cell untouched, the key went elsewhere
            // (vim's `i`, typed while its cursor was still on the message line, is a command;
            // the text typed after it shows on the first row).
            if terminal.isAlternateScreenActive, terminal.cursorRow != row, now == prediction.original { return .wrong }
            // A blank is a line being redrawn (cleared, then written: fish, zsh), not yet an
            // answer; a blank that stays is taken back by the timeout.
            return now == prediction.original || now == 0x20 ? .waiting : .wrong
        case .erase:
            let cursorThere = terminal.cursorRow == row && terminal.cursorColumn == column
            if now == prediction.expected && cursorThere { return .confirmed }
            return now == prediction.original || now == prediction.expected ? .waiting : .wrong
        case .move:
            if terminal.cursorRow == row && terminal.cursorColumn == column { return .confirmed }
            return terminal.cursorRow == row ? .waiting : .wrong
        }
    }

    private mutating func dropAll(wrong: Bool) {
        if wrong { wrongCount += 1 }
        pending.removeAll()
        pendingAreLate = false
        startBatch()
    }

    mutating func measure(_ sample: UInt64) {
        let smoothed = roundTrip.map { ($0 &* 7 &+ sample) / 8 } ?? sample
        roundTrip = smoothed
        switch mode {
        case .always: isShowing = true
        case .never: isShowing = false
        case .adaptive:
            if smoothed > settings.threshold { isShowing = true } else if smoothed < settings.threshold / 2 { isShowing = false }
        }
    }

    // MARK: - What is drawn

    /// The guesses to draw over the remote's screen: every cell the shown guesses change
    /// (typed characters underlined, text they push along plain), and where the cursor is
    /// once they took effect; nil when nothing is to be shown.
    package func overlay(terminal: Terminal) -> PredictionOverlay? {
        guard isShowing, terminal.isAlternateScreenActive == pendingOnAlternateScreen else { return nil }
        let shown = pending.prefix { $0.epoch <= confirmedEpoch }
        guard let last = shown.last else { return nil }
        var cells: [PredictionOverlay.Cell] = []
        for row in Set(shown.map(\.row)).sorted() where row < terminal.rows {
            var (virtual, guessed, source) = Self.row(row, of: terminal)
            for prediction in shown where prediction.row == row {
                prediction.apply(to: &virtual, guessed: &guessed, source: &source)
            }
            for column in virtual.indices where guessed[column] || source[column] != column {
                if !guessed[column], source[column] >= 0 {
                    // Text pushed along: the remote's cell, colours and all, moved.
                    cells.append(.init(row: row, column: column, scalar: " ", isGuess: false, sourceColumn: source[column]))
                    continue
                }
                // The right half of a wide character is drawn with it.
                guard virtual[column] != 0, let scalar = Unicode.Scalar(virtual[column]) else { continue }
                cells.append(.init(row: row, column: column, scalar: scalar, isGuess: guessed[column]))
            }
        }
        let cursor = last.cursorAfter
        return PredictionOverlay(cells: cells, cursorRow: cursor.row, cursorColumn: cursor.column)
    }

    // MARK: - The screen as it will be

    /// Where the cursor will be once every pending key took effect.
    private func predictedCursor(_ terminal: Terminal) -> (row: Int, column: Int) {
        pending.last?.cursorAfter ?? (terminal.cursorRow, min(terminal.cursorColumn, terminal.columns - 1))
    }

    /// A row's characters once every pending key took effect, and which a guess wrote.
    private func virtualRow(_ row: Int, terminal: Terminal) -> (cells: [UInt32], guessed: [Bool], source: [Int]) {
        var (cells, guessed, source) = Self.row(row, of: terminal)
        for prediction in pending where prediction.row == row {
            prediction.apply(to: &cells, guessed: &guessed, source: &source)
        }
        return (cells, guessed, source)
    }

    /// A row of the remote's screen as characters: a blank is 0x20, the right half of a
    /// wide character 0.
    private static func row(_ row: Int, of terminal: Terminal) -> (cells: [UInt32], guessed: [Bool], source: [Int]) {
        let columns = terminal.columns
        let cells = row < terminal.rows
            ? (0..<columns).map { character(terminal.cell(row: row, column: $0)) }
            : [UInt32](repeating: 0x20, count: columns)
        return (cells, [Bool](repeating: false, count: columns), Array(0..<columns))
    }

    static func character(_ cell: Cell) -> UInt32 {
        if cell.codePoint != 0 { return cell.codePoint }
        return cell.attributes.contains(.wideContinuation) ? 0 : 0x20
    }
}

/// What the frame shows of the predictions: characters (underlined until confirmed) and the
/// cursor after them.
package struct PredictionOverlay: Equatable, Sendable {
    /// One predicted cell (a blank for a backspace).
    package struct Cell: Equatable, Sendable {
        package var row: Int
        package var column: Int
        package var scalar: Unicode.Scalar
        /// A typed character (underlined until confirmed), not text it pushed along.
        package var isGuess: Bool
        /// Text pushed along: the column of the remote's row whose cell is drawn here (its
        /// colours kept); `scalar` is then unused.
        package var sourceColumn: Int? = nil
    }
    package var cells: [Cell]
    package var cursorRow: Int
    package var cursorColumn: Int
}
