/// One line of a script run's trace (`--trace FILE`, and the JUnit report's `<system-out>`):
/// when a step was over, where it is written, the step as written, how it ended, and a
/// digest of the screen then, so two runs can be compared step by step without their screens.
package struct ScriptTraceEntry: Equatable, Sendable, CustomStringConvertible {
    /// Seconds since the run's first step began.
    package var seconds: Double
    /// Where the step is written.
    package var location: ScriptLocation
    /// The step as written.
    package var step: String
    /// Whether it passed.
    package var passed: Bool
    /// FNV-1a (64 bits) of the screen's text when the step was over, in hex.
    package var screenDigest: String

    package init(seconds: Double, location: ScriptLocation, step: String, passed: Bool, screenDigest: String) {
        self.seconds = seconds
        self.location = location
        self.step = step
        self.passed = passed
        self.screenDigest = screenDigest
    }

    /// `   0.412s  smoke.rts:5:1  ok      screen 3f09…  wait /^hello/`: fixed columns first,
    /// the step (of any length) last.
    package var description: String {
        let time = String(Int((seconds * 1000).rounded()))
        let padded = String(repeating: " ", count: max(0, 7 - time.count)) + time + "ms"
        let status = passed ? "ok    " : "FAILED"
        return "\(padded)  \(status)  screen \(screenDigest)  \(location)  \(step)"
    }

    /// The 64-bit FNV-1a digest of `text`, as 16 hex digits: cheap, stable across runs and
    /// platforms, and enough to tell two screens apart (not a security hash).
    package static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
