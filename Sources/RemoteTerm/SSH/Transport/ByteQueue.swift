/// Bytes waiting to be written, first in first out: appended at the back, written from the
/// front in whatever pieces the writer takes. Taking bytes off the front moves an index, not
/// the bytes (a 1 MiB paste written 1 byte at a time stays linear); the storage is compacted
/// when the dead front outweighs the live part.
package struct ByteQueue: Sendable {
    private var storage: [UInt8] = []
    private var head = 0

    /// An empty queue.
    package init() {}

    /// Bytes waiting.
    package var count: Int { storage.count - head }
    /// Whether nothing waits.
    package var isEmpty: Bool { head == storage.count }

    /// The oldest byte waiting, if any.
    package var first: UInt8? { isEmpty ? nil : storage[head] }

    /// Adds `bytes` at the back.
    package mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Calls `body` with the waiting bytes (contiguous); it returns how many it took, which
    /// are removed from the front.
    @discardableResult
    package mutating func drain<E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> Int) throws(E) -> Int {
        guard !isEmpty else { return 0 }
        let head = self.head
        // Typed throws do not pass through withUnsafeBytes: through a Result.
        let taken = try storage.withUnsafeBytes { raw in
            Result { () throws(E) -> Int in try body(UnsafeRawBufferPointer(rebasing: raw[head...])) }
        }.get()
        removeFirst(taken)
        return taken
    }

    /// Removes `count` bytes from the front.
    package mutating func removeFirst(_ count: Int) {
        head += min(count, self.count)
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.count <= 1 << 20)
            head = 0
        } else if head > 1 << 16, head > storage.count / 2 {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Removes everything.
    package mutating func removeAll() {
        storage.removeAll()
        head = 0
    }

    /// The waiting bytes, as an array (for tests and recordings).
    package var bytes: [UInt8] { Array(storage[head...]) }
}
