// What the user's terminal can draw beyond ncurses, read from the environment and terminfo.
// The terminfo tables are what Debian's ncurses 6.4 gives for these entries (`infocmp -x`):
// xterm-256color has smxx only; tmux-256color smxx and Smulx; vte-256color smxx, Smulx and
// Smol; xterm-direct the RGB flag. None of them has Setulc.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let esc = "\u{1B}"

private struct Entry: Sendable, CustomStringConvertible {
    var name: String
    var environment: [String: String]
    var strings: [String: String]
    var flags: Set<String>
    var expected: LocalStyleCapabilities
    var description: String { name }
}

private let xterm256 = ["smxx": "\(esc)[9m", "rmxx": "\(esc)[29m"]
private let tmux256 = ["smxx": "\(esc)[9m", "rmxx": "\(esc)[29m", "Smulx": "\(esc)[4:%p1%dm"]
private let vte256 = [
    "smxx": "\(esc)[9m", "Smulx": "\(esc)[4:%p1%dm", "Smol": "\(esc)[53m", "Rmol": "\(esc)[55m",
]

private let entries: [Entry] = [
    Entry(
        name: "xterm-256color with COLORTERM=truecolor", environment: ["COLORTERM": "truecolor"],
        strings: xterm256, flags: [],
        expected: LocalStyleCapabilities(
            directColor: true, strikethrough: true, strikethroughString: "\(esc)[9m")),
    Entry(
        name: "COLORTERM=24bit", environment: ["COLORTERM": "24bit"], strings: [:], flags: [],
        expected: LocalStyleCapabilities(directColor: true)),
    Entry(
        name: "COLORTERM names no depth", environment: ["COLORTERM": "rxvt-xpm"], strings: [:], flags: [],
        expected: .none),
    Entry(
        name: "xterm-direct: the RGB flag", environment: [:], strings: xterm256, flags: ["RGB"],
        expected: LocalStyleCapabilities(
            directColor: true, strikethrough: true, strikethroughString: "\(esc)[9m")),
    Entry(
        name: "RGB in its string form", environment: [:], strings: ["RGB": "8/8/8"], flags: [],
        expected: LocalStyleCapabilities(directColor: true)),
    Entry(
        name: "tmux's Tc", environment: [:], strings: [:], flags: ["Tc"],
        expected: LocalStyleCapabilities(directColor: true)),
    Entry(
        name: "tmux-256color inside tmux, no COLORTERM", environment: ["TMUX": "/tmp/tmux-0/default,1,0"],
        strings: tmux256, flags: [],
        expected: LocalStyleCapabilities(
            strikethrough: true, styledUnderline: true, strikethroughString: "\(esc)[9m",
            styledUnderlineString: "\(esc)[4:%p1%dm")),
    Entry(
        name: "tmux-256color with COLORTERM passed on",
        environment: ["TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "truecolor"], strings: tmux256, flags: [],
        expected: LocalStyleCapabilities(
            directColor: true, strikethrough: true, styledUnderline: true, strikethroughString: "\(esc)[9m",
            styledUnderlineString: "\(esc)[4:%p1%dm")),
    Entry(
        name: "vte-256color", environment: ["COLORTERM": "truecolor"], strings: vte256, flags: [],
        expected: LocalStyleCapabilities(
            directColor: true, strikethrough: true, overline: true, styledUnderline: true,
            strikethroughString: "\(esc)[9m", overlineString: "\(esc)[53m",
            styledUnderlineString: "\(esc)[4:%p1%dm")),
    Entry(
        name: "Setulc", environment: [:], strings: ["Setulc": "\(esc)[58:2:%p1%dm"], flags: [],
        expected: LocalStyleCapabilities(underlineColor: true, underlineColorString: "\(esc)[58:2:%p1%dm")),
    Entry(
        name: "Su: underline styles and colour, standard sequences", environment: [:], strings: [:],
        flags: ["Su"], expected: LocalStyleCapabilities(styledUnderline: true, underlineColor: true)),
    Entry(
        name: "empty strings count as absent", environment: [:], strings: ["smxx": "", "Smol": ""], flags: [],
        expected: .none),
    Entry(name: "nothing at all", environment: [:], strings: [:], flags: [], expected: .none),
]

@Suite struct LocalStyleCapabilitiesTests {
    @Test(arguments: entries)
    fileprivate func detection(_ entry: Entry) {
        let detected = LocalStyleCapabilities.detect(
            environment: entry.environment, string: { entry.strings[$0] }, flag: { entry.flags.contains($0) })
        #expect(detected == entry.expected)
    }

    @Test func noneHasNothing() {
        #expect(LocalStyleCapabilities.none.isEmpty)
        #expect(!LocalStyleCapabilities(overline: true).isEmpty)
    }

    @Test func directColorIsLeftToNcursesOnADirectEntry() {
        let capabilities = LocalStyleCapabilities(directColor: true, strikethrough: true)
        #expect(capabilities.beyondNcurses(colorCount: 1 << 24) == LocalStyleCapabilities(strikethrough: true))
        #expect(capabilities.beyondNcurses(colorCount: 256) == capabilities)
    }
}
