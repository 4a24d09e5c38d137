import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a click on a link does: run the user's open command (`RTERM_OPEN`), or `xdg-open`
/// when there is a display to open it on, or else copy the URL (OSC 52), which works from
/// any terminal, over ssh and inside tmux.
///
/// The URL is text the remote chose, so it is never part of a shell command: it is passed as
/// `$1` to `sh -c '… "$1"'`. Only URLs with a scheme a browser or mail program should get
/// (http, https, ftp, file, mailto) are ever opened; anything else an OSC 8 link names is
/// copied instead.
///
/// A `file:` URL names a file on the machine whose program wrote it: a remote's
/// `file:///etc/passwd` is the remote's, and opening this machine's file of that name is
/// what the remote chose for the user. So it is copied, never opened, unless its host part
/// names this machine (its host name, or, for a session that runs here, no host or
/// `localhost`); nor is it passed on to a terminal that takes OSC 8, which would open it here.
package enum LinkOpener {
    /// Schemes a click may open.
    package static let openableSchemes: Set<String> = ["http", "https", "ftp", "file", "mailto"]

    /// What to do with `url`. `hasXdgOpen`: whether `xdg-open` is on the PATH. `runsHere`:
    /// whether the session's program runs on this machine (`--local`).
    package static func plan(
        url: String, environment: [String: String], hasXdgOpen: Bool, runsHere: Bool = false,
        hostName: String = LinkOpener.hostName
    ) -> LinkOpening {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard url.contains(":"), openableSchemes.contains(scheme) else { return .copy }
        if isElsewhereFile(url, runsHere: runsHere, hostName: hostName) { return .copyElsewhereFile }
        if let command = environment["RTERM_OPEN"], !command.trimmingWhitespace.isEmpty {
            return .run(shell(command))
        }
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        if hasDisplay && hasXdgOpen { return .run(shell("xdg-open")) }
        return .copy
    }

    /// Whether `url` is a `file:` URL that does not name this machine (see above).
    package static func isElsewhereFile(_ url: String, runsHere: Bool, hostName: String = LinkOpener.hostName) -> Bool {
        guard url.prefix(5).lowercased() == "file:" else { return false }
        let rest = url.dropFirst(5)
        // file://HOST/path names HOST; file:///path and file:/path name none.
        var host = ""
        if rest.hasPrefix("//") { host = String(rest.dropFirst(2).prefix { $0 != "/" }) }
        host = (host.removingPercentEncoding ?? host).lowercased()
        if host.isEmpty || host == "localhost" { return !runsHere }
        let name = hostName.lowercased()
        return host != name && host != String(name.prefix { $0 != "." })
    }

    /// This machine's name (`gethostname`), read once.
    package static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

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
    /// Copy the URL: it names a file on another machine (the remote), not this one's.
    case copyElsewhereFile
}
