import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// XML escaping for the JUnit reports: whatever bytes a remote prints, the report stays well formed.
@Suite struct XMLTextTests {
    @Test func specialsAreEscapedAndControlsReplaced() {
        #expect(XMLText.escaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(XMLText.escaped("x\u{1B}]52;c;?\u{07}\n\ty") == "x\u{FFFD}]52;c;?\u{FFFD}\u{FFFD}\u{FFFD}y")
        #expect(XMLText.escaped("line\n\tnext\u{202E}", keepingLayout: true) == "line\n\tnext\u{FFFD}")
    }
}
