import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The server side of `-D`'s SOCKS handshake, byte for byte: SOCKS 4, 4a and 5 (names,
/// IPv4, IPv6), what each answers, and what is refused. Every request is also fed one byte
/// at a time, which must end the same way.
@Suite struct SOCKSNegotiationTests {
    /// Feeds `bytes` in pieces of `piece`, answering as a server would; returns the answers
    /// sent and the final step.
    static func run(_ bytes: [UInt8], piece: Int) -> (answers: [[UInt8]], last: SOCKSNegotiation.Step) {
        var negotiation = SOCKSNegotiation()
        var received: [UInt8] = []
        var answers: [[UInt8]] = []
        var offset = 0
        while true {
            switch negotiation.advance(received) {
            case .needMore:
                guard offset < bytes.count else { return (answers, .needMore) }
                received += bytes[offset..<min(offset + piece, bytes.count)]
                offset += piece
            case .answer(let answer, let consumed):
                answers.append(answer)
                received.removeFirst(consumed)
            case let step:
                return (answers, step)
            }
        }
    }

    static let socks5Greeting: [UInt8] = [5, 2, 0x02, 0x00]

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var answers: [[UInt8]]
        var host: String
        var port: Int
        var testDescription: String { name }
    }

    static let requests: [Case] = [
        Case(name: "SOCKS4", bytes: [4, 1, 0x1F, 0x90, 10, 0, 0, 7] + Array("bob".utf8) + [0],
             answers: [], host: "10.0.0.7", port: 8080),
        Case(name: "SOCKS4a", bytes: [4, 1, 0, 80, 0, 0, 0, 1, 0] + Array("example.org".utf8) + [0],
             answers: [], host: "example.org", port: 80),
        Case(name: "SOCKS5 name", bytes: socks5Greeting + [5, 1, 0, 3, 9] + Array("localhost".utf8) + [0x1F, 0x90],
             answers: [[5, 0]], host: "localhost", port: 8080),
        Case(name: "SOCKS5 IPv4", bytes: socks5Greeting + [5, 1, 0, 1, 127, 0, 0, 1, 0, 22],
             answers: [[5, 0]], host: "127.0.0.1", port: 22),
        Case(name: "SOCKS5 IPv6", bytes: socks5Greeting + [5, 1, 0, 4] + [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1, 1, 0xBB],
             answers: [[5, 0]], host: "2001:db8:0:0:0:0:0:1", port: 443),
    ]

    @Test(arguments: requests) func connects(_ testCase: Case) {
        for piece in [testCase.bytes.count, 1] {
            let result = Self.run(testCase.bytes, piece: piece)
            #expect(result.answers == testCase.answers)
            // The greeting was consumed with its answer; the request is what is left.
            let requestLength = testCase.bytes.count - (testCase.answers.isEmpty ? 0 : Self.socks5Greeting.count)
            #expect(result.last == .connect(host: testCase.host, port: testCase.port, consumed: requestLength))
        }
    }

    @Test func theReplyNamesSuccessOrRefusal() {
        var four = SOCKSNegotiation()
        _ = four.advance([4, 1, 0, 80, 1, 2, 3, 4, 0])
        #expect(four.reply(succeeded: true) == [0, 90, 0, 0, 0, 0, 0, 0])
        #expect(four.reply(succeeded: false) == [0, 91, 0, 0, 0, 0, 0, 0])
        var five = SOCKSNegotiation()
        _ = five.advance(Self.socks5Greeting)
        #expect(five.reply(succeeded: true) == [5, 0, 0, 1, 0, 0, 0, 0, 0, 0])
        #expect(five.reply(succeeded: false) == [5, 5, 0, 1, 0, 0, 0, 0, 0, 0])
    }

    @Test func clientDataAfterTheRequestIsKept() {
        let request: [UInt8] = [4, 1, 0, 80, 1, 2, 3, 4, 0]
        var negotiation = SOCKSNegotiation()
        #expect(negotiation.advance(request + Array("GET /".utf8)) == .connect(host: "1.2.3.4", port: 80, consumed: 9))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var answer: [UInt8]
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "not SOCKS", bytes: [0x47, 0x45, 0x54], answer: []),
        Refusal(name: "SOCKS5 with passwords only", bytes: [5, 1, 2], answer: [5, 0xFF]),
        Refusal(name: "SOCKS5 BIND", bytes: socks5Greeting + [5, 2, 0, 1, 1, 2, 3, 4, 0, 80], answer: [5, 7, 0, 1, 0, 0, 0, 0, 0, 0]),
        Refusal(name: "SOCKS5 unknown address type", bytes: socks5Greeting + [5, 1, 0, 9, 0, 0], answer: [5, 8, 0, 1, 0, 0, 0, 0, 0, 0]),
        Refusal(
            name: "SOCKS5 name with a space", bytes: socks5Greeting + [5, 1, 0, 3, 3, 0x61, 0x20, 0x62, 0, 80],
            answer: [5, 5, 0, 1, 0, 0, 0, 0, 0, 0]),
        Refusal(name: "SOCKS4 BIND", bytes: [4, 2, 0, 80, 1, 2, 3, 4, 0], answer: [0, 91, 0, 0, 0, 0, 0, 0]),
        Refusal(
            name: "SOCKS4 endless user id", bytes: [4, 1, 0, 80, 1, 2, 3, 4] + Array(repeating: 0x41, count: 2000),
            answer: [0, 91, 0, 0, 0, 0, 0, 0]),
    ]

    @Test(arguments: refusals) func refuses(_ refusal: Refusal) {
        let result = Self.run(refusal.bytes, piece: refusal.bytes.count)
        guard case .refuse(let sent, _) = result.last else {
            Issue.record("\(refusal.name): \(result.last)")
            return
        }
        #expect(sent == refusal.answer)
    }
}
