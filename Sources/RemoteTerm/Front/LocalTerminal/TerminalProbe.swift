import RemoteTermEngine
import RemoteTermLoop


#if canImport(Glibc)
    import Glibc
#endif

/// Questions to the local terminal, answered in raw mode within a timeout, before the screen
/// starts: who it is (`ESC [ > c`, then `ESC [ c`), for choosing a terminfo entry when `TERM`
/// names one terminfo does not know (`DeviceAttributeAnswers`; no answer means vt100), and its
/// colours (`LocalColorAnswers`).
public enum TerminalProbe {
    public static func suggestedTerm(input: Int32 = 0, output: Int32 = 1, timeout: Int32 = 500) -> String {
        var answers = DeviceAttributeAnswers()
        ask(Array("\u{1B}[>c\u{1B}[c".utf8), input: input, output: output, timeout: timeout) { bytes in
            answers.scan(bytes)
            return answers.sawPrimary
        }
        return answers.suggestedTerm
    }

    /// The local terminal's text and background colours (`LocalColorAnswers`), for answering
    /// the remote's colour queries with what the user sees; xterm's when it does not say.
    /// Terminals without OSC colour queries (the Linux console, DEC terminals) are not asked:
    /// some would show the question.
    public static func colorDefaults(
        term: String?, input: Int32 = 0, output: Int32 = 1, timeout: Int32 = 300
    ) -> TerminalColors.Defaults {
        let plain = ["linux", "dumb", "vt52", "vt100", "vt102", "vt220", "vt320", "vt420", "vt520", "cons25"]
        guard let term, !plain.contains(where: { term == $0 || term.hasPrefix($0 + "-") }) else { return .xterm }
        var answers = LocalColorAnswers()
        ask(LocalColorAnswers.question, input: input, output: output, timeout: timeout) { bytes in
            answers.scan(bytes)
            return answers.isComplete
        }
        return answers.colorDefaults
    }

    /// Writes `question` in raw mode and hands what comes back to `take` until it says the
    /// answer is complete, or `timeout` milliseconds pass.
    private static func ask(
        _ question: [UInt8], input: Int32, output: Int32, timeout: Int32, take: (ArraySlice<UInt8>) -> Bool
    ) {
        var saved = termios()
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return }
        var raw = saved
        cfmakeraw(&raw)
        _ = tcsetattr(input, TCSANOW, &raw)
        defer { _ = tcsetattr(input, TCSADRAIN, &saved) }
        guard question.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == question.count else { return }
        var buffer = [UInt8](repeating: 0, count: 256)
        // Before the loop exists: the system clock, read directly.
        let clock = SystemClock()
        let deadline = clock.now() &+ UInt64(timeout) * 1_000_000
        while true {
            let now = clock.now()
            guard now < deadline else { return }
            var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let wait = Int32((deadline - now) / 1_000_000 + 1)
            guard poll(&entry, 1, wait) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count <= 0 || take(buffer[0..<count]) { return }
        }
    }
}
