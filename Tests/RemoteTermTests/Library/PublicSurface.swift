/// The public declarations in Swift text, each as `Scope: signature` (`Terminal: public func
/// cell(row: Int, column: Int) -> Cell`), with the cases of every public enum: what another
/// package can use. Read from the sources and from the surface docs/library.md lists, so the
/// two can be compared. A light reader, not a parser: comments and the insides of string
/// literals are blanked first, then braces give the scopes; it relies on rterm's formatting
/// (one declaration per line, a signature's continuation lines inside its parentheses).
enum PublicSurface {
    static func declarations(in source: String) -> [String] {
        var found: [String] = []
        // Open scopes: the type's path, the brace depth inside it, whether it is a public enum.
        var scopes: [(path: String, depth: Int, isPublicEnum: Bool)] = []
        var pendingType: (path: String, isPublicEnum: Bool)?
        var depth = 0
        var lines = blankingCommentsAndStrings(source).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)[...]
        while var line = lines.popFirst() {
            // A signature over several lines: join them until its parentheses close.
            while balance(of: line) > 0, let next = lines.popFirst() { line += " " + next }
            let declaration = withoutAttributes(line.trimmingCharacters(in: .whitespaces))
            let scope = scopes.last.map { $0.depth == depth ? $0 : nil } ?? nil
            if let type = typeDeclaration(declaration) {
                let path = type.isExtension || scopes.isEmpty ? type.name : scopes.last!.path + "." + type.name
                pendingType = (path, type.isPublic && type.kind == "enum")
                if type.isPublic { found.append("\(scope?.path ?? ""): \(normalized(declaration))") }
            } else if declaration.hasPrefix("public ") {
                found.append("\(scopes.last?.path ?? ""): \(normalized(declaration))")
            } else if declaration.hasPrefix("case "), let scope, scope.isPublicEnum {
                found.append("\(scope.path): \(normalized(declaration))")
            }
            for character in line {
                if character == "{" {
                    depth += 1
                    if let type = pendingType {
                        scopes.append((type.path, depth, type.isPublicEnum))
                        pendingType = nil
                    }
                } else if character == "}" {
                    if scopes.last?.depth == depth { scopes.removeLast() }
                    depth -= 1
                }
            }
        }
        return found.sorted()
    }

    /// `source` with comments removed and string literals emptied (`""`), interpolations
    /// included, newlines kept: what is left has only the code's own braces.
    static func blankingCommentsAndStrings(_ source: String) -> String {
        enum Mode { case code(parens: Int), string(multiline: Bool, hashes: Int) }
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n"), backslash = UInt8(ascii: "\\")
        let open = UInt8(ascii: "("), close = UInt8(ascii: ")")
        let bytes = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var modes: [Mode] = [.code(parens: 0)]
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        while index < bytes.count {
            let byte = bytes[index]
            switch modes[modes.count - 1] {
            case .code(let parens):
                if byte == slash, at(1) == slash {
                    while index < bytes.count, bytes[index] != newline { index += 1 }
                    continue
                }
                if byte == slash, at(1) == star {
                    var nesting = 0
                    repeat {
                        if at(0) == slash, at(1) == star {
                            nesting += 1
                            index += 2
                        } else if at(0) == star, at(1) == slash {
                            nesting -= 1
                            index += 2
                        } else {
                            if at(0) == newline { out.append(newline) }
                            index += 1
                        }
                    } while nesting > 0 && index < bytes.count
                    continue
                }
                if byte == hash || byte == quote {
                    var hashes = 0
                    while at(hashes) == hash { hashes += 1 }
                    if at(hashes) == quote {
                        let multiline = at(hashes + 1) == quote && at(hashes + 2) == quote
                        index += hashes + (multiline ? 3 : 1)
                        out.append(quote)
                        modes.append(.string(multiline: multiline, hashes: hashes))
                        continue
                    }
                } else if byte == open {
                    modes[modes.count - 1] = .code(parens: parens + 1)
                } else if byte == close {
                    if parens == 1, modes.count > 1 {
                        // The end of an interpolation: back into its string.
                        modes.removeLast()
                        index += 1
                        continue
                    }
                    modes[modes.count - 1] = .code(parens: max(parens - 1, 0))
                }
                out.append(byte)
                index += 1
            case .string(let multiline, let hashes):
                if byte == backslash {
                    var escapeHashes = 0
                    while at(1 + escapeHashes) == hash { escapeHashes += 1 }
                    if escapeHashes == hashes, at(1 + hashes) == open {
                        modes.append(.code(parens: 1))
                        index += 2 + hashes
                    } else {
                        index += 2
                    }
                    continue
                }
                let quotes = multiline ? 3 : 1
                if byte == quote, (0..<quotes).allSatisfy({ at($0) == quote }),
                    (0..<hashes).allSatisfy({ at(quotes + $0) == hash })
                {
                    out.append(quote)
                    modes.removeLast()
                    index += quotes + hashes
                    continue
                }
                if byte == newline { out.append(newline) }
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Open parentheses and brackets minus closed ones.
    static func balance(of line: String) -> Int {
        line.reduce(0) { count, character in
            switch character {
            case "(", "[": count + 1
            case ")", "]": count - 1
            default: count
            }
        }
    }

    /// A declaration without its leading attributes (`@discardableResult`, `@inlinable`).
    static func withoutAttributes(_ text: String) -> String {
        var rest = Substring(text)
        while rest.hasPrefix("@") {
            guard let match = rest.prefixMatch(of: /@\w+(\([^)]*\))?\s*/) else { break }
            rest = rest[match.range.upperBound...]
        }
        return String(rest)
    }

    /// The kind, name and visibility of a type or extension declared by `text`, if it is one.
    static func typeDeclaration(_ text: String) -> (kind: String, name: String, isPublic: Bool, isExtension: Bool)? {
        guard ["struct ", "enum ", "class ", "protocol ", "extension ", "actor "].contains(where: text.contains),
            let match = text.prefixMatch(
                of: /((?:public|package|internal|private|fileprivate|final|indirect)\s+)*(struct|enum|class|protocol|extension|actor)\s+([A-Za-z_][\w.]*)/)
        else { return nil }
        let kind = String(match.2)
        return (kind, String(match.3), text.hasPrefix("public "), kind == "extension")
    }

    /// One form for a declaration wherever it is written: no body, no initial value, no
    /// conformances; a property by its name alone (its type may be inferred in the source);
    /// spaces as one line would have them.
    static func normalized(_ declaration: String) -> String {
        var text = declaration
        // Cut at the body: the first brace outside parentheses.
        var parens = 0
        for (offset, character) in text.enumerated() {
            if character == "(" || character == "[" { parens += 1 }
            if character == ")" || character == "]" { parens -= 1 }
            if character == "{", parens == 0 {
                text = String(text.prefix(offset))
                break
            }
        }
        if text.firstMatch(of: /\b(let|var)\s/) != nil, !text.contains("func "), !text.contains("init") {
            // `public internal(set) var rows: Int = 0` → `public internal(set) var rows`
            if let property = text.firstMatch(of: /^(.*?\b(?:let|var)\s+[A-Za-z_]\w*)/) { text = String(property.1) }
        } else if typeDeclaration(text) != nil, let head = text.firstMatch(of: /^([^:<]*?[A-Za-z_][\w.]*)\s*[:<]/) {
            text = String(head.1)
        }
        text = text.replacing(/\s+/, with: " ")
        text = text.replacing("( ", with: "(").replacing(" )", with: ")").replacing(", )", with: ")")
        text = text.replacing(",)", with: ")")
        return text.trimmingCharacters(in: .whitespaces)
    }
}
