import Testing

@testable import RemoteTermBatch

/// scp's progress line, on a fake clock: the name, percentage, bytes so far, rate and time
/// left, redrawn in place at most four times a second, and the time taken on the last one.
@Suite struct CopyProgressTests {
    final class Clock {
        var time = 1000.0
    }

    /// What the progress line wrote, in order.
    final class Output {
        var writes: [String] = []
    }

    /// A progress line `width` wide on a fake clock, and what it wrote.
    struct Rig {
        let clock = Clock()
        let output = Output()
        let progress: CopyProgress

        init(width: Int = 80) {
            let (clock, output) = (clock, output)
            progress = CopyProgress(width: width, now: { clock.time }) { output.writes.append($0) }
        }

        var written: [String] { output.writes }

        /// The last line drawn, without its "\r".
        var last: String { String(written.last { $0 != "\n" }?.dropFirst() ?? "") }
    }

    @Test func theFirstLineHasNoRateYet() {
        let rig = Rig()
        rig.progress.start("file.bin", total: 1 << 20)
        #expect(rig.written.count == 1)
        #expect(rig.written[0].hasPrefix("\r"))
        let figures = "   0%      0B      0B/s   --:-- ETA"
        #expect(rig.last == "file.bin" + String(repeating: " ", count: 79 - 8 - figures.count) + figures)
        #expect(rig.last.count == 79)
    }

    @Test(arguments: [
        // (total, done after one second, figures)
        (UInt64(1 << 20), 1 << 19, "  50%  512KiB  512KiB/s   00:01 ETA"),
        (UInt64(10 << 20), 1 << 20, "  10%  1.0MiB  1.0MiB/s   00:09 ETA"),
        (UInt64(100 << 20), 3_565_158, "   3%  3.4MiB  3.4MiB/s   00:28 ETA"),
        (UInt64(4 << 30), 200 << 20, "   4%  200MiB  200MiB/s   00:19 ETA"),
        // 2 TiB at 1 MiB/s: 2^21 - 1 s left.
        (UInt64(2 << 40), 1 << 20, "   0%  1.0MiB  1.0MiB/s   582:32:31 ETA"),
        (UInt64(1000), 512, "  51%    512B    512B/s   00:01 ETA"),
    ])
    func aLineSaysPercentageSizeRateAndTimeLeft(total: UInt64, done: Int, figures: String) {
        let rig = Rig()
        rig.progress.start("f", total: total)
        rig.clock.time += 1
        rig.progress.advance(done)
        #expect(rig.written.count == 2)
        #expect(rig.last.hasPrefix("f "))
        #expect(rig.last.hasSuffix(figures), "\(rig.last)")
        #expect(rig.last == "f" + String(repeating: " ", count: 79 - 1 - figures.count) + figures)
    }

    @Test func timeLeftPastAnHourHasHours() {
        let rig = Rig()
        rig.progress.start("f", total: 3 << 30)
        rig.clock.time += 1
        rig.progress.advance(512 << 10)
        // 3 GiB - 512 KiB at 512 KiB/s: 6143 s.
        #expect(rig.last.hasSuffix("   0%  512KiB  512KiB/s   01:42:23 ETA"), "\(rig.last)")
    }

    @Test func itRedrawsAtMostFourTimesASecond() {
        let rig = Rig()
        rig.progress.start("f", total: 1 << 20)
        rig.clock.time += 0.25
        rig.progress.advance(1024)
        #expect(rig.written.count == 2)
        for _ in 0..<10 {
            rig.clock.time += 0.02
            rig.progress.advance(1024)
        }
        #expect(rig.written.count == 2)
        rig.clock.time += 0.06
        rig.progress.advance(1024)
        #expect(rig.written.count == 3)
        // All the bytes are counted, drawn or not: 12 KiB in 0.51 s.
        #expect(rig.last.hasSuffix("   1% 12.0KiB 23.5KiB/s   00:43 ETA"), "\(rig.last)")
    }

    @Test func theFinalLineSaysTheTimeTakenAndEndsTheLine() {
        let rig = Rig()
        rig.progress.start("data.tar", total: 2 << 20)
        rig.clock.time += 1
        rig.progress.advance(1 << 20)
        rig.clock.time += 1
        rig.progress.advance(1 << 20)
        rig.clock.time += 0.1
        rig.progress.finish()
        #expect(rig.written.last == "\n")
        let final = rig.written[rig.written.count - 2]
        #expect(final.hasPrefix("\rdata.tar "))
        // 2 MiB in 2.1 s: 975KiB/s; the time taken, 00:02, where the time left was.
        #expect(final.hasSuffix(" 100%  2.0MiB  975KiB/s   00:02    "), "\(final)")
        #expect(final.count == 80)
    }

