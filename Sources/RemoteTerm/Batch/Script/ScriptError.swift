import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// A mistake in a script, found before anything runs: where it is and what is wrong.
/// Printed as `file:line:column: message` on one line, the form editors and CI annotate.
package struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the offending text starts (for a missing argument: just past the line's end).
    package var location: ScriptLocation
    /// What is wrong, one line, naming what would be accepted.
    package var message: String

    package init(location: ScriptLocation, message: String) {
        self.location = location
        self.message = message
    }

    package init(file: String, line: Int, column: Int, message: String) {
        self.init(location: ScriptLocation(file: file, line: line, column: column), message: message)
    }

    /// `file:line:column: message`, control characters made visible (the message may quote
    /// the script's text).
    package var description: String { InertText.make("\(location): \(message)") }
}
