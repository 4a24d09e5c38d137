import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

extension SessionPump {
    /// `rterm host command` with no screen: bytes pass through; with a pseudo-terminal and a terminal on standard
    /// input (output going elsewhere), the input terminal is raw so every key reaches the
    /// remote, and its size follows.
    public static func runFromCommandLine(
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
        let session = factory.start(planned, as: .pump, size: size, output: sink).session
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
        let ending: SessionEnding
        do {
            ending = try run(session, sink: sink, loop: factory.loop, input: readsInput ? 0 : nil)
        } catch {
            ending = .failed(error.description)
        }
        signals?.pause()
        raw?.restore()
        if let message = ending.message { say(message) }
        return ending.exitStatus
    }
}
