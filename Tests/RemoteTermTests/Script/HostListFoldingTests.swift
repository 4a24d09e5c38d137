import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore

/// Failed hosts folded into one line, as ClusterShell's nodesets read.
@Suite struct HostListFoldingTests {
    @Test(arguments: [
        (["h001", "h002", "h003", "h007"], "h[001-003,007]"),
        (["web-3", "web-1", "web-2", "web-2"], "web-[1-3]"),
        (["db9.lan", "db10.lan", "db11.lan"], "db[9-11].lan"),
        (["h09", "h10", "h9"], "h[09-10],h9"),
        (["gateway", "bad-closed-1", "bad-closed-2", "bad-silent-4"], "bad-closed-[1-2],bad-silent-4,gateway"),
        (["10.0.0.1", "10.0.0.2"], "10.0.0.[1-2]"),
        (["only7"], "only7"),
        ([], ""),
    ] as [([String], String)])
    func folds(_ names: [String], _ folded: String) {
        #expect(HostListFolding.fold(names) == folded)
    }

    @Test func twoHundredHostsAreOneShortLine() {
        let names = (1...200).map { "h" + String(repeating: "0", count: 3 - String($0).count) + String($0) }
        #expect(HostListFolding.fold(names.filter { $0 != "h020" && $0 != "h040" }) == "h[001-019,021-039,041-200]")
    }
}
