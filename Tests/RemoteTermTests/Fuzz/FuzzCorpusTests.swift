// The fuzz targets' seed corpus and every input that once broke an invariant
// (Tests/Fuzz/Regressions), replayed through the same targets `make fuzz` runs, plus the
// golden recordings through the engine target. A fuzz finding becomes a regression test by
// copying its input into Regressions/TARGET/.

import Foundation
import RemoteTermFuzz
import Testing

private let fuzzDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

private func inputs(_ kind: String, _ target: FuzzTarget) -> [(String, [UInt8])] {
    let directory = fuzzDirectory.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().compactMap { name in
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return nil
        }
        return (name, Array(data))
    }
}

@Suite struct FuzzCorpusTests {
    @Test(arguments: FuzzTarget.allCases)
    func seedsAndRegressionsKeepEveryInvariant(_ target: FuzzTarget) {
        let all = inputs("Corpus", target) + inputs("Regressions", target)
        for (name, data) in all {
            let violations = target.run(data)
            #expect(violations.isEmpty, "\(target.rawValue)/\(name): \(violations.prefix(3).joined(separator: "; "))")
        }
    }

    /// The real recordings at 24×80, fed in pieces and compared with the same bytes fed whole,
    /// then again with resizes between the pieces.
    @Test func goldenRecordingsKeepTheEngineInvariants() throws {
        let golden = fuzzDirectory.deletingLastPathComponent()
            .appendingPathComponent("RemoteTermTests/Fixtures/Golden")
        let names = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".bytes") }
        #expect(names.count >= 20)
        for name in names.sorted() {
            let data = Array(FileManager.default.contents(atPath: golden.appendingPathComponent(name).path) ?? Data())
            for header: [UInt8] in [[23, 79, 7, 0], [23, 79, 9, 3]] {
                let violations = FuzzTarget.terminal.run(header + data)
                #expect(violations.isEmpty, "\(name): \(violations.prefix(3).joined(separator: "; "))")
            }
        }
    }
}
