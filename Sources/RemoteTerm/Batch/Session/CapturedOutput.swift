import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// A command's output kept for later (a fleet run prints each host's output once it is over,
/// or folds identical ones): standard output and error in the order they came, the first
/// `memoryLimit` bytes in memory, everything past that spilled to a file of its own in the
/// run's `SpillDirectory` (made then), and nothing past `fileLimit` (counted, said at the
/// end). Hundreds
/// of hosts cost little memory, and a host that floods costs disk up to a bound, never
/// memory.
package final class CapturedOutput: SessionOutput {
    /// Bytes kept in memory before the output goes to a file.
    package static let memoryLimit = 16 * 1024
    /// Bytes kept at all; the rest is dropped and counted.
    package static let fileLimit = 64 * 1024 * 1024

    private var memory: [UInt8] = []
    /// The spill file, open while the command runs (-1 otherwise).
    private var spill: Int32 = -1
    /// Whether the output went to the spill file (which stays after `closeFile`).
    private var spilled = false
    /// Where it spills: the run's directory, and the file's name there.
    private let spillTo: (directory: SpillDirectory, name: String)?
    /// Bytes kept, in memory and in the file.
    package private(set) var count = 0
    /// Bytes dropped past `fileLimit` (or when the spill file could not be written).
    package private(set) var dropped = 0

    /// An empty capture that spills to the file `name` in `directory` (nil: drops past
    /// `memoryLimit`).
    package init(spillingTo directory: SpillDirectory?, name: String = "") {
        spillTo = directory.map { ($0, name) }
    }

    deinit { closeFile() }

    package var waitsForErrorEnd: Bool { true }
    package var wantsMore: Bool { true }

    package func take(_ bytes: UnsafeBufferPointer<UInt8>, from stream: TransportStream, now: UInt64)
        -> SessionOutputResult
    {
        append(UnsafeRawBufferPointer(bytes))
        return .none
    }

    /// Keeps `bytes`: in memory while they fit, else in the spill file, else counted.
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let room = Self.fileLimit - count
        let kept = UnsafeRawBufferPointer(rebasing: bytes.prefix(max(0, room)))
        dropped += bytes.count - kept.count
        guard !kept.isEmpty else { return }
        if !spilled, memory.count + kept.count <= Self.memoryLimit {
            memory.append(contentsOf: kept)
            count += kept.count
            return
        }
        if spill < 0 {
            // Opened again after `closeFile` (output that came late), appended to.
            guard let (directory, name) = spillTo,
                case let file = spilled ? directory.openToAppend(name) : directory.create(name), file >= 0,
                spilled || Self.write(file, memory)
            else {
                dropped += kept.count
                return
            }
            spill = file
            spilled = true
            memory = []
        }
        if Self.write(spill, kept) { count += kept.count } else { dropped += kept.count }
    }

    /// Everything kept, as bytes (read back from the spill file when there is one).
    package var bytes: [UInt8] {
        guard spilled, let (directory, name) = spillTo, let contents = directory.contents(name) else { return memory }
        return contents
    }

    /// Whether the spill file is open (for the descriptor count of a fleet run).
    package var holdsDescriptor: Bool { spill >= 0 }

    /// Closes the spill file, once the command is over: what it holds is read back by path.
    /// A fleet run keeps hundreds of outputs until its summary, and a descriptor each would
    /// run it out of descriptors, failing later targets' connections.
    package func closeFile() {
        guard spill >= 0 else { return }
        close(spill)
        spill = -1
    }

    /// Stops writing the spill file and removes it (what it held is gone).
    package func discard() {
        closeFile()
        if spilled, let (directory, name) = spillTo { directory.remove(name) }
        spilled = false
        memory = []
    }

    private static func write<Bytes: Collection>(_ file: Int32, _ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        let copy = Array(bytes)
        var offset = 0
        while offset < copy.count {
            let written = copy[offset...].withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
