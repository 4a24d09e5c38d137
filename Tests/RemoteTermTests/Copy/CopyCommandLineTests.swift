import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermSSH

/// `rterm cp`'s command line, in-process: which side of a word is remote (scp's rules), the
/// flags and the ssh words they become, the mistakes (each its own line, then the usage), the
/// direction and the connection's words. No network.
@Suite struct CopyCommandLineTests {
    // MARK: CopyLocation

    @Test(arguments: [
        ("host:path", CopyLocation.remote(user: nil, host: "host", path: "path")),
        ("host:", .remote(user: nil, host: "host", path: "")),
        ("host:/abs/file", .remote(user: nil, host: "host", path: "/abs/file")),
        ("user@host:path", .remote(user: "user", host: "host", path: "path")),
        ("user@host:", .remote(user: "user", host: "host", path: "")),
        // A user name may hold an @: the host starts after the last one.
        ("a@b@host:p", .remote(user: "a@b", host: "host", path: "p")),
        ("user@[::1]:path", .remote(user: "user", host: "::1", path: "path")),
        ("[::1]:path", .remote(user: nil, host: "::1", path: "path")),
        ("[fe80::1%eth0]:", .remote(user: nil, host: "fe80::1%eth0", path: "")),
        // Only the first colon ends the host; the path keeps the others.
        ("a:b/c", .remote(user: nil, host: "a", path: "b/c")),
        ("host:a:b", .remote(user: nil, host: "host", path: "a:b")),
        // A slash before the first colon: a local path.
        ("./a:b", .local("./a:b")),
        ("dir/a:b", .local("dir/a:b")),
        ("dir/[x]:y", .local("dir/[x]:y")),
        ("/abs/path", .local("/abs/path")),
        ("/abs/a:b", .local("/abs/a:b")),
        ("file", .local("file")),
        ("", .local("")),
        // No host before the colon: local.
        (":path", .local(":path")),
        ("user@:path", .local("user@:path")),
        // A bracket that is not an address followed by a colon: local.
        ("[::1]", .local("[::1]")),
        ("[::1:path", .local("[::1:path")),
    ])
    func aWordIsLocalOrRemoteAsScpReadsIt(word: String, location: CopyLocation) {
        #expect(CopyLocation(word) == location)
    }

    @Test(arguments: [
        (CopyLocation.remote(user: nil, host: "h", path: "p"), true, "p"),
        (.remote(user: "u", host: "h", path: ""), true, ""),
        (.local("a/b"), false, "a/b"),
    ])
    func aLocationSaysItsSideAndPath(location: CopyLocation, isRemote: Bool, path: String) {
        #expect(location.isRemote == isRemote)
        #expect(location.path == path)
    }

    // MARK: Flags and ssh words

    @Test(arguments: [
        // (words, recursive, resume, preserve, quiet, ssh options)
        (["a", "h:"], false, false, false, false, [String]()),
        (["-r", "a", "h:"], true, false, false, false, []),
        (["-a", "a", "h:"], false, true, false, false, []),
        (["-p", "a", "h:"], false, false, true, false, []),
        (["-q", "a", "h:"], false, false, false, true, []),
        (["-rp", "a", "h:"], true, false, true, false, []),
        (["-rapq", "a", "h:"], true, true, true, true, []),
        (["-r", "-a", "-p", "-q", "a", "h:"], true, true, true, true, []),
        // -P is the port (ssh's -p); its value glued or in the next word.
        (["-P", "2222", "a", "h:"], false, false, false, false, ["-p", "2222"]),
        (["-P2222", "a", "h:"], false, false, false, false, ["-p", "2222"]),
        (["-rP", "2222", "a", "h:"], true, false, false, false, ["-p", "2222"]),
        (["-o", "ConnectTimeout=3", "a", "h:"], false, false, false, false, ["-o", "ConnectTimeout=3"]),
        (["-oConnectTimeout=3", "a", "h:"], false, false, false, false, ["-o", "ConnectTimeout=3"]),
        (["-i", "/k/id", "a", "h:"], false, false, false, false, ["-i", "/k/id"]),
        (["-F", "/c/config", "a", "h:"], false, false, false, false, ["-F", "/c/config"]),
        (["-J", "jump", "a", "h:"], false, false, false, false, ["-J", "jump"]),
        (["-c", "aes128-ctr", "a", "h:"], false, false, false, false, ["-c", "aes128-ctr"]),
        (["-B", "a", "h:"], false, false, false, false, ["-o", "BatchMode=yes"]),
        (["-v", "-C", "-4", "-6", "a", "h:"], false, false, false, false, ["-v", "-C", "-4", "-6"]),
        (["-vv", "a", "h:"], false, false, false, false, ["-v", "-v"]),
        // In the order given, flags between operands included.
        (["-F", "cfg", "a", "-B", "-P", "22", "h:"], false, false, false, false,
         ["-F", "cfg", "-o", "BatchMode=yes", "-p", "22"]),
    ])
    func flagsAndSSHOptions(
        words: [String], recursive: Bool, resume: Bool, preserve: Bool, quiet: Bool, ssh: [String]
    ) throws {
        let line = try CopyCommandLine.parse(words)
        #expect(line.recursive == recursive)
        #expect(line.resume == resume)
        #expect(line.preserve == preserve)
        #expect(line.quiet == quiet)
        #expect(line.sshOptions == ssh)
        #expect(line.sources == [.local("a")])
        #expect(line.target == .remote(user: nil, host: "h", path: ""))
    }

