import Foundation
import RemoteTerm

/// `rterm render [--size ROWSxCOLS] [--format text|ansi|svg] [--scrollback N] [FILE|-]`: feeds a
/// typescript or recording into a fresh terminal and prints the final screen.
struct RenderCommand {
    var rows = 24
    var columns = 80
    var format = "text"
    var scrollback = Terminal.defaultScrollbackLimit
    var path = "-"
    var isSizeGiven = false

    static let usage = """
        usage: rterm render [--size ROWSxCOLS] [--format text|ansi|svg] [--scrollback N]
                            [FILE|-]

        Feeds the bytes of FILE (or standard input) into a fresh terminal and prints the
        final screen: a typescript from script(1), a recording, any byte stream.

          --size ROWSxCOLS   terminal size, default 24x80 (each 1-1000)
          --format text      one line per row, trailing spaces trimmed, then
                             cursor=ROW,COL
          --format ansi      the screen with colours and attributes as SGR sequences
          --format svg       the screen as an SVG picture (colours, attributes, cursor)
          --scrollback N     scrollback lines kept, default 10000
          -h, --help         show this help

        """

    /// Parses the arguments after `render`.
    init(arguments: [String]) throws(UsageError) {
        var i = 0
        var sawPath = false
        func value(_ name: String) throws(UsageError) -> String {
            i += 1
            guard i < arguments.count else { throw UsageError("option \(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--size":
                let text = try value(argument)
                guard let size = parseSize(text) else {
                    throw UsageError("bad size '\(text)': expected ROWSxCOLS, each 1-1000")
                }
                (rows, columns) = size
                isSizeGiven = true
            case "--format":
                format = try value(argument)
                guard ["text", "ansi", "svg"].contains(format) else {
                    throw UsageError("bad format '\(format)': expected text, ansi or svg")
                }
            case "--scrollback":
                let text = try value(argument)
                guard let n = Int(text), n >= 0, n <= 10_000_000 else {
                    throw UsageError("bad scrollback '\(text)': expected a number of lines")
                }
                scrollback = n
            case "-h", "--help":
                throw UsageError.help(Self.usage)
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option '\(argument)' for render")
                }
                guard !sawPath else { throw UsageError("render takes one FILE, got '\(argument)' too") }
                path = argument
                sawPath = true
            }
            i += 1
        }
    }

    /// Renders and prints; returns the exit status.
    func run() -> Int32 {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            printError("rterm: cannot read '\(path)': \(String(cString: strerror(errno)))")
            return 2
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        // Read and fed 64 KiB at a time: memory stays at the terminal's, whatever the input's
        // size, and the effects render does not use (replies, bells, titles: 64 MiB of
        // `ESC [ c` is 22 million replies) are dropped as they come.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        func readChunk() -> Int? {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count >= 0 { return count }
                if errno != EINTR { return nil }
            }
        }
        guard var count = readChunk() else {
            printError("rterm: cannot read '\(path)': \(String(cString: strerror(errno)))")
            return 2
        }
        var terminal: Terminal
        if path.hasSuffix(".cast") || chunk[0..<count].starts(with: Array("{\"".utf8)) {
            var data = Data(chunk[0..<count])
            while count > 0, let more = readChunk() {
                count = more
                data.append(contentsOf: chunk[0..<count])
            }
            guard
                let replayed = AsciicastReader.replay(
                    data, size: (rows, columns), overridesRecordedSize: isSizeGiven, scrollbackLimit: scrollback)
            else {
                printError("rterm: '\(path)' is not an asciicast v2 recording")
                return 2
            }
            terminal = replayed
        } else {
            terminal = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollback)
            while count > 0 {
                _ = chunk.withUnsafeBufferPointer { terminal.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                guard let more = readChunk() else {
                    printError("rterm: cannot read '\(path)': \(String(cString: strerror(errno)))")
                    return 2
                }
                count = more
            }
        }
        let output: String
        switch format {
        case "ansi": output = ANSIRenderer.text(of: terminal)
        case "svg": output = SVGRenderer.svg(of: terminal)
        default: output = terminal.renderText()
        }
        StandardStream.writeOutput(output)
        return 0
    }
}


/// Parses `ROWSxCOLS` with each dimension in 1…1000.
func parseSize(_ text: String) -> (Int, Int)? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]),
        (1...1000).contains(rows), (1...1000).contains(columns)
    else { return nil }
    return (rows, columns)
}
