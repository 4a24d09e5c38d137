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
///   when the remote wrote something there that is neither what was there nor the guess.
/// - **Nowhere risky.** Not on the alternate screen (editors and pagers redraw what they
///   like), not past the right margin, not for characters of width 0.
/// - **Adaptive.** The time from a key to its echo is measured on every confirmation
///   (whether shown or not); `adaptive` shows predictions only while it is above
///   `showAbove`, and stops once it falls below `hideBelow`.
public struct PredictionEngine: Sendable {
    /// When predictions are shown.
    public var mode: PredictMode
    /// `adaptive` starts showing when the smoothed round trip rises above this (ns).
    public var showAbove: UInt64 = 40_000_000
    /// … and stops when it falls below this (ns).
    public var hideBelow: UInt64 = 20_000_000
    /// The smoothed time from a key to its echo (ns), nil before the first echo.
    public private(set) var roundTrip: UInt64?
    /// Whether predictions are drawn now (the bar says so).
    public private(set) var isShowing = false
    /// Predictions confirmed and found wrong so far (for the figures and the tests).
    public private(set) var confirmedCount = 0
    public private(set) var wrongCount = 0

    private var pending: [PredictedCell] = []
    private var epoch = 0
    private var confirmedEpoch = -1

    /// Predictions kept at most (a key held down on a dead link must not grow memory).
    static let pendingLimit = 256

    /// An engine in `mode`.
    public init(mode: PredictMode = .adaptive) {
        self.mode = mode
        isShowing = mode == .always
    }

    // MARK: - Keys

    /// A key about to be sent to the remote, at `now`.
    public mutating func keyTyped(_ key: KeyEvent, terminal: Terminal, now: UInt64) {
        guard mode != .never else { return }
        guard !terminal.isAlternateScreenActive, pending.count < Self.pendingLimit else {
            startBatch()
            return
        }
        let cursor = predictedCursor(terminal)
        let plain = key.modifiers.subtracting(.shift).isEmpty
        switch key.key {
        case .character(let scalar) where plain && scalar.value >= 0x20 && scalar.value != 0x7F:
            let width = characterWidth(scalar.value)
            guard width > 0, cursor.column + width <= terminal.columns else {
                // A mark, or a character that would wrap: the remote decides; wait for it.
                startBatch()
                return
            }
            add(.write(scalar, width: width), row: cursor.row, column: cursor.column, terminal: terminal, now: now)
        case .backspace where plain && cursor.column > 0:
            add(.erase, row: cursor.row, column: cursor.column - 1, terminal: terminal, now: now)
        case .left where plain && cursor.column > 0:
            add(.move, row: cursor.row, column: cursor.column - 1, terminal: terminal, now: now)
        case .right where plain && cursor.column + 1 < terminal.columns
            && content(row: cursor.row, column: cursor.column, terminal: terminal) != 0:
            // Only over text: at the end of a line a shell does not move.
            add(.move, row: cursor.row, column: cursor.column + 1, terminal: terminal, now: now)
        default:
            startBatch()
        }
    }

    /// Input that is not a typed key (a paste, a bar button's text): no guess; what follows
    /// waits for the next confirmation.
    public mutating func inputNotPredicted() {
        guard mode != .never else { return }
        startBatch()
    }

    private mutating func startBatch() {
        epoch += 1
    }

    private mutating func add(_ effect: PredictedCell.Effect, row: Int, column: Int, terminal: Terminal, now: UInt64) {
        pending.append(PredictedCell(
            row: row, column: column, effect: effect, original: content(row: row, column: column, terminal: terminal),
            epoch: epoch, sentAt: now))
    }

    // MARK: - The remote's output

    /// The remote's output was applied at `now`: predictions are judged oldest first.
    public mutating func judge(terminal: Terminal, now: UInt64) {
        guard !pending.isEmpty else { return }
        if terminal.isAlternateScreenActive {
            dropAll(wrong: false)
            return
        }
        while let first = pending.first {
            switch verdict(first, terminal: terminal, now: now) {
            case .confirmed:
                pending.removeFirst()
                confirmedCount += 1
                confirmedEpoch = max(confirmedEpoch, first.epoch)
                // A cell that already held the guess (a shell's autosuggestion) says nothing
                // of the round trip.
                if case .write(let scalar, _) = first.effect, first.original == scalar.value { continue }
                measure(now &- first.sentAt)
            case .wrong:
                dropAll(wrong: true)
                return
            case .waiting:
                return
            }
        }
    }

