import RemoteTermCore
import RemoteTermFront

/// JUnit reports read back (`rterm report merge`): the testcases of the XML that rterm
/// writes, and of most tools that write JUnit, as results: name, host, passed or failed
/// with the failure's message, the output. Only what a report needs is read (elements,
/// attributes, text, the five entities and character references); anything else in the
/// file is skipped.
package enum JUnitReader {
    /// Why a report could not be read.
    package struct Problem: Error, Equatable {
        /// What is wrong, in one line.
        package let message: String
    }

    /// The testcases of `xml`, in order, or what is wrong with it.
    package static func results(_ xml: String) -> Result<[ScriptResult], Problem> {
        var results: [ScriptResult] = []
        var rest = Substring(xml)
        guard xml.contains("<testsuite") else { return .failure(Problem(message: "not a JUnit report (no <testsuite>)")) }
        while let open = rest.range(of: "<testcase") {
            rest = rest[open.upperBound...]
            guard let tagEnd = rest.firstIndex(of: ">") else { return .failure(Problem(message: "a <testcase> tag is not closed")) }
            let tag = rest[..<tagEnd]
            let attributes = Self.attributes(tag)
            let selfClosing = tag.hasSuffix("/")
            rest = rest[rest.index(after: tagEnd)...]
            var body = Substring("")
            if !selfClosing {
                guard let close = rest.range(of: "</testcase>") else {
                    return .failure(Problem(message: "a <testcase> is not closed"))
                }
                body = rest[..<close.lowerBound]
                rest = rest[close.upperBound...]
            }
            let name = attributes["name"] ?? "testcase \(results.count + 1)"
            var failure: (message: String, text: String)?
            for element in ["failure", "error"] {
                if failure == nil, let found = Self.element(element, in: body) {
                    failure = (found.attributes["message"] ?? "", found.text)
                }
            }
            var result = ScriptResult(
                script: attributes["classname"] ?? "", target: attributes["target"] ?? name,
                status: failure == nil ? 0 : 1,
                message: failure.map { $0.text.isEmpty ? $0.message : $0.text } ?? "",
                seconds: Double(attributes["time"] ?? "") ?? 0)
            result.host = attributes["host"] ?? name
            result.screen = Self.element("system-out", in: body)?.text
            results.append(result)
        }
        return .success(results)
    }

    /// The attributes of a start tag's text (after its name).
    static func attributes(_ tag: Substring) -> [String: String] {
        var found: [String: String] = [:]
        var rest = tag
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).last
            rest = rest[rest.index(after: equals)...].drop(while: { $0 == " " })
            guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            if let name { found[String(name)] = unescape(rest[..<end]) }
            rest = rest[rest.index(after: end)...]
        }
        return found
    }

    /// The first `<name …>text</name>` (or `<name …/>`) in `body`.
    static func element(_ name: String, in body: Substring) -> (attributes: [String: String], text: String)? {
        guard let open = body.range(of: "<" + name),
            let tagEnd = body[open.upperBound...].firstIndex(of: ">")
        else { return nil }
        let next = body[open.upperBound...].first
        guard next == " " || next == ">" || next == "/" || next == "\n" || next == "\t" else { return nil }
        let tag = body[open.upperBound..<tagEnd]
        let attributes = attributes(tag)
        if tag.hasSuffix("/") { return (attributes, "") }
        let after = body[body.index(after: tagEnd)...]
        guard let close = after.range(of: "</" + name + ">") else { return (attributes, "") }
        var text = after[..<close.lowerBound]
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") {
            text = text.dropFirst(9).dropLast(3)
            return (attributes, String(text))
        }
        return (attributes, unescape(text))
    }

    /// XML text with its entities and character references replaced.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 10 else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[String(entity)] {
                result += value
            } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"), let code = UInt32(entity.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// A report's testsuite elements, without its XML declaration or `<testsuites>` wrapper.
    package static func suites(of xml: String) -> String {
        var text = Substring(xml)
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = text[end.upperBound...] }
        text = text.drop(while: { $0.isWhitespace })
        if text.hasPrefix("<testsuites"), let open = text.firstIndex(of: ">"),
            let close = text.range(of: "</testsuites>", options: .backwards)
        {
            text = text[text.index(after: open)..<close.lowerBound]
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "" : trimmed + "\n"
    }
}
