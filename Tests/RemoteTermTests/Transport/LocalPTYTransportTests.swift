import Foundation
import Testing

@testable import RemoteTerm

/// A real local pseudo-terminal: output, exit statuses and signals, size.
struct LocalPTYTransportTests {
    func run(_ arguments: [String], rows: Int = 24, columns: Int = 80) throws -> (output: String, exit: TransportExit) {
        let transport = try LocalPTYTransport(
            arguments: arguments, environment: ["PATH": "/usr/bin:/bin"], rows: rows, columns: columns)
        let drain = TransportPumpTests.Drain()
        let exit = try TransportPump(input: nil, output: drain.writeEnd, errorOutput: drain.writeEnd).run(transport)
        transport.close()
        return (String(decoding: drain.finish(), as: UTF8.self), try #require(exit))
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

    @Test func missingCommandFailsToStart() {
        #expect(throws: TransportError.self) {
            _ = try LocalPTYTransport(arguments: ["/no/such/program"], environment: [:], rows: 24, columns: 80)
        }
    }
}
