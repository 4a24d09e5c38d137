import Foundation
import Testing

/// docs/library.md is the library's contract: its surface listing is every public declaration
/// of Sources/RemoteTerm, no more and no less, and its example program builds as another
/// package's program would (without rterm's package name, so `package` declarations are out
/// of its reach), runs, and prints what the page says.
@Suite(.serialized) struct LibraryDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePageListsEveryPublicDeclarationAndNothingElse() throws {
        let listed = PublicSurface.declarations(in: try docsCodeBlock("docs/library.md", after: "## The surface"))
        var declared: [String] = []
        let sources = Self.root.appendingPathComponent("Sources/RemoteTerm").path
        for file in FileManager.default.enumerator(atPath: sources)?.compactMap({ $0 as? String }) ?? []
        where file.hasSuffix(".swift") {
            declared += PublicSurface.declarations(in: try String(contentsOfFile: sources + "/" + file, encoding: .utf8))
        }
        declared.sort()
        #expect(declared.count > 40, "the reader found too few public declarations: \(declared.count)")
        let unlisted = declared.filter { !listed.contains($0) }
        let gone = listed.filter { !declared.contains($0) }
        #expect(unlisted.isEmpty, "public but not on docs/library.md:\n\(unlisted.joined(separator: "\n"))")
        #expect(gone.isEmpty, "on docs/library.md but not public:\n\(gone.joined(separator: "\n"))")
        #expect(declared == listed)
    }

    @Test func theExampleBuildsOutsideThePackageAndPrintsWhatThePageSays() throws {
        let program = try docsCodeBlock("docs/library.md", after: "## An example")
        let expected = try docsCodeBlock("docs/library.md", after: "It prints:")
        let build = try OutsideBuild(source: program)
        defer { build.remove() }
        let compiled = try build.compile(link: true)
        #expect(compiled.status == 0, "the example does not build:\n\(compiled.errorOutput)")
        guard compiled.status == 0 else { return }
        let run = try Spawn.run([build.executable])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output == expected)
    }

    @Test func aPackageDeclarationIsOutOfAnotherPackagesReach() throws {
        // A session and a row's raw cells are rterm's own: another program cannot name them.
        let build = try OutsideBuild(
            source: """
                import RemoteTerm
                let terminal = Terminal(rows: 2, columns: 2)
                print(terminal.rowCells(0).count)
                print(FrontController.self)
                """)
        defer { build.remove() }
        let compiled = try build.compile(link: false)
        #expect(compiled.status != 0)
        #expect(compiled.errorOutput.contains("'rowCells' is inaccessible due to 'package' protection level"))
        // A package type is not found at all from outside.
        #expect(compiled.errorOutput.contains("cannot find 'FrontController' in scope"))
    }
}

/// A program compiled with swiftc against the modules and objects of this test's own build,
/// as a program of another package: no `-package-name`.
struct OutsideBuild {
    let directory: String
    var source: String { directory + "/main.swift" }
    var executable: String { directory + "/example" }

    /// The build this test bundle belongs to (`.build/debug`): its Modules and the object
    /// files of the library's targets.
    static var buildDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    init(source text: String) throws {
        directory = NSTemporaryDirectory() + "rterm-library-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: source, atomically: true, encoding: .utf8)
    }

    func compile(link: Bool) throws -> Spawn.Result {
        let build = Self.buildDirectory
        let root = LibraryDocsTests.root.path
        var arguments = [
            "swiftc", link ? "-emit-executable" : "-typecheck", source,
            "-I", build.appendingPathComponent("Modules").path,
            "-I", root + "/Sources/CSSH2", "-I", root + "/Sources/RemoteTerm/CSystem",
            // The C modules' cache in the test's own directory, not under the user's HOME.
            "-module-cache-path", directory + "/ModuleCache",
        ]
        if link {
            arguments += ["-o", executable, "-lssh2"]
            let targets = [
                ("RemoteTerm", ""), ("RemoteTermEngine", "/Engine"), ("RemoteTermLoop", "/Loop"), ("RemoteTermSSH", "/SSH"),
                ("RemoteTermCore", "/Core"), ("RemoteTermFront", "/Front"), ("RemoteTermBatch", "/Batch"),
            ]
            for (target, folder) in targets {
                let objects = build.appendingPathComponent(target + ".build").path
                // Only the objects of sources that are still there: an incremental build
                // keeps the object of a file since deleted, which would be linked in too.
                let sources = root + "/Sources/RemoteTerm" + folder
                let names = Set(
                    folder.isEmpty
                        ? try FileManager.default.contentsOfDirectory(atPath: sources)
                        : (FileManager.default.subpaths(atPath: sources) ?? []).map { ($0 as NSString).lastPathComponent })
                arguments += (try FileManager.default.contentsOfDirectory(atPath: objects))
                    .filter { $0.hasSuffix(".o") && (!$0.hasSuffix(".swift.o") || names.contains(String($0.dropLast(2)))) }
                    .sorted()
                    .map { objects + "/" + $0 }
            }
        }
        return try Spawn.run(arguments)
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
