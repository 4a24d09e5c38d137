import RemoteTermEngine
import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// The progress line scp draws on a terminal while a file moves: its name, the percentage,
/// the bytes so far, the rate and the time left (the time taken once it is done), redrawn
/// in place at most four times a second.
package final class CopyProgress {
    private let write: (String) -> Void
    private let width: Int
    private let now: () -> Double
    private var name = ""
    private var total: UInt64 = 0
    private var done: UInt64 = 0
    private var started = 0.0
    private var startedAt: UInt64 = 0
    private var drawn = 0.0

    /// A line `width` columns wide, written with `write`, timed by `now` (seconds).
    package init(width: Int, now: @escaping () -> Double, write: @escaping (String) -> Void) {
        self.width = max(width, 40)
        self.now = now
        self.write = write
    }

    /// A file starts: `total` bytes, of which `already` were there before (a resumed copy).
    /// The name may be a server's: drawn with its controls made visible.
    package func start(_ name: String, total: UInt64, already: UInt64 = 0) {
        self.name = InertText.make(name)
        self.total = total
        done = already
        startedAt = already
        started = now()
        drawn = started
        draw()
    }

    /// `count` more bytes moved.
    package func advance(_ count: Int) {
        done += UInt64(count)
        let time = now()
        if time - drawn >= 0.25 {
            drawn = time
            draw()
        }
    }

    /// The file is done (or failed): the line is drawn a last time and ended.
    package func finish() {
        draw(final: true)
        write("\n")
    }

    /// The line, for `done` bytes of `total` at this time.
    func line(final: Bool) -> String {
        let elapsed = max(now() - started, 0.001)
        let moved = Double(done - startedAt)
        let rate = moved / elapsed
        let percent = total == 0 ? 100 : Int(Double(done) * 100 / Double(total))
        let time: String
        if final {
            time = Self.clock(elapsed) + "    "
        } else if rate > 0 {
            time = Self.clock(Double(total - min(done, total)) / rate) + " ETA"
        } else {
            time = "--:-- ETA"
        }
        let figures = " \(Self.pad(String(percent), 3))% \(Self.pad(Self.bytes(Double(done)), 7)) "
            + "\(Self.pad(Self.bytes(rate), 7))/s   \(time)"
        // The figures fit first; the name gets what is left, none below 8 columns (as scp
        // drops it), so the line never wraps (a wrapped line leaves a row at each redraw).
        let room = width - 1 - figures.count
        guard room >= 8 else { return String(figures.suffix(max(width - 1, 0))) }
        let shown = name.count > room ? "…" + name.suffix(room - 1) : name.padding(toLength: room, withPad: " ", startingAt: 0)
        return shown + figures
    }

    private func draw(final: Bool = false) { write("\r" + line(final: final)) }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 0)) + text
    }

    /// 512B, 12KiB, 3.4MiB, 1.2GiB: scp's figures, in the binary units they are (scp says
    /// KB and MB for them).
    static func bytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = value
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 || value >= 99.95 { return "\(Int(value.rounded()))\(units[unit])" }
        let tenths = (value * 10).rounded() / 10
        return "\(tenths)\(units[unit])"
    }

    /// mm:ss, or hh:mm:ss past an hour.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if whole >= 3600 { return "\(two(whole / 3600)):\(two(whole / 60 % 60)):\(two(whole % 60))" }
        return "\(two(whole / 60)):\(two(whole % 60))"
    }
}

/// The upload engine draws its files on the line.
extension CopyProgress: SFTPUploadObserver {
    package func fileStarted(_ name: String, total: UInt64, already: UInt64) { start(name, total: total, already: already) }
    package func moved(_ count: Int) { advance(count) }
    package func fileEnded() { finish() }
}
