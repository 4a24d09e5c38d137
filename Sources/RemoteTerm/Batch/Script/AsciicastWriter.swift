import Foundation
import RemoteTermCore
import RemoteTermFront
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a session as asciicast v2 (asciinema's format): a JSON header with the size and
/// TERM, then one JSON array per event, `[seconds, code, data]`, with monotonic times:
/// `o` output, `i` input, `r` resize (`COLSxROWS`), and `m` a marker (rterm writes one before
/// input that came from a key-bar click, naming the button).
package final class AsciicastWriter {
    private let handle: FileHandle
    private let start: UInt64
    /// The loop's clock, which times the events.
    private let clock: LoopClock
    /// Output bytes of a character split between two reads, kept until it is complete
    /// (asciicast strings must be valid UTF-8).
    private var pendingOutput: [UInt8] = []
    /// Why writing stopped (a full disk, a reader gone from a pipe), one line; nothing more is
    /// written after the first failure, and the run reports it instead of crashing.
    package private(set) var failure: String?
    private let path: String

    /// Creates `path` and writes the header.
    /// Opened in place (`open(2)`, truncated), never by writing a new file over it, so a path
    /// that is a device, a pipe or a symbolic link is written to rather than replaced. Made
    /// readable by the user alone: it holds every byte typed, a script's `${env:…}` values
    /// among them. Events are timed on `clock` (the loop's).
    package init(path: String, columns: Int, rows: Int, term: String = "xterm-256color", clock: LoopClock) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw NSError(
                domain: NSPOSIXErrorDomain, code: Int(errno),
                userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.path = path
        self.clock = clock
        start = clock.now()
        let header: [String: Any] = [
            "version": 2, "width": columns, "height": rows, "timestamp": Int(Date().timeIntervalSince1970),
            "env": ["TERM": term],
        ]
        write(line: try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
    }

    deinit { try? handle.close() }

    /// Output from the remote.
    package func output(_ bytes: ArraySlice<UInt8>) {
        pendingOutput += bytes
        let complete = Self.completePrefixLength(pendingOutput)
        guard complete > 0 else { return }
        event("o", String(decoding: pendingOutput[0..<complete], as: UTF8.self))
        pendingOutput.removeFirst(complete)
    }

    /// Input sent to the remote.
    package func input(_ bytes: [UInt8]) { event("i", String(decoding: bytes, as: UTF8.self)) }

    /// A new size.
    package func resize(columns: Int, rows: Int) { event("r", "\(columns)x\(rows)") }

    /// A marker, e.g. the key-bar button whose input follows.
    package func marker(_ text: String) { event("m", text) }

    private func event(_ code: String, _ data: String) {
        let seconds = Double(clock.now() &- start) / 1e9
        let array: [Any] = [(seconds * 1e6).rounded() / 1e6, code, data]
        if let json = try? JSONSerialization.data(withJSONObject: array) { write(line: json) }
    }

    private func write(line: Data) {
        guard failure == nil else { return }
        do {
            try handle.write(contentsOf: line + Data([0x0A]))
        } catch {
            let code = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.code ?? 0 } ?? 0
            let reason = code > 0 ? String(cString: strerror(Int32(code))) : error.localizedDescription
            failure = "rterm: cannot write the recording \(path): \(reason)"
        }
    }

    /// How many leading bytes form complete UTF-8 characters (an incomplete sequence at the
    /// end waits for the next read; anything invalid is let through to become U+FFFD).
    static func completePrefixLength(_ bytes: [UInt8]) -> Int {
        var end = bytes.count
        var back = 0
        while back < 3 && end - back - 1 >= 0 && bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        let leadIndex = end - back - 1
        guard leadIndex >= 0 else { return end }
        let lead = bytes[leadIndex]
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        if needed > back { end = leadIndex }
        return end
    }

}

extension AsciicastWriter: SessionRecorder {
    package func sessionReceived(_ bytes: UnsafeRawBufferPointer) { output(ArraySlice(bytes)) }
    package func sessionSent(_ bytes: [UInt8]) { input(bytes) }
    package func sessionResized(rows: Int, columns: Int) { resize(columns: columns, rows: rows) }
}
