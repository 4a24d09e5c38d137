import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Choosing a terminfo entry for an unknown `TERM` from what the terminal answers.
@Suite struct DeviceAttributeAnswersTests {
    @Test(arguments: [
        ("xterm", ["\u{1B}[>41;380;0c\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"], true, "xterm-256color"),
        ("tmux, split across reads", ["\u{1B}[>84;0;0c\u{1B}[", "?1;2c"], true, "xterm-256color"),
        ("a vt100 that only knows DA1", ["\u{1B}[?1;2c"], true, "vt100"),
        ("keys typed meanwhile are skipped", ["ab\u{1B}[A\u{1B}[>1;2c", "x\u{1B}[?6c"], true, "xterm-256color"),
        ("no answer yet", ["\u{1B}[>41"], false, "vt100"),
    ])
    func answers(_ example: (String, [String], Bool, String)) {
        var answers = DeviceAttributeAnswers()
        for piece in example.1 { answers.scan(Array(piece.utf8)) }
        #expect(answers.sawPrimary == example.2, "\(example.0)")
        #expect(answers.suggestedTerm == example.3, "\(example.0)")
    }
}
