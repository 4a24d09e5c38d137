import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// A real local pseudo-terminal: output, exit statuses and signals, size.
@Suite struct LocalPTYTransportTests {
    func run(_ arguments: [String], rows: Int = 24, columns: Int = 80) throws -> (output: String, exit: TransportExit) {
        let transport = try LocalPTYTransport(
            arguments: arguments, environment: ["PATH": "/usr/bin:/bin"], rows: rows, columns: columns)
        let drain = SessionPumpTests.Drain()
        let ending = try SessionPumpTests.pump(transport, output: drain.writeEnd, errorOutput: drain.writeEnd)
        transport.close()
        guard case .remoteExited(let exit) = ending else {
            Issue.record("ended with \(ending)")
            return (String(decoding: drain.finish(), as: UTF8.self), .unknown)
        }
        return (String(decoding: drain.finish(), as: UTF8.self), exit)
    }

    @Test func commandOutputAndStatus() throws {
        let result = try run(["sh", "-c", "echo hello; exit 3"])
        #expect(result.output == "hello\r\n")
        #expect(result.exit == .status(3))
    }

    @Test func sizeAndTermReachTheChild() throws {
        let result = try run(["sh", "-c", "stty size; echo $TERM; tty >/dev/null && echo has-tty"], rows: 33, columns: 101)
        #expect(result.output == "33 101\r\nxterm-256color\r\nhas-tty\r\n")
    }

    @Test func signalIsReported() throws {
        let result = try run(["sh", "-c", "kill -TERM $$"])
        #expect(result.exit == .signal(name: "TERM", message: ""))
    }

    /// Terminals started at once on several threads are each their own: a shared static
    /// name buffer (ttyname) once made a child open another's terminal, so its output was lost.
    @Test(arguments: 0..<4)
    func terminalsStartedAtOnceOnSeveralThreadsAreEachTheirOwn(_ thread: Int) throws {
        for run in 0..<25 {
            let result = try self.run(["sh", "-c", "echo \(thread)-\(run); exit 3"])
            #expect(result.output == "\(thread)-\(run)\r\n")
            #expect(result.exit == .status(3))
        }
    }

    @Test func missingCommandFailsToStart() {
        #expect(throws: TransportError.self) {
            _ = try LocalPTYTransport(arguments: ["/no/such/program"], environment: [:], rows: 24, columns: 80)
        }
    }
}
