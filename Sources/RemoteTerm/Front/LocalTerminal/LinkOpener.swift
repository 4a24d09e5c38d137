/// What a click on a link does: run the user's open command (`RTERM_OPEN`), or `xdg-open`
/// when there is a display to open it on, or else copy the URL (OSC 52), which works from
/// any terminal, over ssh and inside tmux.
///
/// The URL is text the remote chose, so it is never part of a shell command: it is passed as
/// `$1` to `sh -c '… "$1"'`. Only URLs with a scheme a browser or mail program should get
/// (http, https, ftp, file, mailto) are ever opened; anything else an OSC 8 link names is
/// copied instead.
package enum LinkOpener {
    /// Schemes a click may open.
    package static let openableSchemes: Set<String> = ["http", "https", "ftp", "file", "mailto"]

    /// What to do with `url`. `hasXdgOpen`: whether `xdg-open` is on the PATH.
    package static func plan(url: String, environment: [String: String], hasXdgOpen: Bool) -> LinkOpening {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard url.contains(":"), openableSchemes.contains(scheme) else { return .copy }
        if let command = environment["RTERM_OPEN"], !command.trimmingWhitespace.isEmpty {
            return .run(shell(command))
        }
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        if hasDisplay && hasXdgOpen { return .run(shell("xdg-open")) }
        return .copy
    }

    /// `command "$1"` in the background, detached from rterm's terminal, with the URL as $1
    /// (appended by the front).
    private static func shell(_ command: String) -> [String] {
        ["/bin/sh", "-c", "\(command) \"$1\" </dev/null >/dev/null 2>&1 &", "rterm-open"]
    }
}

/// What a click on a link does.
package enum LinkOpening: Equatable, Sendable {
    /// Run this program (argument vector, the URL to be appended last).
    case run([String])
    /// Copy the URL to the clipboard.
    case copy
}
