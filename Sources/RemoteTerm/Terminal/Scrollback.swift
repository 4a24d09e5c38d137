/// Lines that scrolled off the top of the primary screen, oldest first, in a bounded ring.
///
/// When the ring is full, the oldest line's buffer is reused for the newest one, so a
/// steady stream of output allocates nothing per line.
public struct Scrollback: Sendable {
    /// Most lines kept; 0 keeps none.
    public private(set) var limit: Int
    private var lines: [CompactLine] = []
    /// Index of the oldest line once the ring is full.
    private var head = 0
    /// Where lines are encoded before being copied out at their exact length.
    private var scratch: [UInt8] = []

    /// An empty scrollback of at most `limit` lines.
    init(limit: Int) { self.limit = max(0, limit) }

    /// Number of lines held.
    public var count: Int { lines.count }

    /// Line `index`, 0 being the oldest.
    subscript(index: Int) -> CompactLine { lines[(head + index) % lines.count] }

    /// Encodes `cells` as the newest line.
    mutating func append(_ cells: UnsafeBufferPointer<Cell>, isWrapped: Bool, extras: CellExtras) {
        guard limit > 0 else { return }
        let needed = CompactLine.worstCaseSize(columns: cells.count)
        if scratch.count < needed { scratch = Array(repeating: 0, count: needed) }
        var encoded: Int?
        while true {
            encoded = scratch.withUnsafeMutableBufferPointer { out in
                CompactLine.encode(cells, extras: extras, into: out.baseAddress!, capacity: out.count)
            }
            if encoded != nil { break }
            scratch = Array(repeating: 0, count: scratch.count * 2)  // long hyperlinks: rare
        }
        let length = encoded ?? 0
        var bytes: [UInt8] = []
        let reuse = lines.count >= limit
        if reuse { swap(&bytes, &lines[head].bytes) }
        bytes.removeAll(keepingCapacity: true)
        scratch.withUnsafeBufferPointer { bytes.append(contentsOf: $0[0..<length]) }
        if reuse {
            lines[head] = CompactLine(bytes: bytes, isWrapped: isWrapped)
            head = (head + 1) % lines.count
        } else {
            lines.append(CompactLine(bytes: bytes, isWrapped: isWrapped))
        }
    }

    /// Removes and returns the newest line (a taller screen takes lines back).
    mutating func removeNewest() -> CompactLine? {
        guard !lines.isEmpty else { return nil }
        if head != 0 {
            lines = Array(lines[head...] + lines[..<head])
            head = 0
        }
        return lines.removeLast()
    }

    /// Forgets every line (ED 3, RIS).
    mutating func removeAll() {
        lines = []
        head = 0
    }
}
