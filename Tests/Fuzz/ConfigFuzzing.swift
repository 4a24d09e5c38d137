// The text-format targets: scripts, ssh_config, known_hosts, the key-bar config. Each must
// take any text without crashing, report problems in lines that are safe to print, and give
// the same answer however it is asked.

import Foundation
import RemoteTerm

enum ConfigFuzzing {
    static func runScript(_ data: [UInt8]) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        do {
            let script = try Script(parsing: text, file: "fuzz.rterm")
            let again = try? Script(parsing: text, file: "fuzz.rterm")
            return again == script ? [] : ["the same script parsed twice differs"]
        } catch {
            return inertLineViolations(error.description, what: "script error")
        }
    }

    /// ssh_config text, read for one host and resolved. `Include` and `Match exec` lines are
    /// dropped first: they would read the machine's files or run commands.
    static func runSSHConfig(_ data: [UInt8]) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                let lower = line.lowercased()
                return !lower.contains("include") && !lower.contains("exec")
            }
            .joined(separator: "\n")
        let context = SSHLocalContext(
            homeDirectory: "/nonexistent/fuzz-home", userName: "fuzz", localHostName: "fuzz.example",
            environment: ["HOME": "/nonexistent/fuzz-home"])
        var reader = SSHConfigFile(originalHost: "fuzz.example", context: context)
        do {
            try reader.read(text: text, file: "fuzz_config", kind: .user)
            _ = try SSHConfigResolver.finish(
                host: "fuzz.example", values: reader.values, context: context,
                ignoredOptions: reader.ignoredOptions, notes: reader.notes)
        } catch {
            return inertLineViolations(error.description, what: "ssh_config error")
        }
        return []
    }

    /// known_hosts text: the filtered read (what connecting uses) must find exactly the key
    /// types the full parse finds, for the hosts the file itself names.
    static func runKnownHosts(_ data: [UInt8]) -> [String] {
        let full = KnownHosts(text: String(decoding: data, as: UTF8.self), file: "fuzz_known_hosts")
        var hosts: [(String, Int)] = [("fuzz.example", 22), ("127.0.0.1", 2222)]
        for entry in full.entries.prefix(4) {
            guard case .patterns(let list) = entry.hostNames else { continue }
            // (A name with U+FFFD came from bytes that are not UTF-8: no host is called that.)
            for name in list.split(separator: ",").prefix(2) where !name.hasPrefix("!") && !name.contains("\u{FFFD}") {
                hosts.append(KnownHostsFuzzName.split(String(name)))
            }
        }
        var found: [String] = []
        for (host, port) in hosts {
            let filtered = KnownHosts(bytes: data, file: "fuzz_known_hosts", onlyFor: KnownHosts.namesInUse(host: host, port: port))
            if filtered.knownKeyTypes(host: host, port: port) != full.knownKeyTypes(host: host, port: port) {
                found.append("filtered and full known_hosts disagree for \(InertText.make(host)):\(port)")
            }
        }
        return found
    }

    static func runKeyBarConfig(_ data: [UInt8]) -> [String] {
        let config = KeyBarConfiguration.parse(String(decoding: data, as: UTF8.self), fileName: "fuzz_keybar")
        var found: [String] = []
        for error in config.errors { found += inertLineViolations(error.description, what: "key-bar config error") }
        for item in config.items {
            found += inertLineViolations(item.label, what: "key-bar label")
            if let short = item.shortLabel { found += inertLineViolations(short, what: "key-bar short label") }
        }
        return found
    }
}

/// Host patterns as the fuzz target turns them back into lookups (`[host]:port` or `host`).
enum KnownHostsFuzzName {
    static func split(_ pattern: String) -> (String, Int) {
        if pattern.hasPrefix("["), let close = pattern.firstIndex(of: "]") {
            let host = String(pattern[pattern.index(after: pattern.startIndex)..<close])
            let rest = pattern[pattern.index(after: close)...]
            if rest.hasPrefix(":"), let port = Int(rest.dropFirst()) { return (host, port) }
            return (host, 22)
        }
        return (pattern, 22)
    }
}
