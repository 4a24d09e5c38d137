import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct SSHConfigFileTests {
    /// A config, a host, and lines that `ssh -G` style output must (or must not) contain.
    struct ConfigCase: CustomTestStringConvertible, Sendable {
        var name: String
        var config: String
        var host: String
        var commandLine: [String] = []
        var systemConfig: String?
        var expected: [String]
        var absent: [String] = []
        var testDescription: String { name }
    }

    static let cases: [ConfigCase] = [
        ConfigCase(
            name: "defaults", config: "", host: "server",
            expected: [
                "host server", "user alice", "hostname server", "port 22", "identitiesonly no",
                "requesttty auto", "stricthostkeychecking ask", "serveralivecountmax 3",
                "serveraliveinterval 0", "identityfile /home/alice/.ssh/id_ed25519",
                "identityfile /home/alice/.ssh/id_ecdsa", "identityfile /home/alice/.ssh/id_rsa",
                "userknownhostsfile /home/alice/.ssh/known_hosts /home/alice/.ssh/known_hosts2",
                "connecttimeout none",
            ],
            absent: ["proxyjump", "identityagent", "sendenv", "setenv"]),
        ConfigCase(
            name: "Host * applies to every host", config: "Host *\n  User bob\n  Port 2200\n", host: "x",
            expected: ["user bob", "port 2200"]),
        ConfigCase(
            name: "several patterns and HostName %h",
            config: "Host web db\n  HostName %h.internal.example\n", host: "db",
            expected: ["host db", "hostname db.internal.example"]),
        ConfigCase(
            name: "first value wins across blocks",
            config: "Host db\n  Port 1\nHost *\n  Port 2\n  User u\n", host: "db",
            expected: ["port 1", "user u"]),
        ConfigCase(
            name: "a negated pattern excludes the host",
            config: "Host *.example.com !bad.example.com\n  User x\n", host: "bad.example.com",
            expected: ["user alice"]),
        ConfigCase(
            name: "a negated pattern leaves the others",
            config: "Host *.example.com !bad.example.com\n  User x\n", host: "good.example.com",
            expected: ["user x"]),
        ConfigCase(
            name: "? matches one character", config: "Host web?\n  User w\n", host: "web12",
            expected: ["user alice"]),
        ConfigCase(
            name: "Host patterns are case-sensitive; the host name is lower-cased",
            config: "Host FOO\n  User upper\n", host: "foo", expected: ["user alice", "hostname foo"]),
        ConfigCase(
            name: "upper-case host: Host matches as written, %h is lower-cased",
            config: "Host FOO\n  HostName real-%h.example.com\n", host: "FOO",
            expected: ["host FOO", "hostname real-foo.example.com"]),
        ConfigCase(
            name: "keywords in any case, '=' and quotes, trailing comments",
            config: "HOSTNAME=gateway.example.com\nport = 2022\nUser \"bob\" # a comment\n", host: "g",
            expected: ["hostname gateway.example.com", "port 2022", "user bob"]),
        ConfigCase(
            name: "a comment after Host patterns is not a pattern",
            config: "Host a # b\n  User fromA\n", host: "#", expected: ["user alice"]),
        ConfigCase(
            name: "% tokens and ~ in IdentityFile",
            config:
                "IdentityFile ~/.ssh/%r@%h:%p-%u-%n-%L-%l-%i\nIdentityFile %d/k_%%\nIdentityFile ~bob/key\n"
                + "IdentityFile ${KEYDIR}/id\nUser root\nHostName Real.Example\nPort 2\n",
            host: "Alias",
            expected: [
                "identityfile /home/alice/.ssh/root@real.example:2-alice-Alias-box-box.example.org-1000",
                "identityfile /home/alice/k_%", "identityfile /home/bob/key", "identityfile /keys/id",
            ],
            absent: ["identityfile /home/alice/.ssh/id_ed25519"]),
        ConfigCase(
            name: "IdentityFile accumulates, without repeats, after -i",
            config: "IdentityFile ~/.ssh/a\nHost *\n  IdentityFile ~/.ssh/b\n  IdentityFile ~/.ssh/a\n",
            host: "h", commandLine: ["-i", "/cli/key"],
            expected: [
                "identityfile /cli/key\nidentityfile /home/alice/.ssh/a\nidentityfile /home/alice/.ssh/b"
            ]),
        ConfigCase(
            name: "SendEnv accumulates; -PATTERN removes",
            config: "SendEnv LANG LC_*\nHost *\n  SendEnv EDITOR -LC_* RTERM_X\n", host: "h",
            expected: ["sendenv LANG\nsendenv EDITOR\nsendenv RTERM_X"], absent: ["sendenv LC_*"]),
        ConfigCase(
            name: "SetEnv: the first directive wins whole (OpenSSH 9.2)",
            config: "SetEnv A=1 B=\"two words\" A=dup\nSetEnv A=3 C=4\n", host: "h",
            expected: ["setenv A=1\nsetenv B=two words"],
            absent: ["setenv C=4", "setenv A=3", "setenv A=dup"]),
        ConfigCase(
            name: "UserKnownHostsFile with several files and tokens",
            config: "UserKnownHostsFile ~/kh1 /tmp/kh_%h_%p\nHostName target\n", host: "h",
            expected: ["userknownhostsfile /home/alice/kh1 /tmp/kh_target_22"]),
        ConfigCase(
            name: "UserKnownHostsFile none", config: "UserKnownHostsFile none\n", host: "h",
            expected: ["userknownhostsfile none"]),
        ConfigCase(
            name: "StrictHostKeyChecking accept-new", config: "StrictHostKeyChecking accept-new\n",
            host: "h",
            expected: ["stricthostkeychecking accept-new"]),
        ConfigCase(
            name: "StrictHostKeyChecking off is no", config: "StrictHostKeyChecking off\n", host: "h",
            expected: ["stricthostkeychecking false"]),
        ConfigCase(
            name: "times: ConnectTimeout 1m30s, ServerAliveInterval 1h",
            config:
                "ConnectTimeout 1m30s\nServerAliveInterval 1h\nServerAliveCountMax 5\nIdentitiesOnly yes\n",
            host: "h",
            expected: [
                "connecttimeout 90", "serveraliveinterval 3600", "serveralivecountmax 5",
                "identitiesonly yes",
            ]),
        ConfigCase(
            name: "RequestTTY from config; -t overrides", config: "RequestTTY no\n", host: "h",
            commandLine: ["-t"], expected: ["requesttty true"]),
        ConfigCase(
            name: "RequestTTY force", config: "RequestTTY force\n", host: "h",
            expected: ["requesttty force"]),
        ConfigCase(
            name: "ProxyJump with several hops", config: "ProxyJump me@jump1:2022,jump2\n", host: "h",
            expected: ["proxyjump me@jump1:2022,jump2"]),
        ConfigCase(
            name: "ProxyJump none stops later values",
            config: "Host h\n  ProxyJump none\nHost *\n  ProxyJump j\n",
            host: "h", expected: [], absent: ["proxyjump"]),
        ConfigCase(
            name: "IdentityAgent is expanded", config: "IdentityAgent ~/.agent/%u.sock\n", host: "h",
            expected: ["identityagent /home/alice/.agent/alice.sock"]),
        ConfigCase(
            name: "command line wins over config: -o, -p, -l",
            config: "User cfg\nPort 1\nHostName cfg.example\n", host: "h",
            commandLine: ["-o", "HostName=cli.example", "-p", "2", "-l", "cli"],
            expected: ["user cli", "port 2", "hostname cli.example"]),
        ConfigCase(
            name: "user@host wins over config", config: "User cfg\n", host: "bob@h",
            expected: ["user bob"]),
        ConfigCase(
            name: "user config before system config",
            config: "Port 1\n", host: "h", systemConfig: "Port 2\nUser sys\nHost *\n  SendEnv LANG\n",
            expected: ["port 1", "user sys", "sendenv LANG"]),
        ConfigCase(
            name: "Match host uses HostName; Match all",
            config:
                "Host alias\n  HostName real.lan\nMatch host *.lan\n  Port 99\nMatch all\n  User everyone\n",
            host: "alias", expected: ["hostname real.lan", "port 99", "user everyone"]),
        ConfigCase(
            name: "Match originalhost, user and negation",
            config: "Match originalhost alias user alice\n  Port 5\nMatch !host alias\n  User never\n",
            host: "alias", expected: ["port 5", "user alice"]),
        ConfigCase(
            name: "Match exec is not run: the block is ignored",
            config: "Match exec \"true\"\n  User fromexec\nHost *\n  User fromhost\n", host: "h",
            expected: ["user fromhost"]),
        ConfigCase(
            name: "Match final is false on rterm's single pass",
            config: "Match final\n  User fromfinal\n", host: "h", expected: ["user alice"]),
    ]

    @Test(arguments: cases)
    func resolves(_ testCase: ConfigCase) throws {
        let settings = try SSHConfigTestSupport.settings(
            testCase.config, host: testCase.host, commandLine: testCase.commandLine,
            systemConfig: testCase.systemConfig)
        let dump = settings.configDump
        for line in testCase.expected {
            // Each expected block must be whole lines of the dump.
            #expect(("\n" + dump).contains("\n" + line + "\n"), "missing '\(line)' in:\n\(dump)")
        }
        for line in testCase.absent {
            #expect(!dump.contains(line), "unexpected '\(line)' in:\n\(dump)")
        }
    }

    @Test func unknownOptionsAreIgnoredAndListed() throws {
        let config = """
            VisualHostKey yes
            CheckHostIP yes
            FooBar 1
            Host other
              ProxyCommand nc %h %p
            Host *
              ControlMaster auto
              Port 2200
            """
        let settings = try SSHConfigTestSupport.settings(config, host: "h")
        #expect(settings.port == 2200)
        #expect(settings.ignoredOptions == ["visualhostkey", "checkhostip", "foobar", "controlmaster"])
        #expect(
            settings.notes.contains("config line 1: visualhostkey is not implemented by rterm; ignored"))
        #expect(settings.notes.contains("config line 3: foobar is not an OpenSSH option; ignored"))
        // An option in a block that does not apply is neither listed nor noted.
        #expect(!settings.notes.contains { $0.contains("proxycommand") })
    }

    @Test func matchNotesSayWhatWasIgnored() throws {
        let settings = try SSHConfigTestSupport.settings(
            "Match exec \"test -f /x\"\n  User y\n", host: "h")
        #expect(
            settings.notes == ["config line 1: Match exec is not supported by rterm; block ignored"])
    }

    @Test func resolvedValuesAreTyped() throws {
        let config = """
            Host h
              HostName 10.1.2.3
              SetEnv RTERM_A=1
              ProxyJump alice@j1:2022,ssh://j2,[fe80::1]:23
              IdentityAgent none
            """
        let settings = try SSHConfigTestSupport.settings(config, host: "h")
        #expect(settings.hostName == "10.1.2.3")
        #expect(settings.setEnv == [SSHEnvironmentVariable(name: "RTERM_A", value: "1")])
        #expect(
            settings.proxyJump == [
                SSHDestination(user: "alice", host: "j1", port: 2022), SSHDestination(host: "j2"),
                SSHDestination(host: "fe80::1", port: 23),
            ])
        #expect(settings.proxyJump.map(\.description) == ["alice@j1:2022", "j2", "[fe80::1]:23"])
        #expect(settings.identityFilesAreDefaults)
        #expect(settings.agentSocketPath(environment: ["SSH_AUTH_SOCK": "/a"]) == nil)
    }

    static let agentCases: [(String?, String?)] = [
        (nil, "/run/agent.sock"), ("SSH_AUTH_SOCK", "/run/agent.sock"),
        ("$OTHER_AGENT", "/run/other.sock"),
        ("/tmp/s", "/tmp/s"), ("none", nil),
    ]

    @Test(arguments: agentCases)
    func agentSocket(identityAgent: String?, expected: String?) throws {
        let config = identityAgent.map { "IdentityAgent \($0)\n" } ?? ""
        let settings = try SSHConfigTestSupport.settings(config, host: "h")
        #expect(
            settings.agentSocketPath(environment: SSHConfigTestSupport.context.environment) == expected)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var name: String
        var config: String
        var expected: SSHConfigError
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            name: "bad port", config: "\nPort x\n",
            expected: .badLine(file: "config", line: 2, message: "bad port 'x'")),
        ErrorCase(
            name: "bad value in a block that does not apply is still an error",
            config: "Host nothere\n  Port 70000\n",
            expected: .badLine(file: "config", line: 2, message: "bad port '70000'")),
        ErrorCase(
            name: "unbalanced quotes", config: "User \"bob\n",
            expected: .badLine(file: "config", line: 1, message: "invalid quotes")),
        ErrorCase(
            name: "missing value", config: "Port\n",
            expected: .badLine(file: "config", line: 1, message: "no argument after keyword \"port\"")),
        ErrorCase(
            name: "two values for a single-value option", config: "User a b\n",
            expected: .badLine(file: "config", line: 1, message: "garbage at end of line after user a")),
        ErrorCase(
            name: "bad SetEnv", config: "SetEnv NOVALUE\n",
            expected: .badLine(
                file: "config", line: 1, message: "invalid SetEnv 'NOVALUE' (expected NAME=value)")),
        ErrorCase(
            name: "bad time", config: "ConnectTimeout 5x\n",
            expected: .badLine(file: "config", line: 1, message: "invalid time value '5x'")),
        ErrorCase(
            name: "bad StrictHostKeyChecking", config: "StrictHostKeyChecking maybe\n",
            expected: .badLine(
                file: "config", line: 1,
                message: "unsupported value 'maybe' (expected yes, no, ask or accept-new)")),
        ErrorCase(
            name: "unknown % token", config: "IdentityFile ~/.ssh/%Z\n",
            expected: .expansion(
                option: "identityfile", message: "unknown key %Z in '/home/alice/.ssh/%Z'")),
        ErrorCase(
            name: "undefined ${VAR}", config: "IdentityFile ${NOPE}/k\n",
            expected: .expansion(
                option: "identityfile",
                message: "environment variable ${NOPE} is not defined (in '${NOPE}/k')")),
    ]

    @Test(arguments: errorCases)
    func rejects(_ testCase: ErrorCase) {
        #expect(throws: testCase.expected) {
            _ = try SSHConfigTestSupport.settings(testCase.config, host: "h")
        }
    }

    @Test func errorMessagesAreOneLine() {
        let error = SSHConfigError.badLine(
            file: "/home/a/.ssh/config", line: 7, message: "bad port 'x'")
        #expect(
            error.description
                == "rterm: /home/a/.ssh/config line 7: bad port 'x' (fix or remove that line)")
    }
}
