/// When typed keys are shown before the remote echoes them (`--predict`).
package enum PredictMode: String, Equatable, Sendable, CaseIterable {
    /// Only while the link is slow: the measured time from a key to its echo is above the
    /// threshold (and until it falls well below it).
    case adaptive
    /// Whenever it is safe, however fast the link.
    case always
    /// Never: the screen is only ever what the remote sent.
    case never
}
