import RemoteTermLoop
import Foundation

/// The progress line on a terminal (standard error): rewritten in place, cleared before
/// anything else is printed; nothing at all when standard error is not a terminal.
package final class ProgressLine {
    package let enabled: Bool
    private var shown = false

    package init(enabled: Bool) { self.enabled = enabled }

    package func show(_ line: String) {
        guard enabled else { return }
        Self.write("\r\u{1B}[K" + line)
        shown = true
    }

    package func clear() {
        guard shown else { return }
        Self.write("\r\u{1B}[K")
        shown = false
    }

    private static func write(_ text: String) {
        StandardStream.writeError(text)
    }
}
