import Foundation
import Testing

/// The first fenced code block after `marker` in a file of the repository (docs/…, README):
/// examples are read from the docs themselves, so a test runs what a reader copies.
func docsCodeBlock(_ path: String, after marker: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let doc = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let intro = try #require(doc.range(of: marker), "no '\(marker)' in \(path)")
    let fence = try #require(doc[intro.upperBound...].range(of: "```"))
    let body = try #require(doc[fence.upperBound...].range(of: "\n"))
    let end = try #require(doc[body.upperBound...].range(of: "```"))
    return String(doc[body.upperBound..<end.lowerBound])
}
