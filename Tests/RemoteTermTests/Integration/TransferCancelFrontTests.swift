import Foundation
import Testing

@testable import RemoteTermFront

/// A transfer under way goes through a slow link to the end, or is listed in ☰ and
/// cancelled from there: the interactive front
/// in-process, on the real clock, through a relay slowed to 1 MB/s so that the upload is
/// still going when ☰ is opened. (A cancel reads no more, and waits for the writes in flight,
/// up to the server's 2 MiB window, to be answered: libssh2 cannot take back a request.) The part copied stays (for `rterm cp -a`), the bar says
/// so, and the shell goes on.
extension SSHIntegrationTests {
    @Suite struct TransferCancelFrontTests {
        @Test(arguments: [false, true]) func aTransferIsListedInTheMenuAndCancelled(cancels: Bool) throws {
            let sshd = try #require(TestSSHD.current)
            let process = try RTermProcess()
            let knownHosts = process.home + "/known_hosts_relay"
            process.remove()
            let harness = try SSHHarness(knownHosts: knownHosts, extraConfig: "  IdentityFile \(sshd.keys)/id_ed25519\n")
            defer {
                harness.remove()
                try? FileManager.default.removeItem(atPath: sshd.userHome + "/big.bin")
            }
            let relay = try TestRelay(targetPort: try #require(Int(sshd.port)))
            let big = harness.process.home + "/big.bin"
            #expect(FileManager.default.createFile(atPath: big, contents: Data(repeating: 0x61, count: 12 << 20)))
            let front = try FrontHarness(rows: 30, columns: 100, realTime: true)
            front.start([try front.open(
                ["-F", harness.config, "-o", "StrictHostKeyChecking=accept-new", "-p", String(relay.port), "127.0.0.1"])])
            #expect(front.wait(seconds: 20) { front.text.dropLast().contains { $0.hasSuffix("$") || $0.hasSuffix("$ ") } }, "\(front.text)")
            try relay.throttle(bytesPerSecond: 1_000_000)

            front.type("\r~u")
            #expect(front.wait { front.barRow.contains("upload (Tab completes):") }, "\(front.barRow)")
            front.type(big + "\r")
            // The bar's first button says how far it is; the buttons stay.
            #expect(front.wait(seconds: 20) { front.barRow.contains("↑0%") && front.barRow.contains("☰") }, "\(front.barRow)")
            // Some of it acknowledged (1% is 120 KB, an eighth of a second at this rate).
            #expect(front.wait(seconds: 20) { front.barRow.range(of: "↑[1-9][0-9]?%", options: .regularExpression) != nil }, "\(front.barRow)")
            if !cancels {
                #expect(front.wait(seconds: 60) { front.barRow.contains("12.0 MiB copied to") }, "\(front.barRow)")
                return
            }
            try front.click("☰")
            #expect(front.wait { front.barRow.contains("[Hide bar]") }, "\(front.barRow)")
            // The transfers come after rterm's items and the sessions: the next page.
            if !front.barRow.contains("Cancel ↑ big.bin") { try front.click("›") }
            #expect(front.wait { front.barRow.contains("Cancel ↑ big.bin") }, "\(front.barRow)")
            try front.click("Cancel ↑ big.bin")
            #expect(front.wait(seconds: 40) { front.barMessage.contains("big.bin failed: cancelled (the ") }, "\(front.barMessage)")
            // What it says to do is there whole, and stays until dismissed.
            #expect(front.barMessage.contains("rterm cp -a completes it)"), "\(front.barMessage)")
            try relay.resume()
            let left = (try? FileManager.default.attributesOfItem(atPath: sshd.userHome + "/big.bin")[.size] as? Int) ?? nil
            #expect(left.map { $0 < 12 << 20 } == true, "the part copied stays: \(String(describing: left))")

            front.type("echo still-$((1+1))\r")
            #expect(front.wait(seconds: 20) { front.shows("still-2") }, "\(front.text)")
            front.type("exit\r")
            #expect(front.wait(seconds: 20) { front.workspace.isFinished })
        }
    }
}
