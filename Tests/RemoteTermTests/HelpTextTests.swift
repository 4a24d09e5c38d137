import Testing

/// Every help text reads in an 80-column terminal: `rterm --help` (its `-o` list wrapped),
/// and each subcommand's.
@Suite struct HelpTextTests {
    @Test(arguments: [["--help"], ["script", "--help"], ["render", "--help"], ["report", "--help"], ["--local", "--help"], ["cp", "--help"], ["record", "--help"],
    ])
    func helpFitsEightyColumns(arguments: [String]) throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let result = try process.run(arguments, timeLimit: 30)
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.outputText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 3)
        let long = lines.filter { $0.count > 80 }
        #expect(long.isEmpty, "\(long)")
    }

    /// `rterm cp --help` names every option and the fleet form, not one line.
    @Test func copyHelpNamesEveryOption() throws {
        let process = try RTermProcess()
        defer { process.remove() }
        let result = try process.run(["cp", "--help"], timeLimit: 30)
        #expect(result.status == 0)
        for option in ["--hosts", "-a ", "-p ", "-r ", "-P PORT", "-j N", "--failed-hosts", "Exit status"] {
            #expect(result.outputText.contains(option), "\(option) missing from:\n\(result.outputText)")
        }
    }
}
