import Testing

@testable import RemoteTermEngine
@testable import RemoteTermFront

/// Reader mode's transcript, on a terminal fed what a remote writes and a clock the test
/// moves: lines in order and each once, a line rewritten in place written again only once it
/// settles, full screens announced and summarised, and never an escape sequence.
@Suite struct ReaderTranscriptTests {
    static let ms: UInt64 = 1_000_000

    /// A terminal, a transcript and a clock; `feed` gives the remote's bytes, `look` lets the
    /// front look (as at each frame).
    struct Rig {
        var terminal: Terminal
        var transcript = ReaderTranscript()
        var now: UInt64 = 1_000_000_000
        var written: [UInt8] = []
        /// Each write with its time.
        var writes: [(at: UInt64, text: String)] = []
        var programName: String?
        var message: String?

        init(rows: Int = 24, columns: Int = 80, scrollback: Int = Terminal.defaultScrollbackLimit) {
            terminal = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollback)
        }

        /// The remote writes `text`, then `after` passes and the front looks.
        mutating func feed(_ text: String, after: UInt64 = 16 * ReaderTranscriptTests.ms) {
            _ = terminal.feed(text)
            look(after: after)
        }

        /// `after` passes, then the front looks (and at every deadline on the way).
        mutating func look(after: UInt64 = 0) {
            let end = now + after
            while let due = transcript.nextDeadline(), due <= end, due > now {
                now = due
                take(transcript.update(view, now: now))
            }
            now = end
            take(transcript.update(view, now: now))
        }

        private mutating func take(_ bytes: [UInt8]) {
            guard !bytes.isEmpty else { return }
            written += bytes
            writes.append((now, String(decoding: bytes, as: UTF8.self)))
        }

        var view: ReaderTranscript.View {
            ReaderTranscript.View(terminal: terminal, programName: programName, message: message)
        }

