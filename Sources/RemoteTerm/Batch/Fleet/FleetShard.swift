import RemoteTermCore
import RemoteTermFront

/// `--shard K/N` or `--shard auto`: which of N disjoint slices of a hosts file this run
/// takes. `auto` reads the CI system's matrix: GitLab's `parallel:` (`CI_NODE_INDEX`, from
/// 1, and `CI_NODE_TOTAL`), Buildkite's `parallelism` (`BUILDKITE_PARALLEL_JOB`, from 0, and
/// `BUILDKITE_PARALLEL_JOB_COUNT`), CircleCI's (`CIRCLE_NODE_INDEX`, from 0, and
/// `CIRCLE_NODE_TOTAL`), and a GitHub Actions matrix, which passes `strategy.job-index`
/// (from 0) and `strategy.job-total` as `RTERM_SHARD_INDEX` and `RTERM_SHARD_TOTAL`.
///
/// Slice K takes the targets whose position (counting targets, from 0) is K−1 modulo N:
/// slices that are disjoint, together complete, and the same on every run of the same file.
package struct FleetShard: Equatable, Sendable, CustomStringConvertible {
    /// Which slice, from 1.
    package var index: Int
    /// How many slices.
    package var count: Int

    /// Slice `index` (from 1) of `count`.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N`.
    package var description: String { "\(index)/\(count)" }

    /// The CI matrices `auto` reads: the variables, and whether the index counts from 1.
    static let matrices: [(system: String, index: String, total: String, fromOne: Bool)] = [
        ("GitLab", "CI_NODE_INDEX", "CI_NODE_TOTAL", true),
        ("Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", false),
        ("CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", false),
        ("GitHub Actions", "RTERM_SHARD_INDEX", "RTERM_SHARD_TOTAL", false),
    ]

    /// The shard `value` names (`K/N` or `auto`, read from `environment`), or the one line
    /// that says what is wrong.
    package static func parse(_ value: String, environment: [String: String]) -> Result<FleetShard, FleetShardProblem> {
        if value == "auto" { return auto(environment) }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 10_000,
            index >= 1, index <= count
        else {
            return .failure(FleetShardProblem(
                message: "rterm: bad --shard '\(value)': expected K/N with 1 ≤ K ≤ N (such as 2/4), or auto"))
        }
        return .success(FleetShard(index: index, count: count))
    }

    private static func auto(_ environment: [String: String]) -> Result<FleetShard, FleetShardProblem> {
        for matrix in matrices {
            guard let totalText = environment[matrix.total], !totalText.isEmpty else { continue }
            guard let total = Int(totalText), total >= 1, total <= 10_000 else {
                return .failure(FleetShardProblem(
                    message: "rterm: --shard auto: \(matrix.total)='\(totalText)' is not a number of jobs"))
            }
            // GitLab sets the total to 1 and no index for a job without `parallel:`.
            guard let indexText = environment[matrix.index], !indexText.isEmpty else {
                if total == 1 { return .success(FleetShard(index: 1, count: 1)) }
                return .failure(FleetShardProblem(
                    message: "rterm: --shard auto: \(matrix.total) is set but \(matrix.index) is not"))
            }
            let first = matrix.fromOne ? 1 : 0
            guard let index = Int(indexText), index >= first, index < total + first else {
                return .failure(FleetShardProblem(
                    message: "rterm: --shard auto: \(matrix.index)='\(indexText)' is not a job of \(total) "
                        + "(\(matrix.system) counts from \(first))"))
            }
            return .success(FleetShard(index: index - first + 1, count: total))
        }
        return .failure(FleetShardProblem(
            message: "rterm: --shard auto: no CI matrix in the environment (GitLab parallel:, Buildkite "
                + "parallelism, CircleCI, or RTERM_SHARD_INDEX and RTERM_SHARD_TOTAL from a GitHub Actions matrix)"))
    }

    /// This shard's part of `items`.
    package func slice<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// Why `--shard` could not be used (exit status 2).
package struct FleetShardProblem: Error, Equatable {
    /// The one line rterm prints.
    package let message: String
}
