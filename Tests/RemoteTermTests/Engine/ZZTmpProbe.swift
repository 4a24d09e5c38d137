import Foundation
import Testing
@testable import RemoteTerm
@Suite struct ZZTmpProbe {
    @Test func probe() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["PROBE"] != nil else { return }
        let data: [UInt8]
        if let path = env["PROBE_FILE"], let d = FileManager.default.contents(atPath: path) {
            data = Array(d)
        } else {
            var f = EscapeFuzzer(rng: SplitMix64(seed: 0x5EED_F00D))
            var all: [UInt8] = []
            for _ in 0..<32 { all += f.block(size: 64 * 1024) }
            FileManager.default.createFile(atPath: "/tmp/fuzz.bin", contents: Data(all))
            data = all
        }
        let lo = Int(env["PROBE_LO"] ?? "0")!
        let hi = min(Int(env["PROBE_HI"] ?? "\(data.count)")!, data.count)
        var t = Terminal(rows: 24, columns: 80, scrollbackLimit: 2000)
        if lo > 0 && env["PROBE_FRESH"] == nil { t.feed(Array(data[0..<lo])) }
        t.feed(Array(data[lo..<hi]))
        print("PROBE-OK")
    }
}
