import Foundation
import Testing

@testable import RemoteTermBatch

/// `rterm render` as a user runs it: the exact text format, the ANSI format, and one-line
/// errors with exit status 2 for bad arguments.
@Suite struct RenderCommandTests {
    static func render(_ arguments: [String], input bytes: [UInt8]? = nil) throws -> RTermProcess.Result {
        let process = try RTermProcess()
        defer { process.remove() }
        var inputPath: String?
        if let bytes {
            let path = process.home + "/input.bytes"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            inputPath = path
        }
        return try process.run(["render"] + arguments, input: inputPath, timeLimit: 30)
    }

    @Test func textFormatIsExact() throws {
        let bytes = Array("hello   \r\n\u{1B}[1mbold\u{1B}[0m 中e\u{301}\r\n\u{1B}(0lqk\u{1B}(B".utf8)
        let result = try Self.render(["--size", "4x20", "-"], input: bytes)
        #expect(result.status == 0)
        #expect(result.outputText == "hello\nbold 中é\n┌─┐\n\ncursor=2,3\n")
        #expect(result.errorOutput.isEmpty)
    }

    @Test func defaultSizeIs24By80AndPendingWrapClampsTheColumn() throws {
        let result = try Self.render([], input: Array(String(repeating: "x", count: 80).utf8))
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 26)  // 24 rows, the cursor line, and the final newline
        #expect(lines[24] == "cursor=0,79")
    }

    @Test func ansiFormatCarriesColours() throws {
        let result = try Self.render(["--format", "ansi", "--size", "2x10"], input: Array("\u{1B}[31mred".utf8))
        #expect(result.status == 0)
        #expect(result.outputText.contains("\u{1B}[0;31mred\u{1B}[0m"))
    }

    /// The renditions come out as the SGR every 256-colour terminal reads (semicolons), in
    /// the same order and forms as DECRQSS reports them (double underline as 21).
    @Test(arguments: [
        ("\u{1B}[1;3;4:3;9;53;38:2::1:2:3;48:5:200mx", "\u{1B}[0;1;3;4:3;9;53;38;2;1;2;3;48;5;200mx"),
        ("\u{1B}[21;7;93;104mx", "\u{1B}[0;21;7;93;104mx"),
    ])
    func ansiFormatRenditions(_ input: String, _ expected: String) throws {
        let result = try Self.render(["--format", "ansi", "--size", "1x10"], input: Array(input.utf8))
        #expect(result.outputText.hasPrefix(expected), "\(result.outputText.debugDescription)")
    }

    /// Every code point of a cell is printed: a skin-tone modifier in its own cells, and the
    /// same cluster joined in one cell group with ?2027 (issue 10).
    @Test func attachedCodePointsArePrinted() throws {
        let bytes = Array("A👍\u{1F3FD}B\r\n\u{1B}[?2027hA👍\u{1F3FD}B".utf8)
        let text = try Self.render(["--size", "3x20", "-"], input: bytes)
        #expect(text.outputText == "A👍\u{1F3FD}B\nA👍\u{1F3FD}B\n\ncursor=1,4\n")
        let ansi = try Self.render(["--format", "ansi", "--size", "3x20", "-"], input: bytes)
        #expect(ansi.outputText.hasPrefix("A👍\u{1F3FD}B\nA👍\u{1F3FD}B\n"))
    }

    @Test func scrollbackOptionIsAccepted() throws {
        let result = try Self.render(["--scrollback", "0", "--size", "2x10"], input: Array("a\r\nb\r\nc".utf8))
        #expect(result.status == 0)
        #expect(result.outputText == "b\nc\ncursor=1,1\n")
    }

    static let badArguments: [([String], String)] = [
        (["--size", "0x5"], "rterm: bad size '0x5': expected ROWSxCOLS, each 1-1000"),
        (["--size", "24by80"], "rterm: bad size '24by80': expected ROWSxCOLS, each 1-1000"),
        (["--size"], "rterm: option --size needs a value"),
        (["--format", "html"], "rterm: bad format 'html': expected text, ansi or svg"),
        (["--scrollback", "-1"], "rterm: bad scrollback '-1': expected a number of lines"),
        (["--frobnicate"], "rterm: unknown option '--frobnicate' for render"),
        (["/nonexistent/typescript"], "rterm: cannot read '/nonexistent/typescript': No such file or directory"),
        (["a", "b"], "rterm: render takes one FILE, got 'b' too"),
    ]

    @Test(arguments: badArguments)
    func badArgumentsGiveOneLineAndStatusTwo(arguments: [String], message: String) throws {
        let result = try Self.render(arguments, input: [])
        #expect(result.status == 2)
        #expect(result.errorLines == [message])
        #expect(result.output.isEmpty)
    }

    @Test func helpDescribesTheFormat() throws {
        let result = try Self.render(["--help"])
        #expect(result.status == 0)
        #expect(result.outputText.hasPrefix("usage: rterm render [--size ROWSxCOLS] [--format text|ansi|svg]"))
    }
}

/// `rterm render` in-process (issue 54 item 8: its decisions are the batch layer's, not the
/// executable's): the options read, each mistake one line with 2, help with 0, and the
/// screen handed to the output given.
@Suite struct RenderCommandInProcessTests {
    static func run(_ arguments: [String]) -> (status: Int32, said: [String], output: String) {
        var said: [String] = []
        var output = ""
        let status = RenderCommand.run(arguments: arguments, say: { said.append($0) }, output: { output += $0 })
        return (status, said, output)
    }

    @Test func theOptionsAreRead() throws {
        let command = try RenderCommand(arguments: ["--size", "3X9", "--format", "svg", "--scrollback", "0", "f.typescript"])
        #expect([command.rows, command.columns, command.scrollback] as [Int] == [3, 9, 0])
        #expect(command.format == .svg && command.path == "f.typescript" && command.isSizeGiven)
        let plain = try RenderCommand(arguments: [])
        #expect(plain.rows == 24 && plain.columns == 80 && plain.format == .text && plain.path == "-" && !plain.isSizeGiven)
    }

    @Test(arguments: [
        (["--size", "0x80"], "rterm: bad size '0x80': expected ROWSxCOLS, each 1-1000"),
        (["--format", "png"], "rterm: bad format 'png': expected text, ansi or svg"),
        (["--scrollback", "-1"], "rterm: bad scrollback '-1': expected a number of lines"),
        (["--size"], "rterm: option --size needs a value"),
        (["--bold"], "rterm: unknown option '--bold' for render"),
        (["a", "b"], "rterm: render takes one FILE, got 'b' too"),
        (["/no/such/file"], "rterm: cannot read '/no/such/file': No such file or directory"),
    ])
    func eachMistakeIsOneLineAndTwo(_ arguments: [String], _ line: String) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.said == [line])
        #expect(result.output.isEmpty)
    }

    @Test func helpIsTheUsageAndZero() {
        let result = Self.run(["--help"])
        #expect(result.status == 0 && result.said.isEmpty)
        #expect(result.output == RenderCommand.usage)
    }

    @Test func aFileIsRenderedToTheOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("\u{1B}[2Jhi\r\nthere", to: "in.typescript")
        let result = Self.run(["--size", "3x10", directory.path + "/in.typescript"])
        #expect(result.status == 0 && result.said.isEmpty)
        #expect(result.output == "hi\nthere\n\ncursor=1,5\n")
    }
}
