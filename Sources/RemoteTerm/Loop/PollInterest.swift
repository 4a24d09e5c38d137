/// One descriptor to poll and the `poll(2)` events wanted on it.
public struct PollInterest: Sendable, Equatable {
    /// The descriptor.
    public var descriptor: Int32
    /// `POLLIN`, `POLLOUT` or both.
    public var events: Int16

    /// An interest in `events` on `descriptor`.
    public init(descriptor: Int32, events: Int16) {
        self.descriptor = descriptor
        self.events = events
    }
}
