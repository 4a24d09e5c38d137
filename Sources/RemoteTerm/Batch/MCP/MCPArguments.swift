import Foundation

/// A tool's arguments, read by name and checked for their JSON type: a missing or
/// mistyped one is an invalid-params error that names it.
struct MCPArguments {
    let values: [String: Any]
    let tool: String

    init(_ values: [String: Any], tool: String) {
        self.values = values
        self.tool = tool
    }

    func string(_ name: String) throws(MCPArgumentError) -> String {
        guard let value = try optionalString(name) else { throw MCPArgumentError("\(tool) needs \(name) (a string)") }
        return value
    }

    func optionalString(_ name: String) throws(MCPArgumentError) -> String? {
        guard let value = values[name], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw MCPArgumentError("\(name) must be a string") }
        return text
    }

    /// Text to send, at most `MCPServer.textLimit` bytes.
    func text(_ name: String) throws(MCPArgumentError) -> String {
        let text = try string(name)
        guard text.utf8.count <= MCPServer.textLimit else {
            throw MCPArgumentError("\(name) is longer than \(MCPServer.textLimit) bytes: send it in pieces")
        }
        return text
    }

    func strings(_ name: String) throws(MCPArgumentError) -> [String] {
        guard let list = values[name] as? [Any], !list.isEmpty, list.count <= 1000 else {
            throw MCPArgumentError("\(tool) needs \(name) (a list of 1 to 1000 strings)")
        }
        var strings: [String] = []
        for item in list {
            guard let text = item as? String else { throw MCPArgumentError("\(name) must hold strings only") }
            strings.append(text)
        }
        return strings
    }

    func optionalNumber(_ name: String) throws(MCPArgumentError) -> Double? {
        guard let value = values[name], !(value is NSNull) else { return nil }
        guard let number = value as? NSNumber, !JSONRPC.isBoolean(number) else {
            throw MCPArgumentError("\(name) must be a number")
        }
        return number.doubleValue
    }

    func optionalInteger(_ name: String, in range: ClosedRange<Int>) throws(MCPArgumentError) -> Int? {
        guard let number = try optionalNumber(name) else { return nil }
        guard let integer = Int(exactly: number), range.contains(integer) else {
            throw MCPArgumentError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }
}
