import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// What reaches the user's clipboard and what a link click runs: the remote's OSC 52 is
/// decoded and re-encoded (never passed raw), queries are never answered, and a URL is
/// never part of a shell command.
@Suite struct ClipboardAndLinkPolicyTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aCopyIsOSC52OfTheTextInBase64() throws {
        let sequence = try #require(LocalClipboard.sequence(copying: "héllo"))
        #expect(Self.text(sequence) == "\u{1B}]52;c;aMOpbGxv\u{1B}\\")
    }

    @Test func aCopyOverTheLimitIsRefusedNotCut() {
        #expect(LocalClipboard.sequence(copying: String(repeating: "x", count: LocalClipboard.limit + 1)) == nil)
    }

    @Test(arguments: [
        ("c", "aGk=", "\u{1B}]52;c;aGk=\u{1B}\\"),
        ("", "aGk=", "\u{1B}]52;s0;aGk=\u{1B}\\"),
        ("c\u{1B}]0;x", "aGk=", "\u{1B}]52;c0;aGk=\u{1B}\\"),
        ("p", "a G\nk=", "\u{1B}]52;p;aGk=\u{1B}\\"),
    ])
    func remoteWritesAreReencoded(_ selection: String, _ data: String, _ expected: String) {
        guard case .write(let bytes, let count) = LocalClipboard.remoteRequest(selection: selection, data: data, allowed: true)
        else {
            Issue.record("not written")
            return
        }
        #expect(Self.text(bytes) == expected)
        #expect(count == 2)
    }

    @Test func queriesAreNeverAnsweredAndWritesCanBeSwitchedOff() {
        #expect(LocalClipboard.remoteRequest(selection: "c", data: "?", allowed: true) == .query)
        guard case .refused = LocalClipboard.remoteRequest(selection: "c", data: "aGk=", allowed: false) else {
            Issue.record("written although switched off")
            return
        }
    }

    @Test func badBase64IsRefused() {
        guard case .refused = LocalClipboard.remoteRequest(selection: "c", data: "\u{1B}[2J", allowed: true) else {
            Issue.record("accepted")
            return
        }
    }

    @Test(arguments: [
        ("https://example.com/", ["RTERM_OPEN": "myopen --new"], true, "run myopen --new"),
        ("https://example.com/", ["DISPLAY": ":0"], true, "run xdg-open"),
        ("https://example.com/", ["DISPLAY": ":0"], false, "copy"),
        ("https://example.com/", [:], true, "copy"),
        ("javascript:alert(1)", ["RTERM_OPEN": "myopen"], true, "copy"),
        ("-e evil", ["RTERM_OPEN": "myopen"], true, "copy"),
        ("MAILTO:a@b.c", ["WAYLAND_DISPLAY": "wayland-0"], true, "run xdg-open"),
    ])
    func whatAClickOnALinkDoes(_ url: String, _ environment: [String: String], _ hasXdgOpen: Bool, _ expected: String) {
        switch LinkOpener.plan(url: url, environment: environment, hasXdgOpen: hasXdgOpen) {
        case .copy, .copyElsewhereFile:
            #expect(expected == "copy")
        case .run(let argv):
            #expect(argv.count == 4 && argv[0] == "/bin/sh" && argv[1] == "-c")
            #expect(argv[2].hasPrefix(String(expected.dropFirst(4)) + " \"$1\""), "\(argv)")
            #expect(!argv.joined().contains(url), "the URL is an argument, never shell text")
        }
    }

    /// Issue 53, item 5: a `file:` URL names a file on the machine whose program wrote it. A
    /// remote's is copied, never opened (opening this machine's `/etc/passwd`, or a file the
    /// remote named in a download folder, is the remote's choice), unless its host part names
    /// this machine; a session that runs here (`--local`) opens its own.
    @Test(arguments: [
        ("file:///etc/passwd", false, "copy elsewhere"),
        ("file:/etc/passwd", false, "copy elsewhere"),
        ("file://localhost/etc/passwd", false, "copy elsewhere"),
        ("file://LOCALHOST/etc/passwd", false, "copy elsewhere"),
        ("file://server.example/home/me/x", false, "copy elsewhere"),
        ("file://here.example/home/me/x", false, "run"),
        ("FILE://HERE/home/me/x", false, "run"),
        ("file://here%2Eexample/x", false, "run"),
        ("file:///etc/passwd", true, "run"),
        ("file://localhost/x", true, "run"),
        ("file://server.example/x", true, "copy elsewhere"),
        ("https://example.com/", false, "run"),
    ])
    func aFileLinkOpensOnlyWhenItNamesThisMachine(_ url: String, _ runsHere: Bool, _ expected: String) {
        let plan = LinkOpener.plan(
            url: url, environment: ["RTERM_OPEN": "myopen"], hasXdgOpen: true, runsHere: runsHere, hostName: "here.example")
        switch plan {
        case .copyElsewhereFile: #expect(expected == "copy elsewhere", "\(url)")
        case .copy: #expect(expected == "copy", "\(url)")
        case .run: #expect(expected == "run", "\(url)")
        }
    }

    /// Nor is a remote's `file:` link passed on to a terminal that takes OSC 8 (which would
    /// open it here): it stays underlined, but is not named on its row.
    @Test func aRemotesFileLinkIsNotPassedOnButALocalSessionsIs() {
        var terminal = Terminal(rows: 3, columns: 40)
        terminal.feed(Array("see file:///etc/passwd and https://x.example/".utf8))
        let links = LinkDetector.links(in: terminal.heldLines, firstLineNumber: terminal.oldestLineNumber)
        #expect(links.map(\.url) == ["file:///etc/passwd", "https://x.example/"], "\(links)")
        for runsHere in [false, true] {
            var overlays = FrameComposer.Overlays(links: links)
            overlays.runsHere = runsHere
            let frame = FrameComposer.compose(terminal, topLine: nil, area: (3, 40), overlays: overlays)
            let named = frame.lines[0].links.map(\.url)
            #expect(named == (runsHere ? ["file:///etc/passwd", "https://x.example/"] : ["https://x.example/"]), "\(named)")
            // Underlined either way: it is still a link to click (and copy).
            #expect(frame.lines[0].cells[4].attributes.underlineStyle == .single)
        }
    }
}
