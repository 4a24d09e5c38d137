import Testing

@testable import RemoteTermBatch
@testable import RemoteTermFront

/// `--shard K/N` and `--shard auto` from the CI systems' matrix variables.
@Suite struct FleetShardTests {
    @Test(arguments: [
        ("2/4", [:], "2/4"),
        ("auto", ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], "2/3"),
        ("auto", ["CI_NODE_TOTAL": "1"], "1/1"),
        ("auto", ["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "4"], "1/4"),
        ("auto", ["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"], "4/4"),
        ("auto", ["RTERM_SHARD_INDEX": "1", "RTERM_SHARD_TOTAL": "2"], "2/2"),
    ] as [(String, [String: String], String)])
    func shardsAreRead(value: String, environment: [String: String], expected: String) throws {
        #expect(try FleetShard.parse(value, environment: environment).get().description == expected)
    }

    @Test(arguments: [
        ("3/2", [:], "rterm: bad --shard '3/2': expected K/N with 1 ≤ K ≤ N (such as 2/4), or auto"),
        ("auto", [:], "rterm: --shard auto: no CI matrix in the environment"),
        ("auto", ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"], "rterm: --shard auto: CI_NODE_INDEX='0' is not a job of 3 (GitLab counts from 1)"),
        ("auto", ["RTERM_SHARD_TOTAL": "2"], "rterm: --shard auto: RTERM_SHARD_TOTAL is set but RTERM_SHARD_INDEX is not"),
        ("auto", ["BUILDKITE_PARALLEL_JOB_COUNT": "x"], "rterm: --shard auto: BUILDKITE_PARALLEL_JOB_COUNT='x' is not a number of jobs"),
    ] as [(String, [String: String], String)])
    func mistakesAreOneLine(value: String, environment: [String: String], message: String) {
        guard case .failure(let problem) = FleetShard.parse(value, environment: environment) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.message.hasPrefix(message))
        #expect(!problem.message.contains("\n"))
    }

    @Test func slicesAreDisjointCompleteAndStable() {
        let items = Array(0..<10)
        let slices = (1...3).map { FleetShard(index: $0, count: 3).slice(items) }
        #expect(slices == [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]])
    }
}
