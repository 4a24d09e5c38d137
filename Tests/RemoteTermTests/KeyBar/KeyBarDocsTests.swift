import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// The bar rows docs/keybar.md shows are the bar rterm draws at those widths, with its sets
/// (issue 45: the 30-column example was not what the bar showed).
@Suite struct KeyBarDocsTests {
    @Test(arguments: [100, 80, 30])
    func theRowTheDocsShowIsTheBarAtThatWidth(columns: Int) throws {
        let block = try docsCodeBlock("docs/keybar.md", after: "At \(columns) columns")
        let rig = WorkspaceRig(columns: columns, bar: KeyBar(sets: KeyBarSet.builtIn, rules: KeyBarRule.builtIn))
        #expect(block == rig.barRow + "\n", "docs/keybar.md at \(columns) columns")
    }
}
