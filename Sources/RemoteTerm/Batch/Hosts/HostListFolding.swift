import RemoteTermCore
import RemoteTermFront

/// Host names folded the way ClusterShell's nodesets read: names that differ only in their
/// last number become one `prefix[ranges]suffix` (`web-[01-03,07]`, `db[9-11].lan`), so a
/// list of failed hosts stays one readable line however many there are. Zero-padded numbers
/// fold only with numbers of the same width; names without a number stay as they are.
package enum HostListFolding {
    /// `names` folded, in order of prefix, duplicates once, separated by commas.
    package static func fold(_ names: [String]) -> String {
        struct Key: Hashable, Comparable {
            var prefix: String
            var suffix: String
            /// The digits' width when zero-padded, 0 when not.
            var width: Int
            static func < (a: Key, b: Key) -> Bool {
                (a.prefix, a.suffix, a.width) < (b.prefix, b.suffix, b.width)
            }
        }
        var groups: [Key: Set<Int>] = [:]
        var plain: Set<String> = []
        let numbered = names.compactMap { name -> (name: String, parts: (String, String, String))? in
            guard let parts = split(name) else {
                plain.insert(name)
                return nil
            }
            return (name, parts)
        }
        // The widths of zero-padded series: a number as wide as one (h10 after h09) is in it.
        var paddedWidths: Set<Key> = []
        for (_, (prefix, digits, suffix)) in numbered where digits.count > 1 && digits.hasPrefix("0") {
            paddedWidths.insert(Key(prefix: prefix, suffix: suffix, width: digits.count))
        }
        for (name, (prefix, digits, suffix)) in numbered {
            guard let number = Int(digits) else {
                plain.insert(name)
                continue
            }
            let padded = Key(prefix: prefix, suffix: suffix, width: digits.count)
            let key = paddedWidths.contains(padded) ? padded : Key(prefix: prefix, suffix: suffix, width: 0)
            groups[key, default: []].insert(number)
        }
        var parts: [(sortKey: String, text: String)] = plain.map { ($0, $0) }
        for (key, numbers) in groups {
            let sorted = numbers.sorted()
            func text(_ number: Int) -> String {
                let digits = String(number)
                return String(repeating: "0", count: max(0, key.width - digits.count)) + digits
            }
            guard sorted.count > 1 else {
                let only = key.prefix + text(sorted[0]) + key.suffix
                parts.append((only, only))
                continue
            }
            var ranges: [String] = []
            var start = sorted[0]
            var previous = sorted[0]
            for number in sorted.dropFirst() + [Int.min] {
                if number == previous + 1 {
                    previous = number
                    continue
                }
                ranges.append(start == previous ? text(start) : text(start) + "-" + text(previous))
                start = number
                previous = number
            }
            parts.append((key.prefix + text(sorted[0]), key.prefix + "[" + ranges.joined(separator: ",") + "]" + key.suffix))
        }
        return parts.sorted { $0.sortKey < $1.sortKey }.map(\.text).joined(separator: ",")
    }

    /// `name` as the text before its last run of digits, the digits, and the text after.
    private static func split(_ name: String) -> (String, String, String)? {
        let scalars = Array(name.unicodeScalars)
        guard let last = scalars.lastIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var first = last
        while first > 0, ("0"..."9").contains(scalars[first - 1]) { first -= 1 }
        // A long run is not a host number (an address, a date): left unfolded.
        guard last - first < 9 else { return nil }
        func string(_ slice: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(slice)) }
        return (string(scalars[..<first]), string(scalars[first...last]), string(scalars[(last + 1)...]))
    }
}
