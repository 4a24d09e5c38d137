import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

extension SessionPump {
    /// `rterm host command` with no screen: bytes pass through; with a pseudo-terminal and a terminal on standard
    /// input (output going elsewhere), the input terminal is raw so every key reaches the
    /// remote, and its size follows; with a pseudo-terminal, OpenSSH's escapes are read from
    /// the input (`escapeCharacter(_:readsInput:inputIsTerminal:)`).
    package static func runFromCommandLine(
        _ planned: SessionFactory.Planned, factory: SessionFactory, size: (rows: Int, columns: Int), readsInput: Bool,
        say: (String) -> Void
    ) -> Int32 {
        let plan = planned.plan
        var readsInput = readsInput
        // -N: no shell, so nothing to read for it; the forwards run until the connection ends
        // or a signal stops rterm.
        if plan.forwardsOnly { readsInput = false }
        let rawInput = plan.hasTerminal && factory.inputIsTerminal && readsInput
        // With the terminal raw, termination signals must end the session through the normal
        // path (which restores it); blocked before the connection's thread starts. With -N
        // too, so that the forwards' Unix sockets are removed and the server told.
        let signals = rawInput || plan.forwardsOnly ? SignalSource() : nil
        let sink = DescriptorOutput(output: 1, error: 2)
        let opened = factory.start(planned, as: .pump, size: size, output: sink)
        let session = opened.session
        let raw = rawInput ? RawTerminal() : nil
        if let signals {
            signals.onSignal = { signal in
                if signal == SIGWINCH {
                    if let size = RawTerminal.size() { session.resize(rows: size.rows, columns: size.columns) }
                } else {
                    session.end(.signal(SignalSource.name(signal)))
                }
            }
            factory.loop.add(signals)
        }
        let escape = escapeCharacter(plan, readsInput: readsInput, inputIsTerminal: factory.inputIsTerminal)
        let name = escape.map(EscapeCharacterFilter.name) ?? ""
        // As ssh: each escape is echoed on standard error (the terminal is raw: CR LF).
        let carryOut = { (action: EscapeCharacterFilter.Escape) in
            switch action {
            case .disconnect:
                StandardStream.writeError(name + ".\r\n")
                session.end(.disconnected(label: opened.label))
            case .help:
                StandardStream.writeError(EscapeCharacterFilter.help(escape: escape ?? 0x7E))
            case .suspend:
                StandardStream.writeError(name + "^Z [suspend rterm]\r\n")
                raw?.restore()
                signals?.pause()
                kill(getpid(), SIGTSTP)
                signals?.resume()
                raw?.resume()
                if let size = RawTerminal.size() { session.resize(rows: size.rows, columns: size.columns) }
            default:
                break  // the front's own escapes are not read from bytes
            }
        }
        let ending: SessionEnding
        do {
            ending = try run(
                session, sink: sink, loop: factory.loop, input: readsInput ? 0 : nil, escapes: escape.map { EscapeCharacterFilter(escape: $0) },
                onEscape: carryOut)
        } catch {
            ending = .failed(error.description)
        }
        signals?.pause()
        raw?.restore()
        if let message = ending.message { say(message) }
        return ending.exitStatus
    }

    /// The escape character typed bytes are read for, as ssh decides: only when the remote
    /// side has a pseudo-terminal (ssh(1), ESCAPE CHARACTERS: "When a pseudo-terminal has
    /// been requested"), that is from a terminal, or with `-tt` from anything, whatever
    /// standard output is. A local command always has one, so from a terminal only (as ssh
    /// without `-tt`). nil: none (`-e none`, no pseudo-terminal, or `-n`).
    package static func escapeCharacter(_ plan: ConnectionPlan, readsInput: Bool, inputIsTerminal: Bool) -> UInt8? {
        guard plan.hasTerminal, readsInput, !plan.forwardsOnly else { return nil }
        if case .local = plan.route, !inputIsTerminal { return nil }
        return plan.escapeCharacter
    }
}
