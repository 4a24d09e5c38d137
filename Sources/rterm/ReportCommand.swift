import Foundation
import RemoteTerm

/// `rterm report merge [--junit OUT] [--failed-hosts FILE] REPORT.xml ...`: the JUnit reports
/// of a fleet run's shards (one per CI job) read back into one summary, as one run would
/// have printed it: `N passed, M failed: FAILED`, the reasons grouped; `--junit` writes one
/// report holding every shard's testsuite, `--failed-hosts` the failed targets as a hosts
/// file. Exit 0 when every testcase passed, 1 when one failed, 2 when a report cannot be read.
struct ReportCommand {
    let arguments: [String]

    static let usage = """
        usage: rterm report merge [--junit OUT] [--failed-hosts FILE] REPORT.xml ...

        Reads the JUnit reports of a sharded run (rterm script --hosts … --shard K/N
        --junit) and prints one summary: N passed, M failed, the failed targets folded
        and their reasons grouped. --junit OUT writes every report's testsuites into one
        file; --failed-hosts FILE the failed targets, a hosts file to run again.
        Exit status: 0 every testcase passed, 1 one failed, 2 a report could not be
        read.
        """

    func run() -> Int32 {
        guard arguments.first == "merge" else {
            if ["-h", "--help"].contains(arguments.first ?? "") {
                print(Self.usage)
                return 0
            }
            printError("rterm: report needs a subcommand: rterm report merge REPORT.xml ...")
            return 2
        }
        var rest = Array(arguments.dropFirst())
        var junit: String?
        var failedHosts: String?
        var files: [String] = []
        while !rest.isEmpty {
            let word = rest.removeFirst()
            switch word {
            case "-h", "--help":
                print(Self.usage)
                return 0
            case "--junit", "--failed-hosts":
                guard !rest.isEmpty else {
                    printError("rterm: option \(word) needs a value")
                    return 2
                }
                if word == "--junit" { junit = rest.removeFirst() } else { failedHosts = rest.removeFirst() }
            default:
                files.append(word)
            }
        }
        guard !files.isEmpty else {
            printError("rterm: report merge needs the reports to merge: rterm report merge REPORT.xml ...")
            return 2
        }
        var results: [ScriptResult] = []
        var suites: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("rterm: cannot read report '\(file)': \(String(cString: strerror(errno)))")
                return 2
            }
            let xml = String(decoding: data, as: UTF8.self)
            switch JUnitReader.results(xml) {
            case .success(let found): results += found
            case .failure(let problem):
                printError("rterm: \(file): \(problem.message)")
                return 2
            }
            suites.append(JUnitReader.suites(of: xml))
        }
        if let junit {
            let merged = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" + suites.joined() + "</testsuites>\n"
            guard (try? merged.writeWhole(toFile: junit)) != nil else {
                printError("rterm: cannot write \(junit)")
                return 2
            }
        }
        if let failedHosts {
            let text = results.filter { !$0.passed }.map { $0.target + "\n" }.joined()
            guard (try? text.writeWhole(toFile: failedHosts)) != nil else {
                printError("rterm: cannot write \(failedHosts)")
                return 2
            }
        }
        print(FleetSummary.summary(results), terminator: "")
        return results.allSatisfy(\.passed) ? 0 : 1
    }
}
