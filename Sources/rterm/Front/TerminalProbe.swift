import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the local terminal who it is (`ESC [ > c`, then `ESC [ c`), for choosing a terminfo
/// entry when `TERM` names one terminfo does not know (`DeviceAttributeAnswers`). The answer
/// is read in raw mode, for at most `timeout` milliseconds; no answer at all means vt100.
enum TerminalProbe {
    static func suggestedTerm(input: Int32 = 0, output: Int32 = 1, timeout: Int32 = 500) -> String {
        var saved = termios()
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return "vt100" }
        var raw = saved
        cfmakeraw(&raw)
        _ = tcsetattr(input, TCSANOW, &raw)
        defer { _ = tcsetattr(input, TCSADRAIN, &saved) }
        let question = Array("\u{1B}[>c\u{1B}[c".utf8)
        guard question.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) == question.count else {
            return "vt100"
        }
        var answers = DeviceAttributeAnswers()
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = MonotonicClock.now() &+ UInt64(timeout) * 1_000_000
        while !answers.sawPrimary {
            let now = MonotonicClock.now()
            guard now < deadline else { break }
            var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let wait = Int32((deadline - now) / 1_000_000 + 1)
            guard poll(&entry, 1, wait) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            answers.scan(buffer[0..<count])
        }
        return answers.suggestedTerm
    }
}
