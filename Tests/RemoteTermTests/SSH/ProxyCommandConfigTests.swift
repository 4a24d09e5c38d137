import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `ProxyCommand` in config files and `-o`: taken whole (quotes kept for the shell), OpenSSH's
/// `%h %p %r %n %%` expanded, `none` honoured, the first value winning.
@Suite struct ProxyCommandConfigTests {
    @Test func theCommandIsTakenWholeAndExpanded() throws {
        let settings = try SSHConfigTestSupport.settings(
            "Host box\n  HostName box.internal\n  User bob\n  Port 2222\n"
                + "  ProxyCommand sh -c \"nc -X 5 -x proxy:1080 %h %p\" # %r@%n 100%%\n",
            host: "box")
        #expect(settings.proxyCommand == "sh -c \"nc -X 5 -x proxy:1080 box.internal 2222\" # bob@box 100%")
        #expect(settings.configDump.contains("proxycommand sh -c \"nc -X 5 -x proxy:1080 box.internal 2222\""))
    }

    @Test func theCommandLineWinsAndNoneTurnsItOff() throws {
        let config = "Host *\n  ProxyCommand ssh -W %h:%p bastion\n"
        #expect(try SSHConfigTestSupport.settings(config, host: "h").proxyCommand == "ssh -W h:22 bastion")
        #expect(try SSHConfigTestSupport.settings(config, host: "h", commandLine: ["-o", "ProxyCommand=none"]).proxyCommand == nil)
        #expect(
            try SSHConfigTestSupport.settings(config, host: "h", commandLine: ["-o", "ProxyCommand nc %h %p"]).proxyCommand
                == "nc h 22")
    }

    @Test func anUnknownTokenIsAConfigError() {
        #expect(throws: SSHConfigError.self) {
            try SSHConfigTestSupport.settings("Host *\n  ProxyCommand nc %h %q\n", host: "h")
        }
    }
}
