/// The OSC 8 hyperlinks of the scrollback's lines, each held once.
///
/// A line refers to a link by a 16-bit number (`CompactLine`'s style record), so a thousand
/// lines under one 4 KiB link cost the link once, not a thousand times. The table is bounded
/// in links and in bytes. A link is live while a held line may use it: each link remembers
/// the newest line that did, and links older than the oldest held line are swept when the
/// table is full. A link that finds the table full of live links is dropped from the stored
/// line; its text stays.
struct ScrollbackLinks: Sendable {
    /// Most links held.
    static let countLimit = Int(UInt16.max)
    /// Most bytes of link text held (ids and URIs).
    static let byteLimit = 16 << 20

    /// Links by number - 1; an empty string is a free slot.
    private var links: [String] = []
    /// Per link, the number of the newest line that used it.
    private var lastLine: [Int] = []
    private var numberByLink: [String: UInt16] = [:]
    private var freeNumbers: [UInt16] = []
    /// Bytes of link text held.
    private(set) var byteCount = 0
    /// Sweeps are not retried before this line number when the last one found most links live
    /// (a table full of live links would otherwise be swept for every new link).
    private var nextSweepLine = 0

    /// An empty table (allocates nothing).
    init() {}

    /// Number of links held.
    var count: Int { numberByLink.count }

    /// The link with `number` (as stored: `id NUL uri` when it has an id).
    func link(_ number: UInt16) -> String? {
        let i = Int(number) - 1
        guard i >= 0, i < links.count, !links[i].isEmpty else { return nil }
        return links[i]
    }

    /// The number of `link` for line `line`, adding it if new; 0 when the table is full of
    /// links used by lines from `oldestLine` on. `sweepSpacing` is how many lines a futile
    /// sweep waits for.
    mutating func number(for link: String, line: Int, oldestLine: Int, sweepSpacing: Int) -> UInt16 {
        if let number = numberByLink[link] {
            lastLine[Int(number) - 1] = line
            return number
        }
        let size = link.utf8.count
        guard size > 0, size <= Self.byteLimit else { return 0 }
        if isFull(adding: size) {
            guard line >= nextSweepLine else { return 0 }
            sweep(oldestLine: oldestLine)
            let stillFull = count > Self.countLimit * 3 / 4 || byteCount > Self.byteLimit * 3 / 4
            nextSweepLine = stillFull ? line + max(16, sweepSpacing) : 0
            if isFull(adding: size) { return 0 }
        }
        let number: UInt16
        if let reused = freeNumbers.popLast() {
            number = reused
            links[Int(number) - 1] = link
            lastLine[Int(number) - 1] = line
        } else {
            links.append(link)
            lastLine.append(line)
            number = UInt16(links.count)
        }
        numberByLink[link] = number
        byteCount += size
        return number
    }

    /// Records that line `line` uses link `number` too (a copy of a line that did).
    mutating func noteUse(of number: UInt16, line: Int) {
        let i = Int(number) - 1
        guard i >= 0, i < lastLine.count, !links[i].isEmpty else { return }
        lastLine[i] = max(lastLine[i], line)
    }

    private func isFull(adding size: Int) -> Bool {
        count >= Self.countLimit || byteCount + size > Self.byteLimit
    }

    /// Frees every link no line from `oldestLine` on uses.
    private mutating func sweep(oldestLine: Int) {
        for i in links.indices where !links[i].isEmpty && lastLine[i] < oldestLine {
            numberByLink[links[i]] = nil
            byteCount -= links[i].utf8.count
            links[i] = ""
            freeNumbers.append(UInt16(i + 1))
        }
    }
}
