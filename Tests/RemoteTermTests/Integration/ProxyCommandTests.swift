import Foundation
import Testing

/// `ProxyCommand` against the test sshd: SSH carried over a small relay program's standard
/// input and output (`Scripts/test-proxy`), its standard error passed on, alone and as the way
/// to a jump host; a command that fails is one line and 255.
extension SSHIntegrationTests {
    @Suite struct ProxyCommandTests {
        static var proxy: String { "python3 " + TestSSHD.packageRoot + "/Scripts/test-proxy %h %p" }

        @Test func aSessionRunsThroughTheCommand() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            let result = try harness.rterm(["-o", "ProxyCommand=\(Self.proxy)"], "echo via-proxy; exit 3")
            #expect(result.status == 3, "\(result.errorOutput)")
            #expect(result.outputText == "via-proxy\n")
            #expect(result.errorOutput.contains("test-proxy: connected to 127.0.0.1:\(sshd.port)"))
        }

        @Test func aJumpHostReachedThroughItsCommand() throws {
            let sshd = try #require(TestSSHD.current)
            let harness = try SSHHarness.withTestKey(
                extraConfig: "Host viaproxy\n  HostName 127.0.0.1\n  Port \(sshd.port)\n  ProxyCommand \(Self.proxy)\n")
            defer { harness.remove() }
            let result = try harness.rterm(["-J", "viaproxy"], "echo through-both")
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "through-both\n")
            #expect(result.errorOutput.contains("test-proxy: connected"))
        }

        @Test func aFailingCommandIsOneLineAnd255() throws {
            let harness = try SSHHarness.withTestKey()
            defer { harness.remove() }
            // Run as `exec COMMAND`, as OpenSSH runs it: the shell is replaced by the command.
            let result = try harness.rterm(["-o", "ProxyCommand=sh -c 'echo no route >&2; exit 7'"], "true")
            #expect(result.status == 255)
            #expect(result.errorLines.last == "rterm: ProxyCommand 'sh -c 'echo no route >&2; exit 7'' exited with status 7 (run it by hand to see why; ProxyCommand none skips it)", "\(result.errorOutput)")
            #expect(result.errorOutput.contains("no route"))
        }
    }
}
