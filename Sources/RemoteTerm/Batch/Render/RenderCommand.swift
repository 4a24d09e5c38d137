import Foundation
import RemoteTermEngine
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// `rterm render [--size ROWSxCOLS] [--format text|ansi|svg] [--scrollback N] [FILE|-]`:
/// feeds a typescript or recording into a fresh terminal and prints the final screen. Exit
/// status: 0, 2 for a command-line mistake or input that cannot be read.
package struct RenderCommand: Equatable {
    /// How the screen is printed.
    package enum Format: String, Equatable {
        /// One line per row, trailing spaces trimmed, then `cursor=ROW,COL`.
        case text
        /// With colours and attributes as SGR sequences.
        case ansi
        /// An SVG picture.
        case svg
    }

    package var rows = 24
    package var columns = 80
    package var format = Format.text
    package var scrollback = Terminal.defaultScrollbackLimit
    /// The input, `-` for standard input.
    package var path = "-"
    /// Whether `--size` was given (it then overrides a recording's own size).
    package var isSizeGiven = false

    package static let usage = """
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

    /// A command-line mistake (one line, exit 2), or `-h` (the usage, exit 0).
    package enum UsageProblem: Error, Equatable {
        case mistake(String)
        case help
    }

    /// Runs `rterm render` with the words after it: the screen to `output`, mistakes to `say`.
    package static func run(
        arguments: [String], say: (String) -> Void, output: (String) -> Void = StandardStream.writeOutput
    ) -> Int32 {
        do throws(UsageProblem) {
            return try RenderCommand(arguments: arguments).run(say: say, output: output)
        } catch {
            switch error {
            case .help:
                output(usage)
                return 0
            case .mistake(let message):
                say("rterm: " + message)
                return 2
            }
        }
    }

    /// Parses the arguments after `render`.
    package init(arguments: [String]) throws(UsageProblem) {
        var i = 0
        var sawPath = false
        func value(_ name: String) throws(UsageProblem) -> String {
            i += 1
            guard i < arguments.count else { throw .mistake("option \(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--size":
                let text = try value(argument)
                guard let size = Self.size(text) else { throw .mistake("bad size '\(text)': expected ROWSxCOLS, each 1-1000") }
                (rows, columns) = size
                isSizeGiven = true
            case "--format":
                let text = try value(argument)
                guard let format = Format(rawValue: text) else {
                    throw .mistake("bad format '\(text)': expected text, ansi or svg")
                }
                self.format = format
            case "--scrollback":
                let text = try value(argument)
                guard let n = Int(text), n >= 0, n <= 10_000_000 else {
                    throw .mistake("bad scrollback '\(text)': expected a number of lines")
                }
                scrollback = n
            case "-h", "--help":
                throw .help
            default:
                if argument.hasPrefix("-") && argument != "-" { throw .mistake("unknown option '\(argument)' for render") }
                guard !sawPath else { throw .mistake("render takes one FILE, got '\(argument)' too") }
                path = argument
                sawPath = true
            }
            i += 1
        }
    }

    /// `ROWSxCOLS` with each dimension in 1…1000.
    package static func size(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]),
            (1...1000).contains(rows), (1...1000).contains(columns)
        else { return nil }
        return (rows, columns)
    }

    /// Renders and prints; returns the exit status.
    package func run(say: (String) -> Void, output: (String) -> Void) -> Int32 {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        func cannotRead() -> Int32 {
            say("rterm: cannot read '\(path)': \(String(cString: strerror(errno)))")
            return 2
        }
        guard descriptor >= 0 else { return cannotRead() }
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
        guard var count = readChunk() else { return cannotRead() }
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
                say("rterm: '\(path)' is not an asciicast v2 recording")
                return 2
            }
            terminal = replayed
        } else {
            terminal = Terminal(rows: rows, columns: columns, scrollbackLimit: scrollback)
            while count > 0 {
                _ = chunk.withUnsafeBufferPointer { terminal.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                guard let more = readChunk() else { return cannotRead() }
                count = more
            }
        }
        switch format {
        case .ansi: output(ANSIRenderer.text(of: terminal))
        case .svg: output(SVGRenderer.svg(of: terminal))
        case .text: output(terminal.renderText())
        }
        return 0
    }
}
