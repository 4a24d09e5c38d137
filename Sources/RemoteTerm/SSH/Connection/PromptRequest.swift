import RemoteTermEngine

/// A question the connection asks the user: a passphrase, a password, a keyboard-interactive
/// prompt, or a host key confirmation. The text is already inert (`InertText`), so a front
/// may draw it anywhere.
package struct PromptRequest: Equatable, Sendable {
    /// How the answer is typed.
    package enum Kind: Equatable, Sendable {
        /// A secret: not shown while typed.
        case secret
        /// Plain text, shown while typed (keyboard-interactive prompts that allow echo).
        case text
        /// A yes/no question (a host key), shown while typed.
        case confirmation
    }

    /// The question, possibly several lines (an explanation, then the prompt itself).
    package var text: String
    /// How the answer is typed.
    package var kind: Kind

    /// A question.
    package init(text: String, kind: Kind) {
        self.text = InertText.make(text, keepingNewlines: true)
        self.kind = kind
    }

    /// The last line: what is asked, to show next to the answer being typed.
    package var question: String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    /// The lines before the question (an explanation), possibly none.
    package var explanation: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
