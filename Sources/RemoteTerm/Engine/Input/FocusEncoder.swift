/// Focus changes of the local window to bytes: `ESC [ I` when it gains focus and `ESC [ O`
/// when it loses it, only if the remote asked for focus reports (?1004).
package enum FocusEncoder {
    /// The report for a focus change, or nil when the remote did not ask for one.
    package static func encode(focused: Bool, options: KeyEncodingOptions) -> [UInt8]? {
        guard options.focusEvents else { return nil }
        return [0x1B, UInt8(ascii: "["), focused ? UInt8(ascii: "I") : UInt8(ascii: "O")]
    }
}
