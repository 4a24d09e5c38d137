import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct SSHCommandLineTests {
    @Test func plainDestinationAndCommand() throws {
        let parsed = try SSHCommandLine.parse(["bob@example.com", "ls", "-l", "/tmp"])
        #expect(parsed.action == .connect)
        #expect(parsed.destination == SSHDestination(user: "bob", host: "example.com"))
        #expect(parsed.values.user == "bob")
        #expect(parsed.remoteCommand == ["ls", "-l", "/tmp"])
    }

    @Test func combinedFlagsAndAttachedValues() throws {
        let parsed = try SSHCommandLine.parse([
            "-vvtp2222", "-lroot", "-oUser=ignored", "-i", "~/k", "-Fcfg", "h",
        ])
        #expect(parsed.verbosity == 2)
        #expect(parsed.values.requestTTY == .yes)
        #expect(parsed.values.port == 2222)
        #expect(parsed.values.user == "root")
        #expect(parsed.values.identityFiles == ["~/k"])
        #expect(parsed.configFile == "cfg")
        #expect(parsed.destination?.host == "h")
    }

    @Test(arguments: [
        ["-o", "Port=2"], ["-o", "Port 2"], ["-o", "port = 2"], ["-oPort=2"], ["-o", "  Port=2"],
    ])
    func configOptionForms(_ arguments: [String]) throws {
        #expect(try SSHCommandLine.parse(arguments + ["h"]).values.port == 2)
    }

    @Test func optionsAfterTheHostAsInOpenSSH() throws {
        // `ssh host -p 2222 -l bob cmd -x`: ssh parses options after the host too, until
        // the first word that is not an option.
        let parsed = try SSHCommandLine.parse(["host", "-p", "2222", "-l", "bob", "cmd", "-x"])
        #expect(parsed.values.port == 2222)
        #expect(parsed.values.user == "bob")
        #expect(parsed.remoteCommand == ["cmd", "-x"])
    }

    @Test func doubleDashEndsOptions() throws {
        let before = try SSHCommandLine.parse(["-v", "--", "host", "-p", "1"])
        #expect(before.remoteCommand == ["-p", "1"])
        #expect(before.values.port == nil)
        let after = try SSHCommandLine.parse(["host", "--", "-v"])
        #expect(after.remoteCommand == ["-v"])
        #expect(after.verbosity == 0)
    }

    @Test func firstValueWinsInArgumentOrder() throws {
        #expect(try SSHCommandLine.parse(["-p", "1", "-p", "2", "h"]).values.port == 1)
        #expect(try SSHCommandLine.parse(["-o", "Port=3", "-p", "4", "h"]).values.port == 3)
        #expect(try SSHCommandLine.parse(["-l", "a", "b@h"]).values.user == "a")
        #expect(try SSHCommandLine.parse(["b@h", "-l", "a"]).values.user == "b")
        #expect(try SSHCommandLine.parse(["-p", "7", "ssh://u@h:8"]).values.port == 7)
        #expect(try SSHCommandLine.parse(["ssh://u@h:8"]).values.port == 8)
        #expect(
            try SSHCommandLine.parse(["-i", "a", "-i", "b", "-o", "IdentityFile=a", "h"]).values
                .identityFiles
                == ["a", "b"])
    }

    @Test(arguments: [
        (["-t"], RequestTTY.yes), (["-t", "-t"], .force), (["-tt"], .force), (["-T"], .no),
        (["-t", "-T"], .no),
        (["-T", "-t"], .yes), (["-o", "RequestTTY=yes", "-t"], .force),
        (["-t", "-o", "RequestTTY=no"], .yes),
    ])
    func ttyFlags(_ arguments: [String], expected: RequestTTY) throws {
        #expect(try SSHCommandLine.parse(arguments + ["h"]).values.requestTTY == expected)
    }

    @Test func jumpHosts() throws {
        let parsed = try SSHCommandLine.parse(["-J", "me@j1:2022,j2", "h"])
        #expect(
            parsed.values.proxyJump == [
                SSHDestination(user: "me", host: "j1", port: 2022), SSHDestination(host: "j2"),
            ])
        #expect(parsed.values.proxyJumpText == "me@j1:2022,j2")
    }

    @Test func immediateActions() throws {
        #expect(try SSHCommandLine.parse(["-V"]).action == .showVersion)
        #expect(try SSHCommandLine.parse(["-V", "-Z"]).action == .showVersion)
        #expect(try SSHCommandLine.parse(["--version"]).action == .showVersion)
        #expect(try SSHCommandLine.parse(["-h"]).action == .showHelp)
        #expect(try SSHCommandLine.parse(["--help", "x"]).action == .showHelp)
        #expect(try SSHCommandLine.parse(["-vh"]).action == .showHelp)
        let printConfig = try SSHCommandLine.parse(["-G", "h"])
        #expect(printConfig.action == .printConfiguration)
        #expect(SSHCommandLine.usage.contains("ProxyJump"))
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var expected: SSHCommandLineError
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            arguments: ["-Z", "h"], expected: .unknownOption("Z"),
            message: "rterm: unknown option -- Z (see rterm -h)"),
        ErrorCase(
            arguments: ["-vZ", "h"], expected: .unknownOption("Z"),
            message: "rterm: unknown option -- Z (see rterm -h)"),
        ErrorCase(
            arguments: ["-W", "host:22", "h"],
            expected: .unsupportedOption("W", feature: "stdio forwarding"),
            message:
                "rterm: option -W (stdio forwarding) is not supported by rterm; use ssh for that"),
        ErrorCase(
            arguments: ["-L", "8080", "h"],
            expected: .badValue("L", message: "bad forwarding specification '8080' (expected [bind_address:]port:host:hostport)"),
            message: "rterm: -L: bad forwarding specification '8080' (expected [bind_address:]port:host:hostport)"),
        ErrorCase(
            arguments: ["-X", "h"], expected: .unsupportedOption("X", feature: "X11 forwarding"),
            message: "rterm: option -X (X11 forwarding) is not supported by rterm; use ssh for that"),
        ErrorCase(
            arguments: ["h", "-p"], expected: .missingArgument("p"),
            message: "rterm: option requires an argument -- p"),
        ErrorCase(
            arguments: ["--verbose", "h"], expected: .unknownLongOption("--verbose"),
            message: "rterm: unknown option '--verbose' (see rterm -h)"),
        ErrorCase(
            arguments: ["-p", "x", "h"], expected: .badPort("x"),
            message: "rterm: bad port 'x' (a port is a number from 1 to 65535)"),
        ErrorCase(
            arguments: ["-p0", "h"], expected: .badPort("0"),
            message: "rterm: bad port '0' (a port is a number from 1 to 65535)"),
        ErrorCase(
            arguments: ["-p", "65536", "h"], expected: .badPort("65536"),
            message: "rterm: bad port '65536' (a port is a number from 1 to 65535)"),
        ErrorCase(
            arguments: ["-o", "Foo=bar", "h"], expected: .unknownConfigOption("Foo"),
            message: "rterm: unknown -o option 'Foo' (see rterm -h for the options rterm knows)"),
        ErrorCase(
            arguments: ["-oCiphers=aes128-ctr", "h"], expected: .unsupportedConfigOption("Ciphers"),
            message: "rterm: -o option 'Ciphers' is an OpenSSH option that rterm does not implement"),
        ErrorCase(
            arguments: ["-o", "Port=x", "h"],
            expected: .badConfigOption("Port=x", message: "bad port 'x'"),
            message: "rterm: -o 'Port=x': bad port 'x'"),
        ErrorCase(
            arguments: ["-o", "Host=x", "h"],
            expected: .badConfigOption("Host=x", message: "Host is not allowed with -o"),
            message: "rterm: -o 'Host=x': Host is not allowed with -o"),
        ErrorCase(
            arguments: ["-o", "User=\"x", "h"],
            expected: .badConfigOption("User=\"x", message: "invalid quotes"),
            message: "rterm: -o 'User=\"x': invalid quotes"),
        ErrorCase(
            arguments: ["-J", "a:b", "h"], expected: .badJumpHost("a:b"),
            message:
                "rterm: invalid -J argument 'a:b' (expected [user@]host[:port], hops separated by commas)"),
        ErrorCase(
            arguments: ["-o", "ProxyJump=x", "-J", "y", "h"], expected: .multipleJumpHosts,
            message:
                "rterm: only a single -J option is permitted (separate several jump hops with commas)"),
        ErrorCase(
            arguments: ["-l", "", "h"], expected: .emptyUser,
            message: "rterm: -l needs a non-empty user name"),
        ErrorCase(
            arguments: ["-v"], expected: .missingDestination,
            message: "rterm: no destination given (usage: rterm [options] [user@]host [command ...])"),
        ErrorCase(
            arguments: ["-G"], expected: .missingDestination,
            message: "rterm: no destination given (usage: rterm [options] [user@]host [command ...])"),
        ErrorCase(
            arguments: ["--", "-p"], expected: .invalidDestination("-p"),
            message: "rterm: invalid destination '-p' (expected [user@]host or ssh://[user@]host[:port])"),
        ErrorCase(
            arguments: ["@host"], expected: .invalidDestination("@host"),
            message:
                "rterm: invalid destination '@host' (expected [user@]host or ssh://[user@]host[:port])"),
        ErrorCase(
            arguments: ["ho;st"], expected: .invalidDestination("ho;st"),
            message:
                "rterm: invalid destination 'ho;st' (expected [user@]host or ssh://[user@]host[:port])"),
    ]

    @Test(arguments: errorCases)
    func rejects(_ testCase: ErrorCase) {
        #expect(throws: testCase.expected) { _ = try SSHCommandLine.parse(testCase.arguments) }
        #expect(testCase.expected.description == testCase.message)
    }

    @Test(arguments: [
        ("host", SSHDestination(host: "host")), ("u@h", SSHDestination(user: "u", host: "h")),
        ("a@b@h", SSHDestination(user: "a@b", host: "h")), ("ssh://h", SSHDestination(host: "h")),
        ("ssh://u@h:2222", SSHDestination(user: "u", host: "h", port: 2222)),
        ("ssh://[::1]:22/", SSHDestination(host: "::1", port: 22)),
        ("::1", SSHDestination(host: "::1")),
    ])
    func destinations(_ text: String, expected: SSHDestination) {
        #expect(SSHDestination.parse(text) == expected)
    }
}