    @Test func anEmptyFileIsAtOneHundredPercent() {
        let rig = Rig()
        rig.progress.start("empty", total: 0)
        rig.progress.finish()
        #expect(rig.written.count == 3)
        #expect(rig.written[1].hasSuffix(" 100%      0B      0B/s   00:00    "), "\(rig.written[1])")
    }

    /// A resumed file starts at its percentage, and its rate counts only what moves now.
    @Test func aResumedFileCountsOnlyWhatMovesNow() {
        let rig = Rig()
        rig.progress.start("f", total: 1 << 20, already: 1 << 19)
        #expect(rig.last.hasSuffix("  50%  512KiB      0B/s   --:-- ETA"), "\(rig.last)")
        rig.clock.time += 1
        rig.progress.advance(1 << 18)
        #expect(rig.last.hasSuffix("  75%  768KiB  256KiB/s   00:01 ETA"), "\(rig.last)")
    }

    /// Two files: each its own line, from its own start.
    @Test func eachFileStartsAfresh() {
        let rig = Rig()
        rig.progress.start("one", total: 100)
        rig.clock.time += 1
        rig.progress.advance(100)
        rig.progress.finish()
        rig.clock.time += 5
        rig.progress.start("two", total: 200)
        #expect(rig.last.hasPrefix("two "))
        #expect(rig.last.hasSuffix("   0%      0B      0B/s   --:-- ETA"), "\(rig.last)")
        rig.clock.time += 2
        rig.progress.advance(100)
        rig.progress.finish()
        #expect(rig.written.filter { $0 == "\n" }.count == 2)
        #expect(rig.last.hasSuffix("  50%    100B     50B/s   00:02    "), "\(rig.last)")
    }

    @Test(arguments: [
        // (width, name, shown)
        (80, "a-very-long-file-name-indeed.tar.gz", "a-very-long-file-name-indeed.tar.gz"),
        (50, "a-very-long-file-name-indeed.tar.gz", "…indeed.tar.gz"),
        (52, "a-very-long-file-name-indeed.tar.gz", "…e-indeed.tar.gz"),
        (62, "exactly-twenty-six-chars.x", "exactly-twenty-six-chars.x"),
    ])
    func aLongNameKeepsItsEndOnANarrowLine(width: Int, name: String, shown: String) {
        let rig = Rig(width: width)
        rig.progress.start(name, total: 1 << 20)
        rig.clock.time += 1
        rig.progress.advance(1 << 19)
        let figures = "  50%  512KiB  512KiB/s   00:01 ETA"
        #expect(rig.last.count == width - 1, "\(rig.last)")
        #expect(rig.last.hasSuffix(figures))
        let namePart = String(rig.last.dropLast(figures.count))
        if name.count > width - 1 - figures.count {
            #expect(namePart == shown, "\(rig.last)")
            #expect(namePart.hasPrefix("…"))
        } else {
            #expect(namePart.hasPrefix(name))
        }
    }

    /// On the narrowest terminals the line still fits in `width - 1` columns (a longer one
    /// wraps, and each redraw's "\r" then leaves the wrapped row behind). Widths under 40
    /// are drawn as 40.
    @Test(arguments: [40, 41, 42, 60])
    func theLineFitsANarrowTerminal(width: Int) {
        let rig = Rig(width: width)
        rig.progress.start("name.bin", total: 1 << 20)
        rig.clock.time += 1
        rig.progress.advance(1 << 19)
        #expect(rig.last.count <= width - 1, "\(rig.last.debugDescription)")
        #expect(rig.last.hasSuffix("  50%  512KiB  512KiB/s   00:01 ETA"))
    }

    static let sizes: [(Double, String)] = [
        (0, "0B"), (512, "512B"), (1023, "1023B"), (1024, "1.0KiB"), (1536, "1.5KiB"),
        (101_376, "99.0KiB"), (102_400, "100KiB"), (1_047_552, "1023KiB"), (3_565_158, "3.4MiB"),
        (1_073_741_824, "1.0GiB"), (2_199_023_255_552, "2.0TiB"),
    ]

    @Test(arguments: Self.sizes)
    func sizesInScpsUnits(value: Double, text: String) {
        #expect(CopyProgress.bytes(value) == text)
    }

    static let clocks: [(Double, String)] = [
        (0, "00:00"), (0.4, "00:00"), (0.6, "00:01"), (59, "00:59"), (61, "01:01"), (3599, "59:59"),
        (3600, "01:00:00"), (36061, "10:01:01"),
    ]

    @Test(arguments: Self.clocks)
    func timesAsAClock(seconds: Double, text: String) {
        #expect(CopyProgress.clock(seconds) == text)
    }
}