    @Test func afterDoubleDashEveryWordIsAnOperand() throws {
        let line = try CopyCommandLine.parse(["-r", "--", "-p", "-file", "h:dir"])
        #expect(line.recursive && !line.preserve)
        #expect(line.sources == [.local("-p"), .local("-file")])
        #expect(line.target == .remote(user: nil, host: "h", path: "dir"))
        #expect(line.sshOptions.isEmpty)
        // A lone "-" is an operand too.
        #expect(try CopyCommandLine.parse(["-", "h:x"]).sources == [.local("-")])
    }

    // MARK: Direction, destination and the connection's words

    @Test(arguments: [
        (["a", "b", "user@host:dir"], CopyCommandLine.Direction.upload, "user@host",
         [CopyLocation.local("a"), .local("b")]),
        (["a", "host:"], .upload, "host", [.local("a")]),
        (["host:x", "."], .download, "host", [.remote(user: nil, host: "host", path: "x")]),
        (["u@[::1]:x", "u@[::1]:y", "out"], .download, "u@[::1]",
         [.remote(user: "u", host: "::1", path: "x"), .remote(user: "u", host: "::1", path: "y")]),
        (["a", "[::1]:"], .upload, "[::1]", [.local("a")]),
    ])
    func directionAndDestination(
        words: [String], direction: CopyCommandLine.Direction, destination: String, sources: [CopyLocation]
    ) throws {
        let line = try CopyCommandLine.parse(words)
        #expect(line.direction == direction)
        #expect(line.destination == destination)
        #expect(line.sources == sources)
    }

