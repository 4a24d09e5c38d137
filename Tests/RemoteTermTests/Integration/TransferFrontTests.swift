import Foundation
import Testing

/// `~u` and `~d` end to end: rterm in a real tmux pane against the test sshd. The remote
/// shell reports its directory (OSC 7), so the upload lands there; while 32 MiB go up, the
/// shell still answers a command; the download comes to rterm's current directory; a file
/// that is not there is one line on the bar and the session goes on.
extension SSHIntegrationTests.InteractiveFrontTests {
    @Test func tildeUAndTildeDMoveFilesWhileTheShellAnswers() throws {
        defer { harness.remove() }
        let home = harness.process.home
        let shared = harness.shared
        let big = home + "/big.bin"
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        #expect(FileManager.default.createFile(atPath: big, contents: random.readData(ofLength: 32 << 20)))
        try random.close()
        _ = try harness.sharedFile("remote.txt", "from the server\n")
        let shell = "cd \(shared) && printf '\\\\033]7;file://box\(shared)\\\\033\\\\\\\\' && PS1='ok> ' bash --norc -i"
        let pane = try pane(shell, columns: 160, environment: "cd '\(home)' &&")
        defer { pane.kill() }
        #expect(try pane.waitFor("ok>"), "\((try? pane.screen()) ?? "")")

        try pane.keys("Enter")
        try pane.type("~u")
        #expect(try pane.waitFor("upload (Tab completes):"), "\((try? pane.screen()) ?? "")")
        try pane.type("bi")
        try pane.keys("Tab")
        #expect(try pane.waitFor("upload (Tab completes): big.bin"), "\((try? pane.screen()) ?? "")")
        try pane.keys("Enter")
        // The shell answers while the file goes up.
        try pane.type("echo answered-$((6*7))")
        try pane.keys("Enter")
        #expect(try pane.waitFor("answered-42", timeout: 30), "\((try? pane.screen()) ?? "")")
        #expect(try pane.waitFor("32.0 MiB copied to \(shared)/big.bin", timeout: 60), "\((try? pane.screen()) ?? "")")
        #expect(FileManager.default.contentsEqual(atPath: big, andPath: shared + "/big.bin"))

        try pane.keys("Enter")
        try pane.type("~d")
        #expect(try pane.waitFor("download (Tab completes):"), "\((try? pane.screen()) ?? "")")
        // Tab lists the shell's directory over the connection and completes the name.
        try pane.type("remo")
        try pane.keys("Tab")
        #expect(try pane.waitFor("download (Tab completes): remote.txt"), "\((try? pane.screen()) ?? "")")
        try pane.keys("Enter")
        #expect(try pane.waitFor("16 B copied to remote.txt"), "\((try? pane.screen()) ?? "")")
        #expect((try? String(contentsOfFile: home + "/remote.txt", encoding: .utf8)) == "from the server\n")

        try pane.keys("Enter")
        try pane.type("~d")
        #expect(try pane.waitFor("download (Tab completes):"))
        try pane.type("not-there.txt")
        try pane.keys("Enter")
        #expect(try pane.waitFor("not-there.txt failed: \(shared)/not-there.txt: No such file or directory"), "\((try? pane.screen()) ?? "")")
        try pane.type("exit")
        try pane.keys("Enter")
        try expectRestored(pane, status: "0")
    }
}
