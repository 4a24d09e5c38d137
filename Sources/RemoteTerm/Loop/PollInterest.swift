/// One descriptor to poll and the `poll(2)` events wanted on it.
package struct PollInterest: Sendable, Equatable {
    /// The descriptor.
    package var descriptor: Int32
    /// `POLLIN`, `POLLOUT` or both.
    package var events: Int16

    /// An interest in `events` on `descriptor`.
    package init(descriptor: Int32, events: Int16) {
        self.descriptor = descriptor
        self.events = events
    }
}