    @Test func sshWordsAreTheOptionsThenNoTerminalThenTheHost() throws {
        let line = try CopyCommandLine.parse(
            ["-r", "-P", "2222", "-i", "id", "-F", "cfg", "-J", "j", "-o", "A=b", "-B", "d", "me@host:x"])
        #expect(
            line.sshWords == [
                "-p", "2222", "-i", "id", "-F", "cfg", "-J", "j", "-o", "A=b", "-o", "BatchMode=yes", "-T", "me@host",
            ])
        #expect(try CopyCommandLine.parse(["[::1]:x", "."]).sshWords == ["-T", "[::1]"])
    }

    /// The ssh words are what `rterm host` parses: the port, identity, config, jump host and
    /// options arrive where ssh's command line puts them.
    @Test func sshWordsParseAsAnSSHCommandLine() throws {
        let line = try CopyCommandLine.parse(
            ["-P", "2222", "-i", "/k/id", "-J", "jump", "-o", "ConnectTimeout=7", "-B", "a", "me@example.com:x"])
        let parsed = try SSHCommandLine.parse(line.sshWords)
        #expect(parsed.destination == SSHDestination(user: "me", host: "example.com"))
        #expect(parsed.values.port == 2222)
        #expect(parsed.values.identityFiles == ["/k/id"])
        #expect(parsed.values.proxyJump == [SSHDestination(host: "jump")])
        #expect(parsed.values.connectTimeout == 7)
        #expect(parsed.values.batchMode == true)
        #expect(parsed.values.requestTTY == .no)
        #expect(parsed.remoteCommand.isEmpty)
    }

    // MARK: Mistakes

    static let bothRemote =
        "rterm cp: both sides are remote; copies between two hosts go through this machine: download, then upload"

    @Test(arguments: [
        (["-z", "a", "h:"], "rterm cp: unknown option -z"),
        (["-rx", "a", "h:"], "rterm cp: unknown option -x"),
        (["--recursive", "a", "h:"], "rterm cp: unknown option --"),
        (["a", "h:", "-P"], "rterm cp: -P needs a value"),
        (["a", "h:", "-o"], "rterm cp: -o needs a value"),
        ([], "rterm cp: give at least one SOURCE and a TARGET"),
        (["h:file"], "rterm cp: give at least one SOURCE and a TARGET"),
        (["-r", "--"], "rterm cp: give at least one SOURCE and a TARGET"),
        (["h:a", "h:b"], Self.bothRemote),
        (["a", "h:a", "g:b"], Self.bothRemote),
        (["a", "b"], "rterm cp: no remote side: write one side as [user@]host:path"),
        (["./a:b", "/c:d"], "rterm cp: no remote side: write one side as [user@]host:path"),
        (["h:a", "b", "c"], "rterm cp: the sources mix local and remote paths: copy one way at a time"),
        (["b", "h:a", "c"], "rterm cp: the sources mix local and remote paths: copy one way at a time"),
        (["h1:a", "h2:b", "c"], "rterm cp: the sources are on more than one host: copy from one host at a time"),
        (["u@h:a", "h:b", "c"], "rterm cp: the sources are on more than one host: copy from one host at a time"),
        (["--", "a", "-oProxyCommand=x:y"], "rterm cp: '-oProxyCommand=x' is not a host name"),
        (["--", "-o:x", "."], "rterm cp: '-o' is not a host name"),
    ])
    func aMistakeIsOneLineThenTheUsage(words: [String], message: String) {
        #expect(throws: CopyUsageError(message)) { try CopyCommandLine.parse(words) }
        #expect(CopyUsageError(message).description == message + "\n" + CopyCommandLine.usage)
    }

    @Test func theUsageNamesEveryFlag() {
        for flag in ["-r", "-a", "-p", "-q", "-v", "-P port", "-i identity", "-F config", "-J jump", "-o option"] {
            #expect(CopyCommandLine.usage.contains("[\(flag)]"), "\(flag)")
        }
        #expect(CopyCommandLine.usage.hasPrefix("usage: rterm cp "))
        #expect(CopyCommandLine.usage.hasSuffix("SOURCE... TARGET"))
    }

    // MARK: The command's exit status before it connects

    /// Lines said by a command, from whichever thread says them.
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var said: [String] = []
        func append(_ line: String) { lock.withLock { said.append(line) } }
        var lines: [String] { lock.withLock { said } }
    }

    /// What `rterm cp` says and returns for words that never reach the network.
    private func run(_ words: [String]) -> (status: Int32, said: [String]) {
        let said = Said()
        let status = CopyCommand.run(arguments: words, environment: ["HOME": NSTemporaryDirectory()]) {
            said.append($0)
        }
        return (status, said.lines)
    }

    @Test(arguments: [
        (["a", "b"], "rterm cp: no remote side: write one side as [user@]host:path"),
        (["-z", "a", "h:"], "rterm cp: unknown option -z"),
    ])
    func aCommandLineMistakeIsStatusTwoWithTheUsage(words: [String], message: String) {
        let (status, said) = run(words)
        #expect(status == 2)
        #expect(said == [message + "\n" + CopyCommandLine.usage])
    }

    /// ssh's own checks of the options passed through: also status 2, one line.
    @Test(arguments: [["-P", "abc", "a", "h:"], ["-o", "Bogus=1", "a", "h:"]])
    func aBadSSHOptionIsStatusTwo(words: [String]) {
        let (status, said) = run(words)
        #expect(status == 2, "\(said)")
        #expect(said.count == 1 && said.first?.hasPrefix("rterm: ") == true, "\(said)")
    }
}
