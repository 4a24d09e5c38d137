import RemoteTermEngine

/// Word boundaries for double-click selection. A word is a run of word characters —
/// letters, digits, marks and `_-.~/:@%+#?&=` — so that paths, URLs, e-mail addresses and
/// host:port select whole, as in most modern terminals; a run goes on across a soft wrap.
/// A blank selects the run of blanks around it; any other character selects itself.
package enum WordBoundaries {
    /// The word at `position`: the first and last cells (inclusive) of the run of the same
    /// class of characters, which may begin and end on other lines than `position` when the
    /// text is soft-wrapped. A position on a wide character's second half counts as the
    /// character; a missing line gives `position` itself.
    package static func word(
        at position: TextPosition, lines: (Int) -> TerminalLine?
    ) -> (start: TextPosition, end: TextPosition) {
        guard let line = lines(position.line), !line.cells.isEmpty else { return (position, position) }
        let column = line.characterStart(min(max(position.column, 0), line.cells.count - 1))
        let kind = CharacterKind(line.cells[column].codePoint)
        var start = TextPosition(line: position.line, column: column)
        var end = TextPosition(line: position.line, column: line.characterEnd(column))
        guard kind != .other else { return (start, end) }

        // Backwards, within the line and then into the line that wraps into this one.
        var current = line
        backward: while true {
            var next = start.column - 1
            while next >= 0 {
                let first = current.characterStart(next)
                guard CharacterKind(current.cells[first].codePoint) == kind else { break backward }
                start.column = first
                next = first - 1
            }
            guard let previous = lines(start.line - 1), previous.isWrapped else { break }
            let last = previous.readableEnd - 1
            guard last >= 0 else { break }
            let first = previous.characterStart(last)
            guard CharacterKind(previous.cells[first].codePoint) == kind else { break }
            start = TextPosition(line: start.line - 1, column: first)
            current = previous
        }

        // Forwards, within the line and then into the line it wraps into.
        current = line
        forward: while true {
            var next = end.column + 1
            while next < current.readableEnd {
                guard CharacterKind(current.cells[next].codePoint) == kind else { break forward }
                end.column = current.characterEnd(next)
                next = end.column + 1
            }
            guard current.isWrapped, let following = lines(end.line + 1), following.readableEnd > 0,
                CharacterKind(following.cells[0].codePoint) == kind
            else { break }
            end = TextPosition(line: end.line + 1, column: following.characterEnd(0))
            current = following
        }
        return (start, end)
    }

    /// Whether `codePoint` belongs in a word: a letter, digit or mark, or one of the
    /// punctuation that joins paths, URLs and addresses.
    static func isWordCharacter(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x80 {
            return wordCharacters.contains(codePoint)
        }
        guard let scalar = Unicode.Scalar(codePoint) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    /// The ASCII word characters as a 128-bit set, so the common case is a shift and a test.
    private static let wordCharacters = ASCIISet(alphanumericsAnd: "_-.~/:@%+#?&=")

    /// The classes a double-click tells apart: only runs of one class select together.
    private enum CharacterKind: Equatable {
        case blank, word, other

        init(_ codePoint: UInt32) {
            if codePoint == 0 || codePoint == 0x20 {
                self = .blank
            } else if WordBoundaries.isWordCharacter(codePoint) {
                self = .word
            } else if let scalar = Unicode.Scalar(codePoint), scalar.properties.isWhitespace {
                self = .blank
            } else {
                self = .other
            }
        }
    }
}
