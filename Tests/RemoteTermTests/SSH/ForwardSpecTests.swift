import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `-L`, `-R`, `-D` and the forwarding keywords, read as OpenSSH reads them (readconf.c,
/// parse_forward), with `-G`'s way of printing each.
@Suite struct ForwardSpecTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var kind: SSHForward.Kind
        var listen: SSHForward.Endpoint
        var target: SSHForward.Endpoint?
        var dump: String
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "8080:localhost:80", kind: .local, listen: .tcp(host: nil, port: 8080),
             target: .tcp(host: "localhost", port: 80), dump: "localforward 8080 [localhost]:80"),
        Case(text: "127.0.0.1:8080:web:80", kind: .local, listen: .tcp(host: "127.0.0.1", port: 8080),
             target: .tcp(host: "web", port: 80), dump: "localforward [127.0.0.1]:8080 [web]:80"),
        Case(text: "[::1]:8080:[2001:db8::5]:443", kind: .local, listen: .tcp(host: "::1", port: 8080),
             target: .tcp(host: "2001:db8::5", port: 443), dump: "localforward [::1]:8080 [2001:db8::5]:443"),
        Case(text: "*:8080:localhost:80", kind: .local, listen: .tcp(host: "*", port: 8080),
             target: .tcp(host: "localhost", port: 80), dump: "localforward [*]:8080 [localhost]:80"),
        Case(text: ":8080:localhost:80", kind: .local, listen: .tcp(host: "", port: 8080),
             target: .tcp(host: "localhost", port: 80), dump: "localforward []:8080 [localhost]:80"),
        Case(text: "0:localhost:80", kind: .local, listen: .tcp(host: nil, port: 0),
             target: .tcp(host: "localhost", port: 80), dump: "localforward 0 [localhost]:80"),
        Case(text: "5432:/run/postgresql/.s.PGSQL.5432", kind: .local, listen: .tcp(host: nil, port: 5432),
             target: .unix(path: "/run/postgresql/.s.PGSQL.5432"), dump: "localforward 5432 /run/postgresql/.s.PGSQL.5432"),
        Case(text: "/tmp/l.sock:db:5432", kind: .local, listen: .unix(path: "/tmp/l.sock"),
             target: .tcp(host: "db", port: 5432), dump: "localforward /tmp/l.sock [db]:5432"),
        Case(text: "/tmp/l.sock:/tmp/r.sock", kind: .local, listen: .unix(path: "/tmp/l.sock"),
             target: .unix(path: "/tmp/r.sock"), dump: "localforward /tmp/l.sock /tmp/r.sock"),
        Case(text: "9000:localhost:3000", kind: .remote, listen: .tcp(host: nil, port: 9000),
             target: .tcp(host: "localhost", port: 3000), dump: "remoteforward 9000 [localhost]:3000"),
        Case(text: "0.0.0.0:9000:/tmp/app.sock", kind: .remote, listen: .tcp(host: "0.0.0.0", port: 9000),
             target: .unix(path: "/tmp/app.sock"), dump: "remoteforward [0.0.0.0]:9000 /tmp/app.sock"),
        Case(text: "1080", kind: .dynamic, listen: .tcp(host: nil, port: 1080), target: nil, dump: "dynamicforward 1080"),
        Case(text: "localhost:1080", kind: .dynamic, listen: .tcp(host: "localhost", port: 1080), target: nil,
             dump: "dynamicforward [localhost]:1080"),
        Case(text: " 1080 ", kind: .dynamic, listen: .tcp(host: nil, port: 1080), target: nil, dump: "dynamicforward 1080"),
    ]

    @Test(arguments: cases) func parses(_ testCase: Case) throws {
        let forward = try SSHForward.parse(testCase.text, kind: testCase.kind)
        #expect(forward.listen == testCase.listen)
        #expect(forward.target == testCase.target)
        #expect(forward.description == testCase.dump)
    }

    static let bad: [(String, SSHForward.Kind, String)] = [
        ("8080", .local, "bad forwarding specification '8080' (expected [bind_address:]port:host:hostport)"),
        ("x:localhost:80", .local, "bad port 'x' in 'x:localhost:80'"),
        ("8080:localhost:0", .local, "bad port '0' in '8080:localhost:0'"),
        ("70000:localhost:80", .local, "bad port '70000' in '70000:localhost:80'"),
        ("8080::80", .local, "missing host in '8080::80'"),
        ("a:b:c:d:e", .local, "too many fields in 'a:b:c:d:e'"),
        ("[::1:8080:h:80", .local, "unterminated '[' in '[::1:8080:h:80'"),
        ("8080", .remote, "'8080': a remote SOCKS proxy (-R [bind_address:]port alone) is not supported by rterm"),
        ("a:b:c", .dynamic, "bad dynamic forwarding specification 'a:b:c' (expected [bind_address:]port)"),
        ("", .dynamic, "missing forwarding specification"),
    ]

    @Test(arguments: bad) func refuses(_ text: String, _ kind: SSHForward.Kind, _ message: String) {
        #expect(throws: SSHOptionValueError(message)) { try SSHForward.parse(text, kind: kind) }
    }

    static func settings(_ arguments: [String], config: String = "") throws -> SSHSettings {
        try SSHConfigTestSupport.settings(config, host: "h", commandLine: arguments)
    }

    @Test func commandLineAndConfigTogetherCommandLineFirstEachOnce() throws {
        let settings = try Self.settings(
            ["-L", "8080:localhost:80", "-D", "1080", "-R", "9000:localhost:3000", "-L", "8080:localhost:80"],
            config: "Host h\n  LocalForward 8081 localhost:81\n  DynamicForward 1080\n  RemoteForward 9001 /tmp/s\n")
        #expect(settings.forwards.map(\.commandLineForm) == [
            "-L 8080:localhost:80", "-D 1080", "-R 9000:localhost:3000", "-L 8081:localhost:81", "-R 9001:/tmp/s",
        ])
        let dump = settings.configDump
        #expect(dump.contains("localforward 8080 [localhost]:80\nlocalforward 8081 [localhost]:81\nremoteforward 9000"))
        #expect(dump.contains("dynamicforward 1080\n"))
    }

    @Test func theOtherForwardingOptions() throws {
        let plain = try Self.settings([])
        #expect(!plain.gatewayPorts && !plain.exitOnForwardFailure && !plain.forwardsOnly)
        #expect(plain.escapeCharacter == .tilde)
        #expect(plain.configDump.contains("gatewayports no\nexitonforwardfailure no\nsessiontype default\nescapechar ~\n"))
        let set = try Self.settings(["-g", "-N", "-e", "^]"], config: "ExitOnForwardFailure yes\n")
        #expect(set.gatewayPorts && set.exitOnForwardFailure && set.forwardsOnly)
        #expect(set.escapeCharacter == .byte(0x1D))
        #expect(set.configDump.contains("gatewayports yes\nexitonforwardfailure yes\nsessiontype none\nescapechar ^]\n"))
        #expect(try Self.settings([], config: "SessionType none\nEscapeChar none\n").forwardsOnly)
        #expect(try Self.settings(["-e", "none"]).escapeCharacter == SSHEscapeCharacter.none)
        #expect(try Self.settings(["-e", "%"]).escapeCharacter == .byte(0x25))
        let cleared = try Self.settings(["-L", "1:h:2"], config: "ClearAllForwardings yes\nLocalForward 3 h:4\n")
        #expect(cleared.forwards.isEmpty)
    }

    @Test(arguments: [
        ("LocalForward 8080\n", "missing argument for localforward"),
        ("LocalForward 8080 a:1 b\n", "garbage at end of line after localforward"),
        ("DynamicForward 1080 x\n", "garbage at end of line after dynamicforward"),
        ("SessionType subsystem\n", "SessionType subsystem is not supported by rterm"),
        ("EscapeChar ab\n", "bad escape character 'ab' (one character, ^X or none)"),
    ])
    func badConfigLinesSayWhy(_ config: String, _ message: String) {
        #expect {
            try Self.settings([], config: config)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func dashNTakesNoCommandAndNoTerminal() throws {
        let log = SSHLog(verbosity: 0) { _ in }
        #expect(throws: SessionTargetError.usage("rterm: -N (SessionType none) runs no command; drop -N or the command")) {
            try SessionTarget.parse(["-F", "none", "-N", "h", "true"]).plan(
                terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true), environment: [:], log: log)
        }
        let plan = try SessionTarget.parse(["-F", "none", "-N", "h"]).plan(
            terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true), environment: [:], log: log)
        #expect(plan.forwardsOnly && !plan.hasTerminal && !plan.canReconnect)
        #expect(try SessionTarget.parse(["-F", "none", "-e", "none", "h"]).plan(
            terminal: TerminalRequest(size: (24, 80), inputIsTerminal: true), environment: [:], log: log).escapeCharacter == nil)
    }
}