        /// What was written, as text.
        var text: String { String(decoding: written, as: UTF8.self) }
        /// The lines written (split at CR LF).
        var lines: [String] { text.components(separatedBy: "\r\n") }
    }

    @Test func everyLineOfABigOutputOnceAndInOrder() {
        var rig = Rig()
        rig.feed("$ ")
        rig.feed("seq 1 1000\r\n")
        // In bursts of every size, some larger than the screen.
        var number = 1
        for burst in [1, 7, 30, 200, 500, 262] {
            rig.feed((number..<(number + burst)).map { "\($0)\r\n" }.joined())
            number += burst
        }
        rig.feed("$ ")
        #expect(rig.lines == ["$ seq 1 1000"] + (1...1000).map(String.init) + ["$ "])
        #expect(!rig.written.contains(0x1B))
    }

    @Test func typingAtAPromptGivesTheCommandLineOnceAndItsOutputOnce() {
        var rig = Rig()
        rig.feed("me@box:~$ ")
        for character in "echo hi" { rig.feed(String(character), after: 120 * Self.ms) }
        rig.feed("\r\nhi\r\nme@box:~$ ")
        #expect(rig.lines == ["me@box:~$ echo hi", "hi", "me@box:~$ "])
        #expect(rig.text.components(separatedBy: "echo hi").count == 2)
    }

    @Test func aProgressLineIsWrittenWhenItSettlesAndAtMostOnceASecond() {
        var rig = Rig()
        rig.feed("$ ")
        rig.feed("run\r\n")
        for percent in 1...100 { rig.feed("\r\(percent)%", after: 20 * Self.ms) }
        rig.look(after: 2_000 * Self.ms)
        rig.feed("\r\n$ ")
        let writes = rig.text.components(separatedBy: "%").count - 1
        #expect(writes <= 3, "\(rig.text.debugDescription)")
        #expect(rig.text.contains("100%"))
        // A slow counter that settles between updates: each update, at most once a second.
        var slow = Rig()
        slow.feed("\r1 of 5")
        for step in 2...5 { slow.feed("\r\(step) of 5", after: 600 * Self.ms) }
        slow.look(after: 1_000 * Self.ms)
        let slowWrites = slow.text.components(separatedBy: " of 5").count - 1
        #expect(slowWrites >= 3 && slowWrites <= 5, "\(slow.text.debugDescription)")
    }

    @Test func anEditedPromptIsWrittenAgainOnceItSettles() {
        var rig = Rig()
        rig.feed("$ ech")
        rig.feed("\u{8} \u{8}", after: 50 * Self.ms)  // Backspace, as a shell echoes it
        rig.feed("ho hi", after: 50 * Self.ms)
        rig.look(after: 1_000 * Self.ms)
        #expect(rig.text == "$ echo hi", "appending again to what was written: \(rig.text.debugDescription)")
        var edited = Rig()
        edited.feed("$ echo hi")
        edited.feed("\u{8}\u{8}\u{8}\u{1B}[K", after: 50 * Self.ms)
        edited.feed("ho", after: 50 * Self.ms)
        edited.look(after: 1_000 * Self.ms)
        #expect(edited.text.hasPrefix("$ echo hi\r$ echoho"), "\(edited.text.debugDescription)")
    }

    @Test func theLocalCursorFollowsTheRemotesOnItsLine() {
        var rig = Rig()
        rig.feed("$ echo hi")
        rig.feed("\u{8}\u{8}", after: 50 * Self.ms)  // ← twice
        #expect(rig.text == "$ echo hi\u{8}\u{8}")
        rig.feed("\u{1B}[C", after: 50 * Self.ms)  // → once: over the same character
        #expect(rig.text == "$ echo hi\u{8}\u{8}h")
    }

    @Test func aFullScreenIsAnnouncedSummarisedAtMostOnceASecondAndEnded() throws {
        var rig = Rig(rows: 24, columns: 80)
        rig.programName = "less"
        rig.feed("$ less file\r\n")
        rig.feed("\u{1B}[?1049h\u{1B}[H\u{1B}[2J" + (1...23).map { "line \($0)" }.joined(separator: "\r\n") + "\r\n:")
        rig.look(after: 500 * Self.ms)
        // Scrolling a line at a time, 20 times a second, for 3 seconds.
        var top = 1
        for _ in 0..<60 {
            top += 1
            rig.feed("\u{1B}[H\u{1B}[2J" + (top..<(top + 23)).map { "line \($0)" }.joined(separator: "\r\n") + "\r\n:", after: 50 * Self.ms)
        }
        rig.look(after: 2_000 * Self.ms)
        rig.feed("\u{1B}[?1049l")
        rig.feed("$ ")
        let lines = rig.lines
        #expect(lines.first == "$ less file")
        #expect(lines.filter { $0 == "[less: full screen, 24 rows by 80 columns]" }.count == 1)
        #expect(lines.filter { $0 == "[less ended]" }.count == 1)
        #expect(lines.last == "$ ")
        // Summaries: the first screen, then at most one a second over the 3 s of scrolling,
        // each the rows that changed (at most a screenful).
        let opened = try #require(rig.writes.firstIndex { $0.text.contains("[less: full screen") })
        let closed = try #require(rig.writes.firstIndex { $0.text.contains("[less ended]") })
        let summaries = rig.writes[opened..<closed].filter { $0.text.contains("line ") }
        #expect(summaries.count >= 2, "\(lines)")
        for (earlier, later) in zip(summaries, summaries.dropFirst()) {
            #expect(later.at - earlier.at >= 1_000 * Self.ms)
        }
        #expect(summaries.allSatisfy { $0.text.components(separatedBy: "\r\n").count - 1 <= 24 })
        #expect(summaries.last?.text.contains("line 83") == true, "the last screen is summarised")
        #expect(!rig.written.contains(0x1B))
    }

    @Test func rtermsOwnLinesAreWrittenOnceEachAndACountdownIsNotNews() {
        var rig = Rig()
        rig.feed("$ ")
        rig.message = "link lost, last contact 3s ago · attempt 2 in 4s"
        rig.look()
        rig.message = "link lost, last contact 4s ago · attempt 2 in 3s"
        rig.look()
        rig.message = "password for me@box:"
        rig.look()
        rig.message = nil
        rig.feed("x")
        #expect(
            rig.lines == [
                // The line the message interrupted is written again after it.
                "$ ", "[rterm] link lost, last contact 3s ago · attempt 2 in 4s", "$ ", "[rterm] password for me@box:",
                "$ x",
            ], "\(rig.lines)")
    }

    @Test func aClearedScreenIsReadAgainFromItsTop() {
        var rig = Rig()
        rig.feed("one\r\ntwo\r\n$ ")
        rig.feed("clear")
        rig.feed("\r\n")
        rig.feed("\u{1B}[H\u{1B}[2J$ ")
        rig.feed("ls\r\nfile\r\n$ ")
        #expect(rig.lines == ["one", "two", "$ clear", "$ ls", "file", "$ "], "\(rig.lines)")
    }

    @Test func linesTheScrollbackCouldNotKeepAreCounted() {
        var rig = Rig(rows: 5, columns: 20, scrollback: 10)
        rig.look()
        rig.feed((1...100).map { "\($0)\r\n" }.joined())
        #expect(rig.text.contains("lines not read"))
        #expect(rig.lines.contains("100"))
    }

    @Test func nothingTheRemoteWritesReachesTheTerminalAsASequence() {
        var rig = Rig()
        let hostile = "\u{1B}]0;title\u{07}\u{1B}[31mred\u{1B}[0m \u{9B}2J\u{202E}evil\u{1B}P+q\u{1B}\\\u{1B}]52;c;Zm9v\u{07}\r\n"
        rig.feed(hostile)
        rig.feed("\u{1B}[?1049hfull\u{1B}[?1049l")
        rig.look(after: 2_000 * Self.ms)
        #expect(!rig.written.contains(0x1B) && !rig.written.contains(0x9B) && !rig.text.contains("\u{202E}"))
        #expect(rig.text.contains("evil"))
    }
}

