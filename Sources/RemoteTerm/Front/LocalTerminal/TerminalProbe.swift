import RemoteTermEngine
import RemoteTermLoop


#if canImport(Glibc)
    import Glibc
#endif

/// Questions to the local terminal, answered in raw mode within a timeout, before the screen
/// starts: who it is (`ESC [ > c`, then `ESC [ c`), for choosing a terminfo entry when `TERM`
/// names one terminfo does not know (`DeviceAttributeAnswers`; no answer means vt100), and its
/// colours and keyboard protocols (`startupAnswers`).
package enum TerminalProbe {
    package static func suggestedTerm(input: Int32 = 0, output: Int32 = 1, timeout: Int32 = 500) -> String {
        var answers = DeviceAttributeAnswers()
        ask(Array("\u{1B}[>c\u{1B}[c".utf8), input: input, output: output, timeout: timeout) { bytes in
            answers.scan(bytes)
            return answers.sawPrimary
        }
        return answers.suggestedTerm
    }

    /// What the front asks the local terminal before its screen starts, in one round trip
    /// (one wait for the device attributes that end it): its text and background colours
    /// (`LocalColorAnswers`), for answering the remote's colour queries with what the user
    /// sees (xterm's when it does not say), and the keyboard protocols it speaks
    /// (`LocalKeyboardAnswers`), for the one the screen turns on. Terminals without these
    /// queries (the Linux console, DEC terminals) are not asked: some would show the question.
    package static func startupAnswers(
        term: String?, input: Int32 = 0, output: Int32 = 1, timeout: Int32 = 300
    ) -> StartupAnswers {
        let plain = ["linux", "dumb", "vt52", "vt100", "vt102", "vt220", "vt320", "vt420", "vt520", "cons25"]
        guard let term, !plain.contains(where: { term == $0 || term.hasPrefix($0 + "-") }) else {
            return StartupAnswers()
        }
        var colors = LocalColorAnswers()
        var keyboard = LocalKeyboardAnswers()
        var synchronized = LocalSynchronizedOutputAnswer()
        ask(startupQuestion, input: input, output: output, timeout: timeout) { bytes in
            colors.scan(bytes)
            keyboard.scan(bytes)
            synchronized.scan(bytes)
            return colors.isComplete && keyboard.isComplete
        }
        return StartupAnswers(
            colorDefaults: colors.colorDefaults, keyboard: keyboard.keyboardProtocol,
            synchronizedOutput: synchronized.isSupported)
    }

    /// The colour and keyboard questions, then `CSI m` (a terminal that ignored the private
    /// marker of `CSI ? 4 m` took it for underline: nothing is drawn yet, so the reset costs
    /// nothing), then DA1, which every terminal answers, as the end marker.
    static let startupQuestion =
        LocalColorAnswers.question + LocalKeyboardAnswers.question + LocalSynchronizedOutputAnswer.question
        + Array("\u{1B}[m\u{1B}[c".utf8)

    /// What `startupAnswers` found out.
    package struct StartupAnswers: Equatable, Sendable {
        /// xterm's colours with the local text and background colours in their places.
        package var colorDefaults: TerminalColors.Defaults
        /// The keyboard protocol for the screen to turn on.
        package var keyboard: LocalKeyboardProtocol

        /// The terminal draws synchronized frames (?2026): the screen wraps each frame in them.
        package var synchronizedOutput: Bool

        /// What a terminal that is not asked is taken to have: xterm's colours, legacy keys,
        /// no synchronized frames.
        package init(
            colorDefaults: TerminalColors.Defaults = .xterm, keyboard: LocalKeyboardProtocol = .legacy,
            synchronizedOutput: Bool = false
        ) {
            self.colorDefaults = colorDefaults
            self.keyboard = keyboard
            self.synchronizedOutput = synchronizedOutput
        }
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
