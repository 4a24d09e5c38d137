import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `rterm script`, second round, as CI meets it: the docs' smoke script verbatim, prompts
/// that end in a blank, differences shown, checks made before connecting (against a host
/// that cannot resolve, so any connection attempt would show as 255), `wait-idle`,
/// `expect-style`, SVG pictures, shards and one recording per target.
@Suite struct ScriptSecondRoundTests {
    static let bash = ["--local", "--", "bash", "--norc", "--noprofile"]
    /// A target that any connection attempt fails on (exit 255).
    static let unreachable = ["-F", "none", "-o", "ConnectTimeout=2", "nonexistent.invalid"]

    /// Runs `script` with `options` before `--` and `target` after it, in a fresh home.
    static func run(
        _ script: String, options: [String] = [], target: [String] = bash, prompt: String = "$ ",
        inspect: (RTermProcess) throws -> Void = { _ in }
    ) throws -> RTermProcess.Result {
        let process = try RTermProcess()
        defer { process.remove() }
        let file = try process.file("smoke.rts", script)
        let result = try process.run(
            ["script", file] + options.map { $0.replacingOccurrences(of: "HOME", with: process.home) } + ["--"] + target,
            environment: ["PS1": prompt], timeLimit: 60)
        try inspect(process)
        return result
    }

