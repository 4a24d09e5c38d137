import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermSSH

/// Issue 55 item 4: least privilege for `rterm mcp`. `--no-local` refuses local commands and
/// every option of a target that runs a command here or has rterm use a file here;
/// `--targets FILE` refuses destinations the file does not list and options that lead
/// elsewhere. Decided on the agent's words alone, before anything connects.
@Suite struct MCPTargetPolicyTests {
    static var noLocal: MCPTargetPolicy {
        var policy = MCPTargetPolicy()
        policy.noLocal = true
        return policy
    }

    static func words(_ line: String) -> [String] { ShellWords.split(line) }

    @Test(arguments: [
        "--local -- sh -c true", "-o ProxyCommand='touch /tmp/x' host", "-oProxyCommand=nc %h %p host",
        "-o 'LocalCommand touch /tmp/x' -o PermitLocalCommand=yes host", "-vo KnownHostsCommand=/bin/x host",
        "-F /tmp/evil_config host", "-E /home/me/.bashrc host", "-o UserKnownHostsFile=/home/me/.bashrc host",
        "-o IdentityAgent=/tmp/other.sock host", "-o PKCS11Provider=/tmp/evil.so host", "-o match=exec host",
    ])
    func noLocalRefuses(_ line: String) {
        #expect(Self.noLocal.refusal(of: Self.words(line)) != nil, "\(line)")
    }

    @Test(arguments: [
        "host", "-p 2222 me@host", "-o ConnectTimeout=5 -o ServerAliveInterval=10 host", "-i match host",
        "-J jump host", "host echo ProxyCommand=x",
    ])
    func noLocalLets(_ line: String) {
        #expect(Self.noLocal.refusal(of: Self.words(line)) == nil, "\(line)")
    }

    @Test func anyTargetWithoutOptions() {
        let policy = MCPTargetPolicy()
        #expect(policy.refusal(of: Self.words("--local -- sh -c true")) == nil)
        #expect(policy.refusal(of: Self.words("-o ProxyCommand=x host")) == nil, "the default is ssh's")
    }

    @Test func targetsNamesTheDestinationsAllowed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("alice@web1\n-p 2222 db\nanyone  # any user, port 22 or other\n--local -- true\n", to: "targets")
        var policy = MCPTargetPolicy()
        policy.targets = try MCPTargetPolicy.targets(file: directory.path + "/targets").get()
        for allowed in ["alice@web1", "-l alice web1", "WEB1 -l alice", "-p 2222 db", "db -p 2222", "bob@anyone", "-p 99 anyone"] {
            #expect(policy.refusal(of: Self.words(allowed)) == nil, "\(allowed)")
        }
        for refused in ["bob@web1", "web1", "db", "-p 22 db", "web2", "-o HostName=evil alice@web1", "-J evil alice@web1",
                        "-o ProxyJump=evil alice@web1", "-o ProxyCommand=x alice@web1", "-F /tmp/alias_config alice@web1"] {
            #expect(policy.refusal(of: Self.words(refused)) != nil, "\(refused)")
        }
    }
}
