import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm mcp [ssh options]` on standard input and output: the server, its sessions from
/// the session factory (the ssh options before every SSH target), until the client closes
/// standard input or a signal ends it. Standard error gets rterm's own lines only.
package enum MCPStdio {
    package static let usage = """
        usage: rterm mcp [--no-local] [--targets FILE] [ssh options]

        A Model Context Protocol server on standard input and output (JSON-RPC, one message
        a line) whose tools open and drive terminal sessions: open, type, key, click,
        paste, wait, screen, scrollback, close, sessions. The ssh options apply to every SSH
        session it opens. Host keys are checked as ssh checks them; no password or
        passphrase is ever asked (keys, ssh-agent, or SSH_ASKPASS). docs/mcp.md.

          --no-local      no local command, and no option of a target that runs one here
                          or uses a file here (-F, -E, ProxyCommand, LocalCommand…)
          --targets FILE  only the SSH destinations FILE lists (a hosts file), and no
                          option that leads elsewhere (-J, HostName, ProxyCommand…)
        """

    /// Runs the server; the exit status (2 for bad arguments).
    package static func run(
        arguments: [String], environment: [String: String], version: String, say: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        if arguments.first == "-h" || arguments.first == "--help" {
            print(usage)
            return 0
        }
        // rterm's own options, anywhere among ssh's (whose values are passed over).
        var sshOptions: [String] = []
        var policy = MCPTargetPolicy()
        var rest = arguments[...]
        while let word = rest.popFirst() {
            switch word {
            case "--no-local":
                policy.noLocal = true
            case "--targets":
                guard let file = rest.popFirst() else {
                    say("rterm: option --targets needs a hosts file")
                    return 2
                }
                switch MCPTargetPolicy.targets(file: file) {
                case .success(let listed): policy.targets = listed
                case .failure(let problem):
                    say(problem.message)
                    return 2
                }
            default:
                sshOptions.append(word)
                if SSHCommandLine.wordsTaken(by: word) == 2, let value = rest.popFirst() { sshOptions.append(value) }
            }
        }
        let arguments = sshOptions
        do {
            guard try SSHCommandLine.leadingOptionCount(arguments) == arguments.count else {
                say("rterm: mcp takes ssh options only (usage: rterm mcp [--no-local] [--targets FILE] [ssh options]), not '\(arguments.last ?? "")'")
                return 2
            }
        } catch {
            say(error.description)
            return 2
        }
        var sessionEnvironment = environment
        // Questions go to the askpass program, never to a terminal the agent cannot see.
        if environment["SSH_ASKPASS"] != nil { sessionEnvironment["SSH_ASKPASS_REQUIRE"] = "force" }
        guard var run = UnwatchedRun.start(environment: sessionEnvironment, say: say) else { return 255 }
        let (loop, signals) = (run.loop, run.signals)
        defer { signals.pause() }
        if environment["SSH_ASKPASS"] == nil { run.factory.batch = true }
        let factory = run.factory
        let (bar, _) = KeyBarFile.load(environment: environment)
        // Answers wait in a queue that standard output takes as the client reads: a client that
        // reads slowly holds back only its own answers, never the sessions. Past
        // `backlogLimit` bytes unread the server says so and ends, rather than grow.
        let output = DescriptorOutput(output: 1, error: 2)
        var done = false
        let write = { (line: String) in
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBufferPointer { output.take($0, from: .output, now: 0) }
            if output.waitingCount > backlogLimit, !done {
                say("rterm: mcp: the client has left \(output.waitingCount >> 20) MiB of answers unread: ending")
                done = true
            }
        }
        let server = MCPServer(
            loop: loop, bar: bar, version: version, shell: SessionTarget.shell(environment),
            open: { words, size in
                if let refusal = policy.refusal(of: words) { return .failure(MCPServer.OpenFailure(refusal)) }
                let all = LocalCommandLine.markerIndex(in: words) != nil ? words : arguments + words
                switch factory.open(all, as: .agent, size: size) {
                case .success(let opened): return .success((opened.session, opened.label))
                case .failure(let problem): return .failure(MCPServer.OpenFailure(problem.message))
                }
            },
            write: write)
        let input = InputSource(descriptor: 0)
        var lines = LineSplitter()
        input.onBytes = { bytes in
            for piece in lines.take(bytes) {
                switch piece {
                case .line(let line): server.receive(line)
                case .tooLong:
                    write(JSONRPC.error(.parseError, "parse error: a line over 4 MiB", id: nil))
                }
            }
        }
        input.onEnd = {
            if let last = lines.finish() { server.receive(last) }
            done = true
        }
        signals.onSignal = { signal in if signal != SIGWINCH { done = true } }
        loop.add(input)
        loop.add(signals)
        loop.add(output)
        do {
            try loop.run(until: { done || output.readerGone })
        } catch {
            say(error.description)
        }
        server.shutDown()
        // What is still queued, for a client that reads it (not one that stopped reading).
        if output.waitingCount <= backlogLimit { output.drainBlocking(patience: 10_000) }
        return 0
    }

    /// The most answer bytes kept for a client that does not read them.
    package static let backlogLimit = 64 << 20
}
