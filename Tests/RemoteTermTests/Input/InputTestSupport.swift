// Shared helpers for the input tests: bytes written as hex ("1b 5b 41"), so tables read
// like the byte recorder's output in the end-to-end tests, or in the keyboard protocols'
// notation ("CSI 97;5u"); key events from names.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Bytes from space-separated hex pairs: "1b 5b 41" → [0x1B, 0x5B, 0x41].
func hexBytes(_ text: String) -> [UInt8] {
    text.split(separator: " ").map { UInt8($0, radix: 16)! }
}

/// Bytes as space-separated lowercase hex pairs, for readable failure messages.
func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}

/// A key event from its name; the name tests cover parsing, so a failure here is a typo.
func key(_ name: String) -> KeyEvent {
    do { return try KeyEvent(name: name) } catch { fatalError("bad key name in test: \(name): \(error)") }
}

/// Bytes from the notation of the keyboard protocols' specifications: `CSI 97;5u` is
/// `ESC [ 9 7 ; 5 u`, `SS3 P` is `ESC O P`, `ESC x` is ESC then the rest read the same way
/// (`ESC CSI Z`); anything else is literal text ("\r", "a"), and "" no bytes.
func sequenceBytes(_ notation: String) -> [UInt8] {
    if notation == "ESC" { return [0x1B] }
    for (prefix, bytes) in [("CSI ", [0x1B, 0x5B]), ("SS3 ", [0x1B, 0x4F]), ("ESC ", [0x1B])] as [(String, [UInt8])]
    where notation.hasPrefix(prefix) {
        return bytes + sequenceBytes(String(notation.dropFirst(prefix.count)))
    }
    return Array(notation.utf8)
}

/// Bytes in the same notation, for failure messages: ESC [ as `CSI `, ESC O as `SS3 `,
/// other ESCs as `ESC `, other control bytes in hex (`<0d>`), the rest as UTF-8 text.
func sequenceNotation(_ bytes: [UInt8]) -> String {
    var text = ""
    var run: [UInt8] = []
    var index = 0
    func flush() {
        text += String(decoding: run, as: UTF8.self)
        run = []
    }
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        guard byte < 0x20 || byte == 0x7F else {
            run.append(byte)
            continue
        }
        flush()
        if byte == 0x1B, index < bytes.count, bytes[index] == 0x5B || bytes[index] == 0x4F {
            text += bytes[index] == 0x5B ? "CSI " : "SS3 "
            index += 1
        } else {
            text += byte == 0x1B ? "ESC " : "<" + hexString([byte]) + ">"
        }
    }
    flush()
    return text
}

/// An event from a kitty test name: `key(_:)`'s names, plus `Super+`, `Hyper+`, `KMeta+`
/// (kitty's Meta), `Caps+` and `Num+` in front, `F13`…`F35`, `#57361` (a key by its kitty
/// number), and ` repeat` or ` release` after.
func kittyEvent(_ name: String) -> KeyEvent {
    var rest = Substring(name)
    var kind = KeyEventKind.press
    for (suffix, suffixKind) in [(" repeat", KeyEventKind.repeat), (" release", .release)] where rest.hasSuffix(suffix) {
        rest = rest.dropLast(suffix.count)
        kind = suffixKind
    }
    var extra: KeyModifiers = []
    let prefixes: [(String, KeyModifiers)] = [
        ("Super+", .meta), ("Hyper+", .hyper), ("KMeta+", .kittyMeta), ("Caps+", .capsLock), ("Num+", .numLock),
    ]
    while let (prefix, modifier) = prefixes.first(where: { rest.hasPrefix($0.0) && rest.count > $0.0.count }) {
        rest = rest.dropFirst(prefix.count)
        extra.insert(modifier)
    }
    // Keys `key(_:)` does not name: parse the modifiers with F1 in their place.
    let keyPart = rest.split(separator: "+", omittingEmptySubsequences: false).last ?? rest
    var special: Key?
    if keyPart.hasPrefix("#"), let number = UInt32(keyPart.dropFirst()) { special = .kittyFunctional(number) }
    if keyPart.hasPrefix("F"), let number = Int(keyPart.dropFirst()), number > 12 { special = .function(number) }
    var result = key(special == nil ? String(rest) : String(rest.dropLast(keyPart.count)) + "F1")
    if let special { result.key = special }
    result.modifiers.formUnion(extra)
    result.kind = kind
    return result
}

/// Options with the kitty flags (the spec's number) and modes (`ckm`, `kpam`, `bs8`, `lnm`).
func kittyOptions(_ flags: UInt8, _ modes: String = "") -> KeyEncodingOptions {
    var options = KeyEncodingOptions(kittyFlags: KittyKeyboardFlags(rawValue: flags))
    for mode in modes.split(separator: ",") {
        switch mode {
        case "ckm": options.cursorKeysApplication = true
        case "kpam": options.keypadApplication = true
        case "bs8": options.backspaceSendsControlH = true
        case "lnm": options.lineFeedNewLine = true
        default: fatalError("unknown mode \(mode) in test table")
        }
    }
    return options
}

/// Expects `event` to encode as `expected`, in the notation of `sequenceBytes`.
func expectKittyEncoding(
    _ event: KeyEvent, _ options: KeyEncodingOptions, _ expected: String, _ comment: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let bytes = KeyEncoder.encode(event, options: options)
    #expect(
        bytes == sequenceBytes(expected), "\(comment): got \(sequenceNotation(bytes)), expected \(expected)",
        sourceLocation: sourceLocation)
}
