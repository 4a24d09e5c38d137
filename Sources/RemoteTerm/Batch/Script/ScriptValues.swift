import RemoteTermCore
import RemoteTermFront

/// The small value syntaxes of script arguments: durations, sizes, cursor positions, row
/// ranges. Each returns the value or a one-line message saying what is accepted.
enum ScriptValues {
    /// Terminal sizes are 1…1000 in each direction: large enough for any real window, small
    /// enough that a typo (`24x8000`) is caught instead of allocating a huge screen.
    static let sizeRange = 1...1000

    /// The longest duration a script may give.
    static let maximumSeconds: Double = 86_400

    /// `200ms`, `5s`, `1.5s`, `2m` → seconds. A unit is required, so `5` is not guessed at.
    static func seconds(_ text: String) -> Result<Double, Message> {
        let failure = Message("bad duration '\(text)': expected a number with ms, s or m, such as 200ms, 5s, 1.5s, 2m")
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        // "ms" before "s" and "m", since "200ms" also ends in "s".
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return .failure(failure) }
        let number = text.dropLast(unit.suffix.count)
        guard isDecimal(number), let value = Double(number) else { return .failure(failure) }
        // A day at most: more is a typo, and would overflow the clock's nanoseconds.
        guard value * unit.seconds <= maximumSeconds else {
            return .failure(Message("bad duration '\(text)': at most a day (86400s, 1440m)"))
        }
        return .success(value * unit.seconds)
    }

    /// `24x80` → (rows 24, columns 80), each within `sizeRange`.
    static func size(_ text: String) -> Result<(rows: Int, columns: Int), Message> {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let rows = integer(parts[0]), let columns = integer(parts[1]) else {
            return .failure(Message("bad size '\(text)': expected ROWSxCOLS, such as 24x80"))
        }
        guard sizeRange.contains(rows), sizeRange.contains(columns) else {
            return .failure(Message("bad size '\(text)': rows and columns go from 1 to 1000"))
        }
        return .success((rows, columns))
    }

    /// `5,1` → row 5, column 1 (both from 1).
    static func cursor(_ text: String) -> Result<(row: Int, column: Int), Message> {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let row = integer(parts[0]), let column = integer(parts[1]), row >= 1, column >= 1
        else {
            return .failure(Message("bad cursor position '\(text)': expected ROW,COL counted from 1, such as 5,1"))
        }
        return .success((row, column))
    }

    /// `2-5` → 2...5, or `3` → 3...3; rows count from 1.
    static func rows(_ text: String) -> Result<ClosedRange<Int>, Message> {
        let failure = Message("bad rows '\(text)': expected A-B with 1 <= A <= B, such as 2-5")
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = integer(parts[0]), let last = integer(parts[parts.count - 1]),
            first >= 1, first <= last
        else { return .failure(failure) }
        return .success(first...last)
    }

    /// An exit status 0…255, as a process can report it.
    static func exitCode(_ text: String) -> Result<Int, Message> {
        guard let code = integer(Substring(text)), (0...255).contains(code) else {
            return .failure(Message("bad exit code '\(text)': expected a number from 0 to 255"))
        }
        return .success(code)
    }

    /// Snapshot names become file names, so they are kept to letters, digits, `.`, `_` and
    /// `-` and may not start with a dot.
    static func snapshotName(_ text: String) -> Result<String, Message> {
        let allowed = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard allowed, !text.hasPrefix(".") else {
            return .failure(Message("bad snapshot name '\(text)': use letters, digits, '.', '_' and '-', not starting with '.'"))
        }
        return .success(text)
    }

    /// Plain decimal digits only: `Int("+5")` would accept a sign, which no argument means.
    private static func integer(_ text: Substring) -> Int? {
        // Nine digits at most, so no argument overflows or needs a range check of its own.
        guard text.count <= 9, isDigits(text) else { return nil }
        return Int(text)
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// `12` or `1.5`: digits with at most one dot between digits (no sign, no exponent).
    private static func isDecimal(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy(isDigits)
    }

    /// A one-line error message, as a type so `Result` can carry it.
    struct Message: Error, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
