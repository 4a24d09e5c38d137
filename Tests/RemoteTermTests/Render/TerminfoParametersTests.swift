// terminfo's parameterised strings, evaluated without ncurses: the capabilities overpaint
// sends (Smulx, Setulc in the forms tmux, kitty and VTE use) and the rest of the language on
// strings from real entries.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let esc = "\u{1B}"

private func expanded(_ format: String, _ parameters: [Int]) -> String? {
    TerminfoParameters.expand(format, parameters).map { String(decoding: $0, as: UTF8.self) }
}

@Suite struct TerminfoParametersTests {
    @Test(arguments: [
        ("Smulx", "\(esc)[4:%p1%dm", [3], "\(esc)[4:3m"),
        ("Setulc, tmux", LocalStyleCapabilities.standardUnderlineColor, [0x0A141E], "\(esc)[58:2::10:20:30m"),
        (
            "Setulc, kitty", "\(esc)[58:2:%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m", [0xFF8001],
            "\(esc)[58:2:255:128:1m"
        ),
        ("no parameters", "\(esc)[9m", [], "\(esc)[9m"),
        ("a literal percent", "100%%", [], "100%"),
        ("cup: %i and two parameters", "\(esc)[%i%p1%d;%p2%dH", [4, 9], "\(esc)[5;10H"),
        ("setaf, below 8", tmuxSetaf, [3], "\(esc)[33m"),
        ("setaf, bright", tmuxSetaf, [12], "\(esc)[94m"),
        ("setaf, 256", tmuxSetaf, [200], "\(esc)[38;5;200m"),
        ("a character constant", "%'a'%d", [], "97"),
        ("variables", "%p1%Pa%ga%ga%+%d", [21], "42"),
        ("printf width and radix", "%p1%02x|%p1%:-4d|%p1%#o", [10], "0a|10  |012"),
        ("%c", "%p1%c", [65], "A"),
        ("division by zero gives 0", "%p1%{0}%/%d", [7], "0"),
        ("nested conditionals", "%?%p1%t%?%p2%tA%eB%;%eC%;", [1, 0], "B"),
        ("else-part taken", "%?%p1%tA%eB%;", [0], "B"),
        ("not and logic", "%?%p1%!%p2%A%tY%eN%;", [0, 1], "Y"),
        ("padding is dropped", "\(esc)[9m$<2>x$<1.5*/>y", [], "\(esc)[9mxy"),
        ("a dollar that is no padding stays", "$<x>$", [], "$<x>$"),
    ])
    func expansion(_ name: String, _ format: String, _ parameters: [Int], _ expected: String) {
        #expect(expanded(format, parameters) == expected, "\(name)")
    }

    @Test func stringParametersAreNotEvaluated() {
        #expect(expanded("\(esc)]12;%p1%s\u{7}", [1]) == nil)
        #expect(expanded("%p1%l%d", [1]) == nil)
        #expect(expanded("trailing %", []) == nil)
        #expect(expanded("%p0%d", []) == nil)
    }
}

private let tmuxSetaf = "\(esc)[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"
