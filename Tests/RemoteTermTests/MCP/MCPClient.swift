import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm mcp` driven as an MCP client drives it: a process on pipes, a request a line, each
/// answer read by its id within a time limit (never a fixed sleep). Stopped by closing its
/// input, killed at the end if it did not exit.
final class MCPClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []
    private var next = 1
    /// Signalled by the process's end, so `stop` waits on it rather than polling.
    private let exited = DispatchSemaphore(value: 0)
    /// The exit status once `stop` has seen the end (nil inside: it had to be killed).
    private var stopped: Int32??
    /// Every line read, in order.
    private(set) var lines: [[String: Any]] = []

    init(arguments: [String] = [], home: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: RTermProcess.executable)
        process.arguments = ["mcp"] + arguments
        var env = ["HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": home]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    deinit { stop() }

    /// Closes standard input (the client went away); returns rterm's exit status, or nil
    /// if it did not exit within the time limit (then it is killed).
    @discardableResult
    func stop(timeLimit: Double = 10) -> Int32? {
        if let stopped { return stopped }
        try? input.fileHandleForWriting.close()
        guard exited.wait(timeout: .now() + timeLimit) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            stopped = .some(nil)
            return nil
        }
        process.waitUntilExit()
        stopped = process.terminationStatus
        return process.terminationStatus
    }

    /// Writes one raw line.
    func writeLine(_ text: String) {
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    /// Sends a request; returns its id.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:]) -> Int {
        defer { next += 1 }
        let object: [String: Any] = ["jsonrpc": "2.0", "id": next, "method": method, "params": params]
        writeLine(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        return next
    }

    /// The answer to `id` (any line whose id is `id`, or, for nil, whose id is null), read
    /// within `timeLimit`.
    func answer(_ id: Int?, timeLimit: Double = 30) throws -> [String: Any] {
        let end = Date().addingTimeInterval(timeLimit)
        while true {
            if let found = lines.first(where: { id == nil ? $0["id"] is NSNull : ($0["id"] as? Int) == id }) { return found }
            let left = end.timeIntervalSinceNow
            guard left > 0 else { throw MCPClientError.noAnswer(id) }
            try readSome(within: left)
        }
    }

    /// A tool's result (the `result` of its answer).
    func call(_ tool: String, _ arguments: [String: Any] = [:], timeLimit: Double = 30) throws -> [String: Any] {
        let id = send("tools/call", ["name": tool, "arguments": arguments])
        let answer = try answer(id, timeLimit: timeLimit)
        return try #require(answer["result"] as? [String: Any], "\(answer)")
    }

    private func readSome(within seconds: Double) throws {
        var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(min(seconds, 1) * 1000)) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(descriptor.fd, &chunk, chunk.count)
        guard count > 0 else { throw MCPClientError.closed }
        buffer += chunk[0..<count]
        while let newline = buffer.firstIndex(of: 0x0A) {
            let line = Data(buffer[..<newline])
            buffer.removeSubrange(...newline)
            let object = try JSONSerialization.jsonObject(with: line) as? [String: Any]
            lines.append(try #require(object, "not an object: \(String(decoding: line, as: UTF8.self))"))
        }
    }
}

enum MCPClientError: Error {
    case noAnswer(Int?)
    case closed
}
