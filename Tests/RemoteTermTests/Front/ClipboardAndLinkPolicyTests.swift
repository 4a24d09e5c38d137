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
        case .copy:
            #expect(expected == "copy")
        case .run(let argv):
            #expect(argv.count == 4 && argv[0] == "/bin/sh" && argv[1] == "-c")
            #expect(argv[2].hasPrefix(String(expected.dropFirst(4)) + " \"$1\""), "\(argv)")
            #expect(!argv.joined().contains(url), "the URL is an argument, never shell text")
        }
    }
}
