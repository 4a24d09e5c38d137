import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Server-chosen text made inert: what a terminal would act on becomes visible escapes, as
/// OpenSSH's strnvis(VIS_SAFE | VIS_OCTAL) writes them; everything else is untouched.
@Suite struct InertTextTests {
    static let cases: [(input: String, inert: String)] = [
        ("plain text, ünïcödé 中文 😀", "plain text, ünïcödé 中文 😀"),
        ("\u{1B}]52;c;?\u{07}", #"\033]52;c;?\007"#),
        ("\u{1B}[6n", #"\033[6n"#),
        ("a\tb\rc\nd", #"a\tb\rc\nd"#),
        ("del\u{7F}", #"del\177"#),
        ("c1 \u{9B}6n", #"c1 \302\2336n"#),
        ("rlo \u{202E}evil", #"rlo \342\200\256evil"#),
        ("isolate \u{2066}x\u{2069}", #"isolate \342\201\246x\342\201\251"#),
        ("marks \u{200E}\u{200F}\u{061C}", #"marks \342\200\216\342\200\217\330\234"#),
        ("line\u{2028}para\u{2029}", #"line\342\200\250para\342\200\251"#),
        ("back\\slash stays", "back\\slash stays"),
        ("emoji 👨\u{200D}👩\u{200D}👧 keeps its joiners", "emoji 👨\u{200D}👩\u{200D}👧 keeps its joiners"),
    ]

    @Test(arguments: cases)
    func activeCharactersBecomeVisible(_ example: (input: String, inert: String)) {
        #expect(InertText.make(example.input) == example.inert)
        // Idempotent: the message sink may apply it again to text a source already made inert.
        #expect(InertText.make(InertText.make(example.input)) == example.inert)
    }

    @Test func newlinesCanBeKept() {
        #expect(InertText.make("one\ntwo\r\n", keepingNewlines: true) == "one\ntwo\\r\n")
    }

    @Test func invalidUTF8FromAServerIsReplaced() {
        #expect(InertText.make(bytes: [0x61, 0xFF, 0x1B, 0x62]) == "a\u{FFFD}\\033b")
    }
}
