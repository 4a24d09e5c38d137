/// Keys to bytes for a program that asked for the kitty keyboard protocol (`CSI > flags u`),
/// as https://sw.kovidgoyal.net/kitty/keyboard-protocol/ specifies for each flag.
enum KittyKeyEncoder {
    /// The bytes `event` sends under `options.kittyFlags` (not empty).
    static func encode(_ event: KeyEvent, options: KeyEncodingOptions) -> [UInt8] {
        // TODO(issue 44): the protocol's encodings; legacy bytes until then.
        if event.kind == .release { return [] }
        return KeyEncoder.legacy(event, options: options)
    }
}
