import Foundation
import Testing

/// A real tmux server of its own (`tmux -L <unique>`) with one pane of a fixed size running
/// a command, for driving the interactive front as a person would: keys with `send-keys`,
/// the screen with `capture-pane`. `kill()` stops exactly this server.
final class TmuxPane {
    let socket = "rterm-test-" + UUID().uuidString.prefix(8).lowercased()

    /// With `clipboard`, tmux takes OSC 52 from the pane into its paste buffers
    /// (`set-clipboard on`), set before the command starts.
    init(command: String, columns: Int = 80, rows: Int = 24, clipboard: Bool = false) throws {
        // A UTF-8 locale, whatever the test's: rterm labels its bar in words without one.
        var start = [
            "-f", "/dev/null", "new-session", "-d", "-e", "LANG=C.UTF-8", "-e", "LC_ALL=", "-x", "\(columns)", "-y",
            "\(rows)", command,
        ]
        if clipboard { start += [";", "set-option", "-s", "set-clipboard", "on"] }
        let result = try tmux(start)
        guard result.status == 0 else { throw Spawn.Failure(description: "tmux new-session: \(result.errorOutput)") }
        _ = try tmux(["set-option", "-g", "status", "off"])
        _ = try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> Spawn.Result {
        try Spawn.run(["tmux", "-L", socket] + arguments)
    }

    /// Sends tmux key names (`Escape`, `Up`, `C-Up`, `M-x`, `Enter`…).
    func keys(_ names: String...) throws { try tmux(["send-keys"] + names) }

    /// Types text literally (after `--`: text that starts with `-`, `-p 2222`, would be taken
    /// for send-keys' own flags).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", "--", text]) }

    /// Pastes `text` as the local terminal would (bracketed if the application asked for it).
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "--", text])
        try tmux(["paste-buffer", "-p"])
    }

    /// The pane's text.
    func screen() throws -> String { try tmux(["capture-pane", "-p"]).output }

    /// The pane's rows as one line, blanks between words read as one: where a message rterm
    /// wrapped (at blanks) onto the rows above its bar reads whole.
    func joinedScreen() throws -> String {
        try screen().split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Waits until the pane's rows, read as one line (`joinedScreen`), contain `text` (its
    /// blanks read as one too).
    func waitForJoined(_ text: String, timeout: Double = 10) throws -> Bool {
        let words = text.split(separator: " ").joined(separator: " ")
        return try waitUntil(timeout: timeout) { try joinedScreen().contains(words) }
    }

    /// The pane's text with its renditions as SGR sequences (`capture-pane -e`).
    func styledScreen() throws -> String { try tmux(["capture-pane", "-p", "-e"]).output }

    /// The newest paste buffer (what OSC 52 put there with `set-clipboard on`), nil if none.
    func buffer() throws -> String? {
        let result = try tmux(["show-buffer"])
        return result.status == 0 ? result.output : nil
    }

    /// A tmux format about the pane (`#{alternate_on}`…).
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen contains `text`; false after `timeout` seconds.
    func waitFor(_ text: String, timeout: Double = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try screen().contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits until `condition` holds.
    func waitUntil(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return false
    }

    /// The pid of the pane's first process's child named `name` (rterm under the shell).
    func childPid(named name: String) throws -> Int32? {
        let panePid = try display("#{pane_pid}")
        let result = try Spawn.run(["pgrep", "-P", panePid, name])
        return Int32(result.output.split(separator: "\n").first ?? "")
    }

    func kill() {
        _ = try? tmux(["kill-server"])
        // tmux leaves its socket file behind.
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
    }

    deinit { kill() }
}
