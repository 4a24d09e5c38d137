import RemoteTermCore
import RemoteTermEngine
import RemoteTermSSH

/// The answer to a connection's question, typed on the bar row: a password or passphrase
/// (not shown, as OpenSSH shows nothing), a keyboard-interactive answer, or yes/no for a host
/// key. Enter answers; Esc or Ctrl+C gives up; Backspace and Ctrl+U edit.
package struct PromptEditor: Equatable, Sendable {
    /// What typing a key did.
    package enum Outcome: Equatable, Sendable {
        /// Still typing.
        case editing
        /// Enter: the answer.
        case answered(String)
        /// Esc or Ctrl+C: no answer.
        case cancelled
    }

    /// The question.
    package let request: PromptRequest
    /// The answer so far.
    package private(set) var answer = ""
    /// What the last Tab matched when it was more than one (shown above the bar row, as a
    /// shell lists them); any key typed after puts them away.
    package private(set) var choices: [String] = []

    /// Starts answering `request`, with `answer` already typed.
    package init(_ request: PromptRequest, answer: String = "") {
        self.request = request
        self.answer = answer
    }

    /// Types one key.
    package mutating func type(_ key: KeyEvent) -> Outcome {
        choices = []
        switch key.key {
        case .enter:
            return .answered(answer)
        case .escape:
            return .cancelled
        case .backspace:
            removeLast()
        case .character(let scalar) where key.modifiers.contains(.control):
            switch scalar {
            case "c": return .cancelled
            case "u": answer.removeAll()
            case "h": removeLast()
            default: break
            }
        case .character(let scalar) where !key.modifiers.contains(.alt):
            answer.unicodeScalars.append(scalar)
        default:
            break
        }
        return .editing
    }

    /// Tab: the answer as `completer` completes it (a path to its longest match), and the
    /// matches listed when there are several.
    package mutating func complete(_ completer: (String) -> PathCompletion) {
        let completion = completer(answer)
        answer = completion.answer
        choices = completion.matches.count > 1 ? completion.matches : []
    }

    /// Pastes text into the answer (up to its first line end).
    package mutating func paste(_ bytes: [UInt8]) {
        choices = []
        let text = String(decoding: bytes, as: UTF8.self)
        answer.unicodeScalars.append(
            contentsOf: text.unicodeScalars.prefix { $0 != "\r" && $0 != "\n" }.filter { $0.value >= 0x20 })
    }

    private mutating func removeLast() {
        if !answer.unicodeScalars.isEmpty { answer.unicodeScalars.removeLast() }
    }

    /// What the bar row shows: the question, then the answer unless it is a secret.
    package var display: String {
        request.question + (request.kind == .secret ? "" : answer)
    }
}
