import Foundation
import RemoteTerm
import RemoteTermFuzz

/// `make bench`: parse+apply throughput of the VT engine (no rendering) at 50×200 over
/// generated 32 MiB workloads, and the scrollback's memory cost. Figures are MB/s and ratios
/// against a reference loop measured in the same run (this machine is noisy).
let size = (ProcessInfo.processInfo.environment["RTERM_BENCH_MB"].flatMap { Int($0) } ?? 32) << 20
let chunk = 64 << 10

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Best of three: the least disturbed run is the closest to the code's real cost.
func best(_ body: () -> Void) -> Double { (0..<3).map { _ in seconds(body) }.min() ?? 0 }

func feedAll(_ data: [UInt8]) -> Double {
    best {
        var terminal = Terminal(rows: 50, columns: 200)
        data.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = min(chunk, buffer.count - offset)
                _ = terminal.feed(UnsafeBufferPointer(rebasing: buffer[offset..<offset + n]))
                offset += n
            }
        }
        precondition(terminal.cursorRow < 50)
    }
}

/// Reference: validating the same bytes as UTF-8 and counting newlines, a loop any
/// terminal must at least match.
func reference(_ data: [UInt8]) -> Double {
    best {
        var lines = 0
        data.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = min(chunk, buffer.count - offset)
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + n]), as: UTF8.self)
                lines &+= text.utf8.count
                offset += n
            }
        }
        precondition(lines > 0)
    }
}

let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../RemoteTermTests/Fixtures/Golden").standardized
let recordings = ((try? FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)) ?? [])
    .filter { $0.hasSuffix(".bytes") }.sorted()
    .compactMap { FileManager.default.contents(atPath: fixtureDirectory.appendingPathComponent($0).path) }
    .map { [UInt8]($0) }

let targets: [(String, Double, () -> [UInt8])] = [
    ("ascii", 600, { Workloads.ascii(size: size) }),
    ("unicode", 80, { Workloads.unicode(size: size) }),
    ("sgr", 140, { Workloads.sgr(size: size) }),
    ("cursor", 215, { Workloads.cursor(size: size) }),
    ("scroll", 225, { Workloads.scroll(size: size) }),
    ("mixed", 120, { Workloads.mixed(size: size, recordings: recordings) }),
]

let only = CommandLine.arguments.dropFirst().first
var failures = 0

// Scrollback memory: 100,000 lines of 80 columns of plain text.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}
if only == nil || only == "memory" {  // first, before other runs leave freed memory to reuse
    var line = [UInt8]()
    var rng = SplitMix64(state: 9)
    let before = residentBytes()
    var terminal = Terminal(rows: 24, columns: 80, scrollbackLimit: 100_000)
    for _ in 0..<100_024 {
        line.removeAll(keepingCapacity: true)
        for _ in 0..<80 { line.append(UInt8(0x21 + rng.next() % 94)) }
        line += [0x0D, 0x0A]
        terminal.feed(line)
    }
    let added = Double(residentBytes() - before) / 1e6
    print(String(format: "scrollback: 100,000 lines x 80 columns add %.1f MB (target <= 27 MB, tmux 53 MB): %d lines held",
                 added, terminal.scrollbackCount))
    if added > 27 { failures += 1 }
}
print("VT engine throughput, parse+apply at 50x200, \(size >> 20) MiB per workload (best of 3)")
print("workload   MB/s   target   vs target   reference MB/s   engine/reference")
for (name, target, make) in targets where only == nil || only == name {
    let data = make()
    let mb = Double(data.count) / 1e6
    let engine = mb / feedAll(data)
    let ref = mb / reference(data)
    if engine < target { failures += 1 }
    print(
        String(
            format: "%-8@ %7.0f %7.0f %10.2fx %14.0f %14.2fx", name as NSString, engine, target, engine / target,
            ref, engine / ref))
}

print(failures == 0 ? "all benchmark targets met" : "\(failures) benchmark target(s) missed")
