import Foundation
import RemoteTerm
import Testing

/// Predictive local echo end to end: rterm in a tmux pane, its link through the relay. Once
/// a first key has echoed, the relay holds everything (`stall`): what `capture-pane` shows of
/// the keys typed then can only be rterm's guesses. Then the echo is let through and the
/// line runs as typed.
extension SSHIntegrationTests.ReconnectFrontTests {
    @Test func typedKeysShowWhileTheirEchoIsHeldUp() throws {
        defer { cleanUp() }
        let pane = try pane("--predict always")
        defer { pane.kill() }
        try pane.type("e")
        #expect(try pane.waitFor("ok> e"), "\((try? pane.screen()) ?? "")")
        try relay.stall()
        try pane.type("cho predic")
        #expect(try pane.waitFor("ok> echo predic"), "typed keys show though no echo can arrive: \((try? pane.screen()) ?? "")")
        let bar = try pane.screen().split(separator: "\n").last.map(String.init) ?? ""
        #expect(bar.hasPrefix(FrontController.predictionMark), "the bar says guesses are shown: '\(bar)'")
        try pane.keys("BSpace")
        try pane.type("ted")
        #expect(try pane.waitFor("ok> echo predited"), "\((try? pane.screen()) ?? "")")
        try relay.resume()
        try pane.keys("Enter")
        #expect(try pane.waitUntil { try pane.screen().contains("\npredited\n") }, "\((try? pane.screen()) ?? "")")
        #expect(try pane.screen().contains("ok> echo predited\n"), "after the echo the line is the remote's")
    }
}
