// The engine target. Input: a 4-byte header (rows, columns, a seed, flags), then the bytes
// a remote would send. The size comes from the header, up to 300×1000 (the sizes people use,
// where amplification shows), and the engine may spend at most a second of processor time on
// the input: its own work (feeding and resizing), not the checks below, and processor time,
// not the wall clock, so a busy machine (or AddressSanitizer's checks) does not make a finding. The seed chunks the bytes (so sequences are cut anywhere) and, with
// flag bit 0, resizes the terminal between chunks; bits 1–2 choose the scrollback limit.
// Invariants are checked after every chunk and on the final state.

import Foundation
import RemoteTerm

enum TerminalFuzzing {
    /// A dimension from one header byte: mostly small (fast runs), sometimes the big sizes
    /// users have, and the 1000 limit.
    static func dimension(_ byte: UInt8) -> Int {
        switch byte {
        case 0..<200: return 1 + Int(byte) % 40
        case 200..<250: return 41 + Int(byte - 200) * 4
        default: return [80, 132, 300, 500, 1000, 1000][Int(byte - 250)]
        }
    }

    /// The tallest screen an input asks for (a taller one comes from a resize only).
    static let maximumRows = 300
    /// Most processor time the engine may spend on one input in a fuzzing run (the tests,
    /// in a debug build, do not time it).
    public static let engineSecondsLimit = 1.0

    static func run(_ data: [UInt8], engineSecondsLimit: Double? = nil) -> [String] {
        guard data.count >= 4 else { return [] }
        let rows = min(dimension(data[0]), maximumRows)
        let columns = dimension(data[1])
        var random = SplitMix64(seed: UInt64(data[2]) &+ UInt64(data.count) << 8)
        let resizes = data[3] & 1 != 0
        let scrollback = [0, 1, 10, 100][Int(data[3] >> 1) & 3]
        let body = Array(data[4...])
        var terminal = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollback)
        var violations: [String] = []
        var offset = 0
        var engineSeconds = 0.0
        while offset < body.count, violations.isEmpty {
            let end = min(body.count, offset + 1 + random.next(below: 512))
            let started = threadCPUSeconds()
            _ = body[offset..<end].withUnsafeBufferPointer { terminal.feed($0) }
            offset = end
            if resizes && random.next(below: 8) == 0 {
                let big = random.next(below: 64) == 0
                terminal.resize(rows: 1 + random.next(below: big ? 1000 : 60), columns: 1 + random.next(below: big ? 1000 : 200))
            }
            engineSeconds += threadCPUSeconds() - started
            violations += stateViolations(terminal, checkingCells: terminal.rows * terminal.columns <= 10_000)
        }
        if let engineSecondsLimit, engineSeconds > engineSecondsLimit {
            violations.append("the engine took \(engineSeconds) s of processor time (the limit is \(engineSecondsLimit) s)")
        }
        guard violations.isEmpty else { return violations }
        violations += stateViolations(terminal, checkingCells: true)
        violations += renderViolations(terminal)
        if !resizes {
            // Split-feed invariance: the same bytes in one piece leave the same screen.
            var whole = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollback)
            _ = whole.feed(body)
            if ANSIRenderer.text(of: whole) != ANSIRenderer.text(of: terminal) || whole.renderText() != terminal.renderText() {
                violations.append("fed in pieces, the screen differs from the same bytes fed whole")
            }
        }
        return violations
    }

    /// Replays the input as an asciicast recording (its header decides the size).
    static func runAsciicast(_ data: [UInt8]) -> [String] {
        guard
            let terminal = AsciicastReader.replay(
                Data(data), size: (24, 80), overridesRecordedSize: false, scrollbackLimit: 100)
        else { return [] }
        return stateViolations(terminal, checkingCells: true) + renderViolations(terminal)
    }

    /// Cursor, margins and scrollback within bounds; every row as wide as the screen; the
    /// two halves of a wide character together; every row mirror equal to its row's encoding.
    static func stateViolations(_ t: Terminal, checkingCells: Bool) -> [String] {
        var found: [String] = []
        if !(1...Terminal.maximumDimension).contains(t.rows) || !(1...Terminal.maximumDimension).contains(t.columns) {
            found.append("size \(t.rows)x\(t.columns) out of range")
        }
        if !(0..<t.rows).contains(t.cursorRow) || !(0..<t.columns).contains(t.cursorColumn) {
            found.append("cursor \(t.cursorRow),\(t.cursorColumn) outside \(t.rows)x\(t.columns)")
        }
        if !(t.scrollTop <= t.scrollBottom && t.scrollBottom < t.rows && t.scrollTop >= 0) {
            found.append("scroll region \(t.scrollTop)...\(t.scrollBottom) in \(t.rows) rows")
        }
        if !(t.leftMargin <= t.rightMargin && t.rightMargin < t.columns && t.leftMargin >= 0) {
            found.append("margins \(t.leftMargin)...\(t.rightMargin) in \(t.columns) columns")
        }
        if t.scrollbackCount > t.scrollbackLimit {
            found.append("scrollback \(t.scrollbackCount) over its limit \(t.scrollbackLimit)")
        }
        guard checkingCells else { return found }
        let differing = t.rowsWhoseMirrorDiffers
        if !differing.isEmpty { found.append("rows \(differing): the scrollback encoding kept as printed differs") }
        for row in 0..<t.rows {
            let cells = t.rowCells(row)
            if cells.count != t.columns {
                found.append("row \(row) has \(cells.count) cells, not \(t.columns)")
                continue
            }
            var previousIsWide = false
            for (column, cell) in cells.enumerated() {
                let isContinuation = cell.attributes.contains(.wideContinuation)
                if isContinuation != previousIsWide {
                    found.append("row \(row) column \(column): wide character halves apart")
                    break
                }
                previousIsWide = cell.attributes.contains(.wide)
            }
            if previousIsWide { found.append("row \(row): a wide character's left half in the last column") }
        }
        return found
    }

    /// The renderers handle the state, and every held line can be read back at full width.
    static func renderViolations(_ t: Terminal) -> [String] {
        var found: [String] = []
        let lines = t.renderText().split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count != t.rows + 2 { found.append("text render has \(lines.count - 1) lines for \(t.rows) rows") }
        if ANSIRenderer.text(of: t).isEmpty { found.append("ANSI render is empty") }
        for number in t.oldestLineNumber..<t.endLineNumber {
            guard let line = t.line(number: number) else {
                found.append("line \(number) is held but cannot be read")
                break
            }
            if line.cells.count != t.columns {
                found.append("line \(number) reads back \(line.cells.count) cells, not \(t.columns)")
                break
            }
        }
        return found
    }
}

/// Processor time this thread has used, in seconds.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
