import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// ssh's everyday flags that drop-in use needs: taken, and mapped to their settings.
@Suite struct EverydayFlagsTests {
    static func settings(_ arguments: [String], config: String = "") throws -> SSHSettings {
        try SSHConfigTestSupport.settings(config, host: "h", commandLine: arguments)
    }

    @Test func addressFamilyCompressionAgentAndLogLevel() throws {
        #expect(try Self.settings(["-4"]).addressFamily == AF_INET)
        #expect(try Self.settings(["-6"]).addressFamily == AF_INET6)
        #expect(try Self.settings(["-o", "AddressFamily=inet6"]).addressFamily == AF_INET6)
        #expect(try Self.settings([]).addressFamily == AF_UNSPEC)
        #expect(try Self.settings(["-C"]).compression)
        #expect(try Self.settings([], config: "Compression yes\n").compression)
        #expect(try Self.settings(["-A"]).forwardAgent)
        #expect(try Self.settings([], config: "ForwardAgent no\n").forwardAgent == false)
        #expect(try Self.settings(["-q"]).logVerbosity == -1)
        #expect(try Self.settings(["-o", "LogLevel=DEBUG2"]).logVerbosity == 2)
        #expect(try Self.settings([]).logVerbosity == nil)
    }

    @Test func theLogFileAndACombinedRun() throws {
        let line = try SSHCommandLine.parse(["-qC4", "-E", "/tmp/log", "h", "uptime"])
        #expect(line.logFile == "/tmp/log")
        #expect(line.values.compression == true)
        #expect(line.values.addressFamily == "inet")
        #expect(line.values.logLevel == "QUIET")
        #expect(line.remoteCommand == ["uptime"])
    }

    @Test func remoteCommandRunsWhenTheCommandLineHasNone() throws {
        let settings = try Self.settings([], config: "Host h\n  User bob\n  RemoteCommand tmux attach -t \"%r's\"\n")
        #expect(settings.remoteCommand == "tmux attach -t \"bob's\"")
        let target = try SessionTarget.parse(["-F", "none", "-o", "RemoteCommand=echo %n", "h"])
        let plan = try target.plan(
            terminal: TerminalRequest(size: (24, 80), inputIsTerminal: false), environment: [:],
            log: SSHLog(verbosity: 0) { _ in })
        guard case .ssh(let request, _) = plan.route else { return }
        #expect(request.command == "echo h")
    }

    @Test func quietSilencesWarnings() {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let log = SSHLog(verbosity: -1) { lines.all.append($0) }
        log.warn("a warning")
        log.debug("a debug line")
        #expect(lines.all.isEmpty)
    }

    @Test(arguments: [["-o", "AddressFamily=ipx", "h"], ["-o", "LogLevel=LOUD", "h"]])
    func badValuesAreOneLine(arguments: [String]) {
        #expect(throws: SSHCommandLineError.self) { try SSHCommandLine.parse(arguments) }
    }
}

/// The changed-host-key hint names the known_hosts file when it is not the default one.
@Suite struct KnownHostsHintTests {
    @Test func theHintNamesAFileOtherThanTheDefault() {
        let endpoint = SSHEndpoint(host: "h", port: 2222, user: "u")
        func message(_ file: String) -> String {
            SSHError.hostKeyChanged(
                endpoint, keyType: "ssh-ed25519", fingerprint: "SHA256:x", location: KnownHostsLocation(file: file, line: 3)
            ).description
        }
        #expect(message("/home/u/.ssh/known_hosts").hasSuffix("with ssh-keygen -R '[h]:2222'"))
        #expect(message("/work/known_hosts.test").hasSuffix("with ssh-keygen -R '[h]:2222' -f '/work/known_hosts.test'"))
    }

    @Test func globalKnownHostsFiles() throws {
        #expect(try EverydayFlagsTests.settings([]).globalKnownHostsFiles == ["/etc/ssh/ssh_known_hosts", "/etc/ssh/ssh_known_hosts2"])
        #expect(try EverydayFlagsTests.settings([], config: "GlobalKnownHostsFile /a ~/b\n").globalKnownHostsFiles.first == "/a")
        #expect(try EverydayFlagsTests.settings(["-o", "GlobalKnownHostsFile=none"]).globalKnownHostsFiles.isEmpty)
        #expect(try EverydayFlagsTests.settings([]).configDump.contains("globalknownhostsfile /etc/ssh/ssh_known_hosts /etc/ssh/ssh_known_hosts2\n"))
    }
}
