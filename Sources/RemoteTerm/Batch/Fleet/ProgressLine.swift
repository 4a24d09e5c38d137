import RemoteTermLoop
import Foundation

/// The progress line on a terminal (standard error): rewritten in place, cleared before
/// anything else is printed; nothing at all when standard error is not a terminal.
public final class ProgressLine {
    public let enabled: Bool
    private var shown = false

    public init(enabled: Bool) { self.enabled = enabled }

    public func show(_ line: String) {
        guard enabled else { return }
        Self.write("\r\u{1B}[K" + line)
        shown = true
    }

    public func clear() {
        guard shown else { return }
        Self.write("\r\u{1B}[K")
        shown = false
    }

    private static func write(_ text: String) {
        StandardStream.writeError(text)
    }
}