/// A five-minute session on the manual clock, from real recordings (a shell, less, man, vim,
/// git's pager, top) and a build log, read in reader mode: the transcript stays under twice
/// the plain text the remote wrote (its bytes without escape sequences and controls).
@Suite struct ReaderSessionSizeTests {
    /// The remote's text without escape sequences and controls (line feeds kept).
    static func plainText(_ bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count {
                let kind = bytes[index + 1]
                index += 2
                if kind == UInt8(ascii: "[") {
                    while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                    index += 1
                } else if [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^")].contains(kind) {
                    while index < bytes.count, bytes[index] != 0x07, bytes[index] != 0x1B { index += 1 }
                    index += bytes.count > index && bytes[index] == 0x1B ? 2 : 1
                } else if [UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#")].contains(kind) {
                    index += 1
                }
                continue
            }
            if byte >= 0x20 || byte == 0x0A { count += 1 }
            index += 1
        }
        return count
    }

    @Test func aFiveMinuteSessionsTranscriptIsUnderTwiceItsText() throws {
        var rig = ReaderTranscriptTests.Rig(rows: 24, columns: 80)
        var remote: [UInt8] = []
        func play(_ bytes: [UInt8], pace: UInt64 = 30 * ReaderTranscriptTests.ms) {
            var offset = 0
            while offset < bytes.count {
                let piece = Array(bytes[offset..<min(bytes.count, offset + 512)])
                _ = rig.terminal.feed(piece)
                remote += piece
                rig.look(after: pace)
                offset += piece.count
            }
        }
        let recordings = [
            "bash-readline", "ls-color", "less-pages", "man-ls", "vim-edit-open", "vim-edit-quit", "git-log-less",
            "top-refresh", "vim-syntax-py-scroll", "python-repl",
        ]
        for name in recordings {
            play([UInt8](try GoldenScreenTests.load(name, ".bytes")))
            rig.look(after: 20_000 * ReaderTranscriptTests.ms)  // the user reads
        }
        // A build log: 4,000 lines over a minute.
        for batch in 0..<200 {
            let lines = (0..<20).map { "cc -O2 -Wall -c src/module_\(batch)_\($0).c -o build/module_\(batch)_\($0).o\r\n" }
            play(Array(lines.joined().utf8), pace: 300 * ReaderTranscriptTests.ms)
        }
        rig.look(after: 10_000 * ReaderTranscriptTests.ms)
        let minutes = Double(rig.now - 1_000_000_000) / 60e9
        #expect(minutes >= 5, "\(minutes) minutes")
        let plain = Self.plainText(remote)
        #expect(rig.written.count < 2 * plain, "transcript \(rig.written.count) bytes, remote text \(plain)")
        #expect(!rig.written.contains(0x1B))
        #expect(rig.text.contains("module_199_19.o"))
    }
}
