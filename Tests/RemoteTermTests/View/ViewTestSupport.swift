// Shared helpers for the view-layer tests: terminals fed readable strings ("⎋" is ESC, as in
// the engine tests) and their lines read back the way a view reads them.

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A terminal `columns` wide fed `input`, where "⎋" stands for ESC.
func viewTerminal(columns: Int, rows: Int = 6, scrollbackLimit: Int = 100, _ input: String) -> Terminal {
    var t = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollbackLimit)
    t.feed(esc(input))
    return t
}

/// A text position, shortened for tables.
func at(_ line: Int, _ column: Int) -> TextPosition { TextPosition(line: line, column: column) }

/// An OSC 8 hyperlink around `text`.
func hyperlink(_ uri: String, _ text: String) -> String { "⎋]8;;\(uri)⎋\\\(text)⎋]8;;⎋\\" }

extension Terminal {
    /// Every line held, scrollback and screen, as a view would hand them to `LinkDetector`.
    var heldLines: [TerminalLine] { (oldestLineNumber..<endLineNumber).compactMap { line(number: $0) } }
}
