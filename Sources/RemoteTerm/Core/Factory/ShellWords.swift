/// Words of a command typed as a shell would split the simple cases: blanks separate, and
/// single or double quotes keep blanks inside a word (`~c`'s destination, the README's
/// examples). No escapes, variables or globs: a target's words need none.
package enum ShellWords {
    /// `words` as `split` reads them back: a word with a blank or a quote in it (or none at
    /// all) in single quotes, or in double quotes when it holds a single quote.
    package static func joined(_ words: [String]) -> String {
        words.map { word in
            guard word.isEmpty || word.contains(where: { $0 == " " || $0 == "\t" || $0 == "'" || $0 == "\"" }) else {
                return word
            }
            return word.contains("'") ? "\"" + word + "\"" : "'" + word + "'"
        }.joined(separator: " ")
    }

    /// The words of `text`.
    package static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
