// The fuzz targets: each takes arbitrary bytes, drives one parser or the engine with them,
// and returns the invariants the result broke (empty when all held). libFuzzer calls them
// through `FuzzEntry.swift` (built by `Scripts/fuzz`); the test suite replays the seed
// corpus and every input that once failed (`Tests/Fuzz/Regressions`) through the same code.

import Foundation
import RemoteTerm

/// One fuzz target.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The VT parser and terminal, at a size and with resizes taken from the input's header.
    case terminal
    /// An asciicast v2 recording replayed as `rterm render` does.
    case asciicast
    /// The script language's parser.
    case script
    /// ssh_config text, read and resolved.
    case sshConfig = "ssh-config"
    /// known_hosts text, parsed whole and filtered for one host.
    case knownHosts = "known-hosts"
    /// The key-bar config.
    case keyBarConfig = "keybar-config"
    /// The decoder of bytes typed into the local terminal.
    case inputDecoder = "input-decoder"
    /// A hostile server's names and links, written under a download's target.
    case download
    /// What an agent sends `rterm mcp`: JSON-RPC lines and tool arguments.
    case mcp

    /// Runs the target on `data`; returns the broken invariants. `timed`: the engine's time
    /// on the input counts too (`TerminalFuzzing.engineSecondsLimit`; fuzzing runs only).
    public func run(_ data: [UInt8], timed: Bool = false) -> [String] {
        switch self {
        case .terminal: return TerminalFuzzing.run(data, engineSecondsLimit: timed ? TerminalFuzzing.engineSecondsLimit : nil)
        case .asciicast: return TerminalFuzzing.runAsciicast(data)
        case .script: return ConfigFuzzing.runScript(data)
        case .sshConfig: return ConfigFuzzing.runSSHConfig(data)
        case .knownHosts: return ConfigFuzzing.runKnownHosts(data)
        case .keyBarConfig: return ConfigFuzzing.runKeyBarConfig(data)
        case .inputDecoder: return InputFuzzing.run(data)
        case .download: return DownloadFuzzing.run(data)
        case .mcp: return MCPFuzzing.run(data)
        }
    }
}

/// A message printed to the user must be one line that no terminal acts on.
func inertLineViolations(_ message: String, what: String) -> [String] {
    if message.unicodeScalars.contains(where: { InertText.isActive($0) }) {
        return ["\(what) holds a control character: \(InertText.make(message))"]
    }
    return []
}
