import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

#if canImport(Glibc)
    import Glibc
#endif

/// The network-change source: its netlink messages parsed, and (as root) a real address
/// coming up on the loopback interface noticed.
@Suite(.serialized) struct NetworkChangeSourceTests {
    /// One netlink message: its header (length, type) and a padded body.
    static func message(type: UInt16, body: Int = 4) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16 + body)
        withUnsafeBytes(of: UInt32(16 + body).littleEndian) { bytes.replaceSubrange(0..<4, with: $0) }
        withUnsafeBytes(of: type.littleEndian) { bytes.replaceSubrange(4..<6, with: $0) }
        return bytes
    }

    @Test func arrivalsAreNewLinksAndNewAddresses() {
        func says(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { NetworkChangeSource.announcesArrival($0) } }
        #expect(says(Self.message(type: 20)))  // RTM_NEWADDR
        #expect(says(Self.message(type: 16)))  // RTM_NEWLINK
        #expect(!says(Self.message(type: 21)))  // RTM_DELADDR: a loss, which the link notices itself
        #expect(says(Self.message(type: 21) + Self.message(type: 20)))
        #expect(!says([1, 2, 3]))
        // A header claiming less than its own size stops the walk instead of looping.
        #expect(!says([0, 0, 0, 0, 21, 0] + [UInt8](repeating: 0, count: 10)))
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")))
    func anAddressComingUpIsNoticed() throws {
        let source = try #require(NetworkChangeSource())
        var changes = 0
        source.onChange = { changes += 1 }
        let loop = try EventLoop()
        loop.add(source)
        // A /32 on lo that nothing uses, removed at once.
        let address = "127.0.0.77/32"
        _ = try Spawn.run(["/usr/sbin/ip", "address", "add", address, "dev", "lo"])
        defer { _ = try? Spawn.run(["/usr/sbin/ip", "address", "del", address, "dev", "lo"]) }
        try loop.run(until: { changes > 0 }, deadline: loop.clock.now() + 10_000_000_000)
        #expect(changes > 0)
    }

    @Test func aNetworkChangeEndsTheBackoffButNotARefusal() throws {
        let clock = ManualClock(start: 0)
        var options = Session.Options()
        options.reconnect = ReconnectPolicy(isAutomatic: true, random: { 0.5 })
        let session = Session(rows: 5, columns: 20, clock: clock, options: options)
        var attempts = 0
        var outcome: ConnectionAttempt.Outcome = .failed(.connectFailed(message: "down", status: 255), retryable: true)
        session.reconnector = {
            attempts += 1
            return ConnectionAttempt(finished: outcome)
        }
        let transport = MemoryTransport(outputEnds: false)
        session.attach(transport)
        transport.failure = .system(operation: "read", target: "socket", errno: ECONNRESET)
        for _ in 0..<4 { session.handle(readiness: [], now: clock.now()) }
        // The first attempt ran at once and failed; the next waits a second…
        #expect(attempts == 1)
        #expect(session.reconnection?.nextAttempt == 1_000_000_000)
        // …unless the network comes back first.
        session.networkChanged()
        for _ in 0..<2 { session.handle(readiness: [], now: clock.now()) }
        #expect(attempts == 2)
        outcome = .failed(.connectFailed(message: "rterm: authentication failed", status: 255))
        clock.advance(by: 5_000_000_000)
        for _ in 0..<3 { session.handle(readiness: [], now: clock.now()) }
        #expect(attempts == 3)
        #expect(session.reconnection?.refusal != nil)
        session.networkChanged()
        session.handle(readiness: [], now: clock.now())
        #expect(attempts == 3)
    }
}
