import Foundation
import Testing

/// Runs the built `rterm` binary as a subprocess with a throwaway HOME, so the user's real
/// ~/.ssh is never read or written, and with standard output and error captured in files
/// (10 MB of output cannot dead-lock a pipe that way). A run that outlives its time limit is
/// killed by pid and reported.
struct RTermProcess {
    struct Result {
        var status: Int32
        var output: Data
        var errorOutput: String
        var seconds: Double
        var outputText: String { String(decoding: output, as: UTF8.self) }
        /// The non-empty lines of standard error.
        var errorLines: [String] { errorOutput.split(separator: "\n").map(String.init) }
    }

    /// The rterm binary next to the test bundle (same build), else .build/debug/rterm.
    static var executable: String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleDirectory.appendingPathComponent("rterm").path,
                          bundleDirectory.deletingLastPathComponent().appendingPathComponent("rterm").path,
                          TestSSHD.packageRoot + "/.build/debug/rterm"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return TestSSHD.packageRoot + "/.build/debug/rterm"
    }

    /// A fresh HOME (with ~/.ssh) for one test; removed by `remove()`.
    let home: String

    init() throws {
        home = NSTemporaryDirectory() + "rterm-home-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        chmod(home + "/.ssh", 0o700)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Writes an executable script in HOME (an askpass).
    func script(_ name: String, _ body: String) throws -> String {
        let path = home + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o700)
        return path
    }

    /// Writes a file in HOME.
    func file(_ name: String, _ text: String) throws -> String {
        let path = home + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    /// Runs rterm with `arguments`; `input` is a file for standard input (nil: /dev/null).
    /// `executable` runs something else instead (a shell running a documented line, with
    /// rterm's directory first on PATH), in HOME.
    func run(
        _ arguments: [String], environment extra: [String: String] = [:], input: String? = nil,
        timeLimit: Double = 30, executable: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? Self.executable)
        process.arguments = arguments
        if executable != nil { process.currentDirectoryURL = URL(fileURLWithPath: home) }
        let rtermDirectory = (Self.executable as NSString).deletingLastPathComponent
        var environment = ["HOME": home, "PATH": "\(rtermDirectory):/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]
        environment.merge(extra) { $1 }
        process.environment = environment
        let outputPath = home + "/stdout-" + UUID().uuidString
        let errorPath = home + "/stderr-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = try input.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
            ?? FileHandle.nullDevice
        let started = Date()
        try process.run()
        let pid = process.processIdentifier
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeLimit {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        try output.close()
        try errors.close()
        let result = Result(
            status: process.terminationStatus,
            output: FileManager.default.contents(atPath: outputPath) ?? Data(),
            errorOutput: String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self),
            seconds: seconds)
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
        if timedOut {
            Issue.record("rterm \(arguments.joined(separator: " ")) hung for \(timeLimit) s; killed. stderr: \(result.errorOutput)")
        }
        return result
    }
}