    /// The clock alone (no output): a guess the remote has not confirmed for several round
    /// trips is taken back.
    public mutating func expire(now: UInt64) {
        if let first = pending.first, now &- first.sentAt > timeout { dropAll(wrong: true) }
    }

    /// When `expire` next has something to do, nil when nothing is pending.
    public var nextDeadline: UInt64? { pending.first.map { $0.sentAt &+ timeout &+ 1 } }

    /// How long a guess may wait for its echo: four round trips, at least half a second.
    var timeout: UInt64 { max(4 &* (roundTrip ?? 0), 500_000_000) }

    private enum Verdict { case confirmed, wrong, waiting }

    private func verdict(_ prediction: PredictedCell, terminal: Terminal, now: UInt64) -> Verdict {
        let (row, column) = (prediction.row, prediction.column)
        guard row < terminal.rows, column < terminal.columns else { return .wrong }
        let now = terminal.cell(row: row, column: column).codePoint
        switch prediction.effect {
        case .write(let scalar, _):
            if now == scalar.value { return .confirmed }
            return now == prediction.original ? .waiting : .wrong
        case .erase:
            if now == 0 || now == 0x20 {
                return terminal.cursorRow == row && terminal.cursorColumn == column ? .confirmed : .waiting
            }
            return now == prediction.original ? .waiting : .wrong
        case .move:
            if terminal.cursorRow == row && terminal.cursorColumn == column { return .confirmed }
            return terminal.cursorRow == row ? .waiting : .wrong
        }
    }

    private mutating func dropAll(wrong: Bool) {
        if wrong { wrongCount += 1 }
        pending.removeAll()
        startBatch()
    }

    private mutating func measure(_ sample: UInt64) {
        let smoothed = roundTrip.map { ($0 &* 7 &+ sample) / 8 } ?? sample
        roundTrip = smoothed
        switch mode {
        case .always: isShowing = true
        case .never: isShowing = false
        case .adaptive:
            if smoothed > showAbove { isShowing = true } else if smoothed < hideBelow { isShowing = false }
        }
    }

    // MARK: - What is drawn

    /// The guesses to draw over the remote's screen, in order, and where the cursor is once
    /// they took effect; nil when nothing is to be shown.
    public func overlay(terminal: Terminal) -> PredictionOverlay? {
        guard isShowing, !terminal.isAlternateScreenActive else { return nil }
        var cells: [PredictionOverlay.Cell] = []
        var cursor: (row: Int, column: Int)?
        for prediction in pending {
            guard prediction.epoch <= confirmedEpoch else { break }
            switch prediction.effect {
            case .write(let scalar, _):
                cells.append(.init(row: prediction.row, column: prediction.column, scalar: scalar))
            case .erase:
                cells.append(.init(row: prediction.row, column: prediction.column, scalar: " "))
            case .move:
                break
            }
            cursor = prediction.cursorAfter
        }
        guard let cursor else { return nil }
        return PredictionOverlay(cells: cells, cursorRow: cursor.row, cursorColumn: cursor.column)
    }

    // MARK: - The screen as it will be

    /// Where the cursor will be once every pending key took effect.
    private func predictedCursor(_ terminal: Terminal) -> (row: Int, column: Int) {
        pending.last?.cursorAfter ?? (terminal.cursorRow, min(terminal.cursorColumn, terminal.columns - 1))
    }

    /// The character a cell will hold once every pending key took effect (0: blank).
    private func content(row: Int, column: Int, terminal: Terminal) -> UInt32 {
        for prediction in pending.reversed() where prediction.row == row && prediction.column == column {
            switch prediction.effect {
            case .write(let scalar, _): return scalar.value
            case .erase: return 0x20
            case .move: continue
            }
        }
        guard row < terminal.rows, column < terminal.columns else { return 0 }
        return terminal.cell(row: row, column: column).codePoint
    }
}

/// What the frame shows of the predictions: characters (underlined until confirmed) and the
/// cursor after them.
public struct PredictionOverlay: Equatable, Sendable {
    /// One predicted cell (a blank for a backspace).
    public struct Cell: Equatable, Sendable {
        public var row: Int
        public var column: Int
        public var scalar: Unicode.Scalar
    }
    public var cells: [Cell]
    public var cursorRow: Int
    public var cursorColumn: Int
}
