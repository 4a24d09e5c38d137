import Foundation
import Testing

@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermSSH

/// `~u` and `~d` in-process: the escapes, the question on the bar row and what its answer
/// asks for, Tab's completion of a local path, and where a file goes by the shell's OSC 7.
@Suite struct SessionTransferFrontTests {
    static func c(_ scalar: Unicode.Scalar) -> KeyEvent { .character(scalar) }
    static var view: FrontView { FrontView(terminal: Terminal(rows: 23, columns: 80), columns: 80) }

    @Test func tildeUAndTildeDAskForAFile() {
        var filter = EscapeCharacterFilter(sessionEscapes: true)
        let actions = [Self.c("~"), Self.c("u"), Self.c("~"), Self.c("d")].flatMap { filter.frontActions($0) }
        #expect(actions == [.askForTransfer(.upload), .askForTransfer(.download)])
        // Without the session escapes (a script, a pump), ~u is two characters, as in ssh.
        var plain = EscapeCharacterFilter()
        #expect([Self.c("~"), Self.c("u")].flatMap { plain.frontActions($0) } == [.key(Self.c("~")), .key(Self.c("u"))])
    }

    @Test(arguments: [FileTransferRequest.Direction.upload, .download])
    func theAnswerAsksForTheTransferAndEscCancels(_ direction: FileTransferRequest.Direction) {
        var controller = FrontController(bar: KeyBar())
        controller.askForTransfer(direction)
        guard case .prompt(_, let purpose) = controller.mode else {
            Issue.record("no question on the bar row: \(controller.mode)")
            return
        }
        #expect(purpose == (direction == .upload ? .upload : .download))
        var actions: [FrontAction] = []
        for scalar in "a b.txt".unicodeScalars {
            actions += controller.handle(.key(.character(scalar)), now: 0, view: Self.view)
        }
        actions += controller.handle(.key(KeyEvent(.enter)), now: 0, view: Self.view)
        #expect(actions.contains(.transfer(direction, path: "a b.txt")))
        #expect(controller.mode == .live)
        controller.askForTransfer(direction)
        let cancelled = controller.handle(.key(KeyEvent(.escape)), now: 0, view: Self.view)
        #expect(!cancelled.contains { if case .transfer = $0 { true } else { false } })
        #expect(controller.mode == .live)
    }

    static let listing: [String: [(name: String, isDirectory: Bool)]] = [
        ".": [("build", true), ("builder.sh", false), ("notes.txt", false), (".hidden", false)],
        "build/": [("app.tar.gz", false)],
        "/home/me/": [("Downloads", true)],
    ]

    @Test(arguments: [
        ("no", "notes.txt"), ("bu", "build"), ("build", "build"), ("build/", "build/app.tar.gz"),
        ("~/Do", "~/Downloads/"), ("zz", "zz"), ("", ""), (".h", ".hidden"),
    ])
    func tabCompletesALocalPath(_ typed: String, _ expected: String) {
        let completed = LocalPathCompletion.complete(typed, home: "/home/me") { directory in Self.listing[directory] ?? [] }
        #expect(completed.answer == expected)
    }

    /// Tab with several matches completes what they share and lists them above the bar row,
    /// as a shell does (issue 54: it did nothing); the next key puts the list away.
    @Test func tabWithSeveralMatchesListsThemAboveTheBar() throws {
        let directory = try #require(FileManager.default.temporaryDirectory.path as String?) + "/tab-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory + "/alpha-dir", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["alpha-1.txt", "alpha-2.txt", "beta.txt"] {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())
        }
        var controller = FrontController(bar: KeyBar())
        controller.askForTransfer(.upload)
        for scalar in (directory + "/al").unicodeScalars { _ = controller.handle(.key(.character(scalar)), now: 0, view: Self.view) }
        _ = controller.handle(.key(KeyEvent(.tab)), now: 0, view: Self.view)
        #expect(controller.prompt?.answer == directory + "/alpha-")
        let above = controller.messageAbove(view: Self.view)
        #expect(above == [" alpha-1.txt  alpha-2.txt  alpha-dir/"], "\(above)")
        _ = controller.handle(.key(.character("d")), now: 0, view: Self.view)
        #expect(controller.messageAbove(view: Self.view).isEmpty)
        _ = controller.handle(.key(KeyEvent(.tab)), now: 0, view: Self.view)
        #expect(controller.prompt?.answer == directory + "/alpha-dir/", "one match: completed, nothing listed")
        #expect(controller.messageAbove(view: Self.view).isEmpty)
    }

    /// `~d`'s names come over the connection: the same list once they do.
    @Test func aRemoteCompletionWithSeveralMatchesListsThem() {
        var controller = FrontController(bar: KeyBar())
        controller.askForTransfer(.download)
        _ = controller.handle(.key(.character("b")), now: 0, view: Self.view)
        let completed = controller.completePrompt("b", with: PathCompletion(answer: "bu", matches: ["build/", "builder.sh"]))
        #expect(completed)
        #expect(controller.prompt?.answer == "bu")
        #expect(controller.messageAbove(view: Self.view) == [" build/      builder.sh"], "in columns")
        let stale = controller.completePrompt("b", with: PathCompletion(answer: "bu", matches: []))
        #expect(!stale, "typed on since: left alone")
    }

    /// Many matches take at most half the screen, and say how many more there are.
    @Test func aLongListOfMatchesSaysHowManyMore() {
        let names = (1...400).map { String(format: "file-%03d", $0) }
        let rows = FrontController.choiceRows(names, view: Self.view)
        #expect(rows.count == 11, "\(rows)")
        #expect(rows.allSatisfy { terminalColumns($0) <= 80 })
        let listed = rows.dropLast().joined().split(separator: " ").count
        #expect(rows.last == " … \(400 - listed) more: type more of the name", "\(rows)")
    }

    @Test(arguments: [
        ("file://box/home/me/src", "/home/me/src"), ("file:///tmp/a%20b", "/tmp/a b"), ("", nil), ("http://x/y", nil),
    ] as [(String, String?)])
    func theShellsDirectoryFromOSC7(_ reported: String, _ expected: String?) {
        #expect(Workspace.shellDirectory(reported) == expected)
    }
}
