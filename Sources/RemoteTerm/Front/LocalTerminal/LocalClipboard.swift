import Foundation

/// The user's clipboard, reached through their terminal with OSC 52 (it works through tmux
/// with `set-clipboard on`, through most terminals, and over nested ssh): rterm's own copies
/// (a selection, the screen, a link) and the remote's clipboard writes under rterm's policy.
/// rterm writes only sequences it built itself: the remote's data is decoded and encoded
/// again, so nothing the remote chose reaches the local terminal raw; queries (`?`) are
/// never answered, since the answer would hand the clipboard to the remote.
package enum LocalClipboard {
    /// Most bytes of text one copy may carry (larger copies are refused, not cut).
    package static let limit = 1 << 20

    /// The OSC 52 sequence that puts `text` on the clipboard, nil when it is over `limit`.
    package static func sequence(copying text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= limit else { return nil }
        return sequence(targets: "c", data: Data(bytes))
    }

    /// What to do with the remote's OSC 52 (`selection` targets, base64 `data`) when remote
    /// writes are `allowed`.
    package static func remoteRequest(selection: String, data: String, allowed: Bool) -> RemoteClipboardDecision {
        if data == "?" { return .query }
        guard allowed else { return .refused("the remote's clipboard write was ignored (not allowed here)") }
        guard let decoded = Data(base64Encoded: data, options: [.ignoreUnknownCharacters]) else {
            return .refused("the remote's clipboard write was not valid base64; ignored")
        }
        guard decoded.count <= limit else {
            return .refused("the remote's clipboard write was too large (\(decoded.count) bytes); ignored")
        }
        // Only the targets xterm knows; none means xterm's default.
        let targets = String(selection.filter { "cpqs01234567".contains($0) }.prefix(8))
        return .write(sequence(targets: targets.isEmpty ? "s0" : targets, data: decoded), bytes: decoded.count)
    }

    private static func sequence(targets: String, data: Data) -> [UInt8] {
        Array("\u{1B}]52;\(targets);\(data.base64EncodedString())\u{1B}\\".utf8)
    }
}

/// What rterm does with a remote's OSC 52.
package enum RemoteClipboardDecision: Equatable, Sendable {
    /// Write this sequence to the user's terminal (`bytes` of clipboard text).
    case write([UInt8], bytes: Int)
    /// A query: never answered, never passed on.
    case query
    /// Not passed on, for this reason (shown on the bar).
    case refused(String)
}
