// Shared helpers for the input tests: bytes written as hex ("1b 5b 41"), so tables read
// like the byte recorder's output in the end-to-end tests.

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