    @Test func theDocsSmokeScriptPassesVerbatimAgainstLocalBash() throws {
        let smoke = try ScriptDocExampleTests.shellBlocks()[0]
        let result = try Self.run(smoke, options: ["--snapshots", "HOME/shots"], target: ["--local", "bash"]) { process in
            let svg = process.home + "/shots/after-vim.svg"
            #expect(FileManager.default.fileExists(atPath: svg))
            let text = (try? String(contentsOfFile: process.home + "/shots/after-vim.txt", encoding: .utf8)) ?? ""
            #expect(text.contains("It works."))
        }
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// The expect-screen example of docs/script-format.md, verbatim, with its "$ " prompt.
    @Test func theDocsExpectScreenExampleRuns() throws {
        let example = try ScriptDocExampleTests.shellBlock(containing: "expect-screen")
        let result = try Self.run("set timeout 10s\nwait /^\\$ $/\n" + example)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func aPromptEndingInABlankMatches() throws {
        let result = try Self.run(
            """
            set timeout 10s
            wait /ok> $/
            type "echo hi\\r"
            wait /^hi\\nok> $/
            expect-screen rows 1-3
            | ok> echo hi
            | hi
            | ok> 
            """, prompt: "ok> ")
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func aFailedExpectScreenSaysWhereTheRowsPart() throws {
        let result = try Self.run(
            """
            set timeout 1s
            wait /^\\$ $/
            type "echo one two\\r"
            wait /^one two$/
            expect-screen rows 2
            | one  two
            """)
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("the screen differs (· is a blank):"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("row 2, column 5:"))
        #expect(result.errorOutput.contains("expected \"one··two\""))
        #expect(result.errorOutput.contains("actual   \"one·two\""))
    }

    @Test func waitIdleWaitsUntilOutputStops() throws {
        let settles = try Self.run(
            """
            set timeout 10s
            wait /^\\$ $/
            type "for i in 1 2 3 4 5; do echo tick$i; sleep 0.2; done; echo done-ticking\\r"
            wait-idle 700ms timeout 15s
            wait /^done-ticking$/ timeout 50ms
            """)
        #expect(settles.status == 0, "\(settles.errorOutput)")
        // A flood (no process started per line, no sleep): the screen changes whatever the
        // machine's load, where a loop of `date; sleep` can stall past the idle window.
        let never = try Self.run(
            """
            wait /^\\$ $/ timeout 10s
            type "seq 1000000000\\r"
            wait-idle 500ms timeout 2s
            """)
        #expect(never.status == 1)
        #expect(never.errorOutput.contains("wait-idle: the screen kept changing for 2s"), "\(never.errorOutput)")
    }

    @Test func expectStyleChecksColoursAndAttributes() throws {
        let passes = try Self.run(
            """
            set timeout 5s
            wait /^\\$ $/
            type "clear; printf '\\\\033[1;31mX\\\\033[0;4;48;5;200mY\\\\033[0m\\\\n'\\r"
            wait /^XY$/
            expect-style 1,1 fg=red bg=default bold no-underline
            expect-style 1,2 fg=default bg=200 underline no-bold
            """)
        #expect(passes.status == 0, "\(passes.errorOutput)")
        let fails = try Self.run(
            """
            set timeout 1s
            wait /^\\$ $/
            type "clear; printf '\\\\033[32mG\\\\033[0m\\\\n'\\r"
            wait /^G$/
            expect-style 1,1 fg=#00ff00 italic
            """)
        #expect(fails.status == 1)
        #expect(fails.errorOutput.contains("expect-style 1,1: fg is green, not #00ff00, not italic (the cell: fg=green bg=default)"),
            "\(fails.errorOutput)")
    }

    /// Each of these is found before any connection is tried: exit 2 with one line (an
    /// attempt would end in 255, the host does not resolve).
    @Test(arguments: [
        ("size 5x40\nexpect-screen rows 7-8\n| a\n| b\n", [], "smoke.rts:2:1: rows 7-8 is outside the 5x40 screen"),
        ("size 5x40\nresize 10x40\nexpect-cursor 11,1\n", [], "smoke.rts:3:1: 11,1 is outside the 10x40 screen"),
        ("expect-style 1,81 bold\n", [], "smoke.rts:1:1: 1,81 is outside the 24x80 screen"),
        ("click Nope\n", [], "smoke.rts:1:1: there is no button 'Nope' on the key bar"),
        ("type \"x\"\n", ["--record", "HOME/missing/run.cast"], "rterm: --record HOME/missing/run.cast: the directory HOME/missing does not exist"),
        ("type \"x\"\n", ["--junit", "HOME/missing/r.xml"], "rterm: --junit HOME/missing/r.xml: the directory HOME/missing does not exist"),
        ("type \"x\"\n", ["--shard", "1/2"], "rterm: --shard is for runs over --hosts FILE; give --hosts too"),
        ("type \"x\"\n", ["--shard", "3/2"], "rterm: bad --shard '3/2': expected K/N with 1 ≤ K ≤ N (such as 2/4), or auto"),
    ])
    func checkedBeforeConnecting(script: String, options: [String], message: String) throws {
        var home = ""
        let result = try Self.run(script, options: options, target: Self.unreachable) { home = $0.home }
        #expect(result.status == 2, "\(result.errorOutput)")
        #expect(result.errorLines.count == 1, "\(result.errorOutput)")
        let expected = message.replacingOccurrences(of: "HOME", with: home)
        #expect(result.errorLines.first.map { $0.hasPrefix(expected) || $0.hasSuffix(expected) || $0.contains(expected) } == true,
            "\(result.errorOutput)")
    }

    @Test func aMissingSnapshotsDirectoryIsCreatedFirst() throws {
        let result = try Self.run("type \"x\"\n", options: ["--snapshots", "HOME/new/shots"], target: Self.unreachable) { process in
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: process.home + "/new/shots", isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
        }
        #expect(result.status == 255, "\(result.errorOutput)")
    }

    @Test func aRecordingThatCannotBeWrittenIsOneLineNotACrash() throws {
        let result = try Self.run(
            "set timeout 5s\nwait /^\\$ $/\ntype \"seq 1 20000\\r\"\nwait /^20000$/\n", options: ["--record", "/dev/full"])
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.errorLines == ["rterm: cannot write the recording /dev/full: No space left on device"], "\(result.errorOutput)")
    }

    @Test func aFailingStepLeavesAPictureTheReportLinks() throws {
        let result = try Self.run(
            "set timeout 1s\nwait /^\\$ $/\ntype \"printf '\\\\033[31mred\\\\033[0m\\\\n'\\r\"\nwait /^never$/\n",
            options: ["--snapshots", "HOME/shots", "--junit", "HOME/report.xml"]
        ) { process in
            let picture = process.home + "/shots/failure.svg"
            let svg = try String(contentsOfFile: picture, encoding: .utf8)
            #expect(svg.contains("#cd0000"))  // the red text, in xterm's red
            let report = try String(contentsOfFile: process.home + "/report.xml", encoding: .utf8)
            #expect(report.contains("<system-out>[[ATTACHMENT|\(picture)]]</system-out>"), "\(report)")
        }
        #expect(result.status == 1)
    }

