import Foundation

/// JSON-RPC 2.0 as MCP speaks it over stdio: one message a line. Parsing a line gives a
/// request, a notification or the error to answer with; answers are built here as lines.
/// Values are Foundation's JSON objects (`[String: Any]`, arrays, strings, numbers, bools,
/// `NSNull`), read and written with `JSONSerialization`.
package enum JSONRPC {
    /// The error codes of the spec that rterm answers with.
    package enum ErrorCode: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
    }

    /// A request's id: a number or a string, echoed as it came.
    package enum ID: Equatable, Hashable, Sendable {
        case number(Int)
        case string(String)

        var json: Any {
            switch self {
            case .number(let number): return number
            case .string(let text): return text
            }
        }

        /// The id a request gave: a string, or an integer read exactly (9007199254740993
        /// stays itself, not the nearest double); nil for anything else, `true` included
        /// (JSON-RPC 2.0: "a String, Number, or NULL"; a boolean is not a number).
        init?(_ value: Any) {
            if let text = value as? String {
                self = .string(text)
                return
            }
            guard let number = value as? NSNumber, !JSONRPC.isBoolean(number) else { return nil }
            switch String(cString: number.objCType) {
            case "d", "f":
                // 1e3 is the integer 1000; 1.5, or a number past 2^53, is no id rterm echoes exactly.
                let double = number.doubleValue
                guard double == double.rounded(), abs(double) < 9_007_199_254_740_992, let integer = Int(exactly: double)
                else { return nil }
                self = .number(integer)
            case "Q":
                guard let integer = Int(exactly: number.uint64Value) else { return nil }
                self = .number(integer)
            default:
                self = .number(Int(number.int64Value))
            }
        }
    }

    /// Whether a parsed JSON value is `true` or `false`. Not `value is Bool`: Foundation
    /// bridges the numbers 0 and 1 to Bool too, so `"timeout_s": 1` would read as a boolean.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return ["c", "B"].contains(String(cString: number.objCType))
    }

    /// What one line holds.
    package enum Message {
        /// A request to answer (`id` set).
        case request(id: ID, method: String, params: [String: Any])
        /// A notification (no answer).
        case notification(method: String, params: [String: Any])
        /// A line that is not a request: the error to answer with (id nil when unknown).
        case invalid(id: ID?, code: ErrorCode, message: String)
        /// A response from the client (rterm sends no requests, so it is ignored).
        case response
    }

    /// Reads one line.
    package static func parse(_ line: Data) -> Message {
        guard let value = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) else {
            return .invalid(id: nil, code: .parseError, message: "parse error: the line is not JSON")
        }
        guard let object = value as? [String: Any] else {
            return .invalid(id: nil, code: .invalidRequest, message: "invalid request: expected a JSON object (batches are not supported)")
        }
        let id = object["id"].flatMap { $0 is NSNull ? nil : ID($0) }
        if object["id"] != nil, !(object["id"] is NSNull), id == nil {
            return .invalid(id: nil, code: .invalidRequest, message: "invalid request: id must be an integer or a string")
        }
        guard object["jsonrpc"] as? String == "2.0" else {
            return .invalid(id: id, code: .invalidRequest, message: "invalid request: jsonrpc must be \"2.0\"")
        }
        guard let method = object["method"] as? String else {
            if object["result"] != nil || object["error"] != nil { return .response }
            return .invalid(id: id, code: .invalidRequest, message: "invalid request: no method")
        }
        let params: [String: Any]
        switch object["params"] {
        case nil, is NSNull: params = [:]
        case let given as [String: Any]: params = given
        default: return .invalid(id: id, code: .invalidParams, message: "invalid params: params must be an object")
        }
        guard let id else { return .notification(method: method, params: params) }
        return .request(id: id, method: method, params: params)
    }

    /// A result line for `id`.
    package static func result(_ result: [String: Any], id: ID) -> String {
        line(["jsonrpc": "2.0", "id": id.json, "result": result])
    }

    /// An error line for `id` (null when the request's id could not be read).
    package static func error(_ code: ErrorCode, _ message: String, id: ID?) -> String {
        line(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "error": ["code": code.rawValue, "message": message]])
    }

    /// `object` as one line of JSON (keys sorted, so answers are stable), without its newline.
    package static func line(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error: an answer could not be written"}}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
