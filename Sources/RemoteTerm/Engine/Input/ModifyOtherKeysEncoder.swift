/// Keys to bytes for a program that set xterm's modifyOtherKeys (`CSI > 4 ; 1 m` or `2`):
/// modified keys as `CSI 27 ; m ; code ~` (or `CSI code ; m u` with formatOtherKeys).
enum ModifyOtherKeysEncoder {
    /// The bytes `event` sends under `options.modifyOtherKeys` (1 or 2), or nil when the key
    /// goes as xterm's legacy bytes anyway.
    static func encode(_ event: KeyEvent, options: KeyEncodingOptions) -> [UInt8]? {
        // TODO(issue 44): xterm's tables.
        nil
    }
}
