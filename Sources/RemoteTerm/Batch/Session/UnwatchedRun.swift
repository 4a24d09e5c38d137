import RemoteTermCore
import RemoteTermLoop

/// What a run that nobody types into starts with (a fleet, `rterm mcp`): the loop, its
/// signals blocked before any connection's thread starts (so they arrive only through the
/// loop), and a session factory on it that never reads the terminal.
package struct UnwatchedRun {
    package let loop: EventLoop
    package let signals: SignalSource
    package var factory: SessionFactory

    /// Makes them with `environment` for the sessions; nil when the loop cannot be made
    /// (said through `say`: the run exits 255).
    package static func start(environment: [String: String], say: @escaping @Sendable (String) -> Void) -> UnwatchedRun? {
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            say(error.description)
            return nil
        }
        let signals = SignalSource()
        let factory = SessionFactory(loop: loop, environment: environment, inputIsTerminal: false, say: say)
        return UnwatchedRun(loop: loop, signals: signals, factory: factory)
    }
}
