import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

/// A session without a screen: `rterm host command` without a pseudo-terminal (or with one
/// whose output is not a terminal). Standard input goes to the remote side until EOF, which
/// is passed on; the remote's output and error output go to standard output and error as
/// they come, untouched; the session's ending comes back. The same session and loop as every
/// other front, made by the session factory with a `DescriptorOutput` as its output.
package enum SessionPump {
    /// Runs `session` (connecting or live), whose output is `sink`, on `loop` until it ends,
    /// then writes out what output is still waiting. `input` nil: the remote side gets EOF
    /// at once. `escapes`: OpenSSH's escapes are read from the input, and `onEscape` carries
    /// them out.
    package static func run(
        _ session: Session, sink: DescriptorOutput, loop: EventLoop, input: Int32?, escapes: EscapeByteFilter? = nil,
        onEscape: @escaping (EscapeByteFilter.Action) -> Void = { _ in }
    ) throws(EventLoopError) -> SessionEnding {
        loop.add(session)
        loop.add(sink)
        var reader: DescriptorInput?
        if let input {
            let source = DescriptorInput(descriptor: input, session: session)
            source.escapes = escapes
            source.onEscape = onEscape
            loop.add(source)
            reader = source
        } else {
            session.finishInput()
        }
        defer {
            loop.remove(session)
            loop.remove(sink)
            if let reader { loop.remove(reader) }
        }
        try loop.run(until: { session.ending != nil || sink.readerGone })
        if sink.readerGone { session.end(.outputClosed) }
        sink.drainBlocking()
        if let failure = sink.failure, case .remoteExited(.status) = session.ending { return .failed(failure) }
        return session.ending ?? .remoteExited(.unknown)
    }
}
