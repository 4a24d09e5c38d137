import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The parser reads a control sequence's digits four at a time (`VTParser.leadingDigits`):
/// against the obvious byte loop on every combination of bytes at the edges of the digits.
@Suite struct ParameterDigitsTests {
    @Test func fourBytesAtOnceAgreeWithOneAtATime() {
        let edges: [UInt8] = [0x00, 0x2F, 0x30, 0x31, 0x35, 0x39, 0x3A, 0x3B, 0x48, 0x6D, 0x7F, 0x80, 0xBA, 0xFF]
        var disagreements: [String] = []
        for a in edges {
            for b in edges {
                for c in edges {
                    for d in edges {
                        let bytes = [a, b, c, d]
                        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
                        let expected = (digits.count, digits.reduce(UInt32(0)) { $0 * 10 + UInt32($1 - 0x30) })
                        let word = UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16 | UInt32(d) << 24
                        let got = VTParser.leadingDigits(word)
                        if got != expected && disagreements.count < 5 { disagreements.append("\(bytes): \(got) vs \(expected)") }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// Numbers of every length up to five digits, split anywhere, dispatch the same values.
    @Test(arguments: ["1", "12", "123", "1234", "12345", "99999", "007", "65535", "65536"])
    func numbersOfEveryLengthParseAlike(_ number: String) {
        let actions = ParserTests.parseAllWays(Array("\u{1B}[\(number);\(number)H".utf8))
        let value = min(Int(number)!, 65535)
        #expect(actions == [ParserTests.csi(nil, [value, value], "H")])
    }
}