    @Test func withOnlyAReportThePictureGoesBesideIt() throws {
        let result = try Self.run(
            "set timeout 1s\nwait /^\\$ $/\nwait /^never$/\n", options: ["--junit", "HOME/report.xml"]
        ) { process in
            let picture = process.home + "/failure.svg"
            #expect(FileManager.default.fileExists(atPath: picture))
            let report = try String(contentsOfFile: process.home + "/report.xml", encoding: .utf8)
            #expect(report.contains("[[ATTACHMENT|\(picture)]]"))
        }
        #expect(result.status == 1)
    }

    @Test func renderWritesAnSVGThatParses() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let input = try process.file("in.bytes", "plain \u{1B}[1;31mbold red\u{1B}[0m \u{1B}[44m中\u{1B}[0m <&>\r\n")
        let result = try process.run(["render", "--size", "3x30", "--format", "svg", input], timeLimit: 20)
        #expect(result.status == 0, "\(result.errorOutput)")
        let svg = try SVGElements(result.output)
        #expect(svg.elements.first?.name == "svg")
        #expect(svg.elements.first?.attributes["width"] == "270")
        let texts = svg.elements.filter { $0.name == "text" }
        #expect(texts.map(\.text).contains("bold red"))
        #expect(texts.map(\.text).contains("中"))
        #expect(texts.contains { $0.text.hasSuffix("<&>") })
        let red = texts.first { $0.text == "bold red" }
        #expect(red?.attributes["fill"] == "#cd0000")
        #expect(red?.attributes["font-weight"] == "bold")
        #expect(svg.elements.contains { $0.name == "rect" && $0.attributes["fill"] == "#0000ee" })
    }

    /// An SVG document read with Foundation's XML parser: each element's name, attributes
    /// and text, in document order. Throws when it is not well-formed XML.
    final class SVGElements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var text = ""
        }
        var elements: [Element] = []
        private var open: [Int] = []

        init(_ data: Data) throws {
            super.init()
            let parser = XMLParser(data: data)
            parser.delegate = self
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }

    @Test func shardsAreDisjointAndCompleteWithARecordingEach() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let script = try process.file("s.rts", "set timeout 10s\nwait /^host-[0-9]$/\nexpect-exit 0\n")
        let hosts = try process.file(
            "hosts", "# four targets\n--local -- echo host-1\n--local -- echo host-2\n\n--local -- echo host-3\n--local -- echo host-4\n")
        var names: [[String]] = []
        for shard in ["1/2", "2/2"] {
            let report = process.home + "/shard-\(shard.prefix(1)).xml"
            let result = try process.run(
                ["script", script, "--hosts", hosts, "--shard", shard, "--junit", report, "--record", process.home + "/casts"],
                timeLimit: 60)
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.outputText == "2 passed, 0 failed\n")
            let xml = try String(contentsOfFile: report, encoding: .utf8)
            #expect(xml.contains("<testsuite name=\"rterm script (shard \(shard))\""))
            names.append(xml.components(separatedBy: " name=\"").dropFirst(2).map { String($0.prefix { $0 != "\"" }) })
        }
        #expect(names[0].count == 2 && names[1].count == 2)
        #expect(Set(names[0]).isDisjoint(with: names[1]))
        #expect(names[0].contains { $0.contains("host-1") } && names[0].contains { $0.contains("host-3") })
        #expect(names[1].contains { $0.contains("host-2") } && names[1].contains { $0.contains("host-4") })
        let casts = try FileManager.default.contentsOfDirectory(atPath: process.home + "/casts").sorted()
        #expect(casts == ["2---local_--_echo_host-1.cast", "3---local_--_echo_host-2.cast",
            "5---local_--_echo_host-3.cast", "6---local_--_echo_host-4.cast"], "\(casts)")
    }
}
