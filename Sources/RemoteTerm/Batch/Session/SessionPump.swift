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
        _ session: Session, sink: DescriptorOutput, loop: EventLoop, input: Int32?, escapes: EscapeCharacterFilter? = nil,
        onEscape: @escaping (EscapeCharacterFilter.Escape) -> Void = { _ in }
    ) throws(EventLoopError) -> SessionEnding {
        loop.add(session)
        loop.add(sink)
        var reader: InputSource?
        if let input {
            let source = copy(input, into: session, escapes: escapes, onEscape: onEscape)
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

    /// Unsent bytes the session may hold before reading its input pauses.
    package static let inputLimit = 1 << 20

    /// Standard input of a command copied into `session` as it comes (`tar c dir | rterm host
    /// 'tar x'`), with end of file passed on once everything read has been sent. Reading
    /// pauses while the session holds more than `inputLimit` unsent bytes, so a fast producer
    /// and a slow connection meet in the pipe, not in memory; and before the session is live,
    /// as a password may be being read from the same terminal. With `escapes`, OpenSSH's
    /// escape character is read from it first (`rterm -t host cmd > file`, typed from a
    /// terminal), and `onEscape` carries out the escapes.
    static func copy(
        _ input: Int32, into session: Session, escapes: EscapeCharacterFilter?,
        onEscape: @escaping (EscapeCharacterFilter.Escape) -> Void
    ) -> InputSource {
        let source = InputSource(descriptor: input)
        var escapes = escapes
        source.isPaused = { session.state != .live || session.pendingInputCount >= inputLimit }
        source.onBytes = { bytes in
            guard var filter = escapes else {
                session.send(.bytes(Array(bytes)))
                return
            }
            let actions = filter.filter(bytes: bytes)
            escapes = filter
            for action in actions {
                switch action {
                case .send(let sent): session.send(.bytes(sent))
                case .escape(let escape): onEscape(escape)
                }
            }
        }
        source.onEnd = { session.finishInput() }
        return source
    }
}
