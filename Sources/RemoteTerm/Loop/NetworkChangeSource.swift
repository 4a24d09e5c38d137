#if canImport(Glibc)
    import Glibc
#endif

/// The local network changing (an address or an interface coming up), as an event source:
/// a Linux rtnetlink socket subscribed to link and address changes. A session whose link
/// is down tries again at once when this fires (`Session.networkChanged()`), instead of
/// waiting out its backoff: the Wi-Fi came back, the laptop joined another network.
///
/// It costs nothing while nothing changes: the loop polls its descriptor and it never sets
/// a deadline. Where netlink cannot be opened (another kernel, a sandbox), `init` fails and
/// the front simply goes without it.
package final class NetworkChangeSource: EventSource {
    /// Called on the loop thread once per burst of changes.
    package var onChange: () -> Void = {}
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    // linux/netlink.h and linux/rtnetlink.h, which Glibc does not import.
    private static let netlinkFamily: Int32 = 16  // AF_NETLINK
    private static let routeProtocol: Int32 = 0  // NETLINK_ROUTE
    private static let groups: UInt32 = 0x1 | 0x10 | 0x100  // RTMGRP_LINK, _IPV4_IFADDR, _IPV6_IFADDR
    /// RTM_NEWLINK, RTM_NEWADDR: something came up. (Losses are noticed by the link itself.)
    private static let arrivals: Set<UInt16> = [16, 20]

    /// `struct sockaddr_nl`.
    private struct NetlinkAddress {
        var family = UInt16(NetworkChangeSource.netlinkFamily)
        var pad: UInt16 = 0
        var pid: UInt32 = 0
        var groups: UInt32 = NetworkChangeSource.groups
    }

    /// Subscribes to the kernel's link and address changes; nil where that is not possible.
    package init?() {
        let socketType = Int32(SOCK_RAW.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        descriptor = socket(Self.netlinkFamily, socketType, Self.routeProtocol)
        guard descriptor >= 0 else { return nil }
        var address = NetlinkAddress()
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<NetlinkAddress>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Whether `bytes` (one read of the socket) hold a message saying something came up.
    static func announcesArrival(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        // struct nlmsghdr: u32 length, u16 type, u16 flags, u32 seq, u32 pid.
        while offset + 16 <= bytes.count {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let type = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self)
            if arrivals.contains(type) { return true }
            guard length >= 16 else { return false }
            offset += (length + 3) & ~3
        }
        return false
    }

    package var pollInterests: [PollInterest] { [PollInterest(descriptor: descriptor, events: Int16(POLLIN))] }
    package var deadline: UInt64? { nil }
    package var isReady: Bool { false }

    package func handle(readiness: [Int16], now: UInt64) {
        guard let events = readiness.first, events & Int16(POLLIN) != 0 else { return }
        var arrived = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            arrived = arrived || buffer.withUnsafeBytes { Self.announcesArrival(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        if arrived { onChange() }
    }
}
