/// How predictive local echo behaves: `--predict` / `RTermPredict`, written
/// `MODE[=MS][,overwrite]`: `adaptive` (shown once the round trip is above MS, 40 unless
/// given), `always` or `never`; `overwrite` guesses that a typed character replaces the one
/// under the cursor instead of pushing the rest of the line right (shells that draw their
/// own text after the cursor, such as fish's autosuggestions).
package struct PredictionSettings: Equatable, Sendable, CustomStringConvertible {
    /// When guesses are shown.
    package var mode: PredictMode
    /// `adaptive` shows guesses once the smoothed round trip is above this (ns); they stop
    /// below half of it.
    package var threshold: UInt64 = Self.defaultThreshold
    /// A typed character replaces the one under the cursor rather than being inserted.
    package var overwrite = false

    /// 40 ms: typing is felt as late above about this.
    package static let defaultThreshold: UInt64 = 40_000_000

    /// The default: adaptive, 40 ms, inserting.
    package static let adaptive = PredictionSettings(mode: .adaptive)
    /// Never guess.
    package static let never = PredictionSettings(mode: .never)

    /// Settings in `mode`.
    package init(mode: PredictMode, threshold: UInt64 = Self.defaultThreshold, overwrite: Bool = false) {
        self.mode = mode
        self.threshold = threshold
        self.overwrite = overwrite
    }

    /// Parses `MODE[=MS][,overwrite]`, or nil.
    package init?(parsing text: String) {
        var parts = text.lowercased().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var overwrite = false
        if parts.count == 2, parts[1] == "overwrite" {
            overwrite = true
            parts.removeLast()
        }
        guard parts.count == 1 else { return nil }
        let modeAndThreshold = parts[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let mode = PredictMode(rawValue: String(modeAndThreshold[0])) else { return nil }
        var threshold = Self.defaultThreshold
        if modeAndThreshold.count == 2 {
            guard mode == .adaptive, let ms = UInt64(modeAndThreshold[1]), (1...10_000).contains(ms) else { return nil }
            threshold = ms * 1_000_000
        }
        self.init(mode: mode, threshold: threshold, overwrite: overwrite)
    }

    /// As written in a config (`-G` shows it).
    package var description: String {
        var text = mode.rawValue
        if mode == .adaptive, threshold != Self.defaultThreshold { text += "=\(threshold / 1_000_000)" }
        return overwrite ? text + ",overwrite" : text
    }
}
