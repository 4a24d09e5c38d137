import RemoteTermSSH

/// Where a session without a screen puts the remote's output: standard output and error of
/// `rterm host command`. When it cannot take more (`wantsMore` false), the session stops
/// reading, and the SSH window holds the remote back.
public protocol SessionOutputSink: AnyObject {
    /// Takes `bytes` of `stream` (copying what it cannot write at once).
    func write(_ bytes: UnsafeRawBufferPointer, stream: TransportStream)
    /// Whether it takes more now.
    var wantsMore: Bool { get }
}

/// Sees what passes through a session, in order: for `--record`.
public protocol SessionRecorder: AnyObject {
    /// Bytes the remote sent.
    func sessionReceived(_ bytes: UnsafeRawBufferPointer)
    /// Bytes sent to the remote (already encoded).
    func sessionSent(_ bytes: [UInt8])
    /// The screen was resized.
    func sessionResized(rows: Int, columns: Int)
}
