import Foundation
// The key-bar config: each entry kind, comments and blank lines, page breaks, bad lines
// reported as file:line with the rest still loading, and the defaults when there is none.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private let file = "/home/u/.config/rterm/keybar"

@Suite struct KeyBarConfigTests {
    @Test func noConfigGivesTheDefaultBar() {
        let config = KeyBarConfiguration.load(text: nil, fileName: file)
        #expect(config.items == KeyBarItem.defaultItems())
        #expect(config.errors.isEmpty)
        #expect(KeyBarConfiguration.load(text: nil, fileName: file, asciiOnly: true).items.last?.label == "Menu")
    }

    @Test func everyKindOfEntry() {
        let text = """
            # my bar
            key Esc

            key Ctrl+c label ^C
            text "git status\\r" label gs
            macro "Ctrl+a d" label detach
              modifier Ctrl
            modifier Alt label M short M
            page
            key Left label ← norepeat
            key F5 label "F 5" repeat
            menu
            """
        let config = KeyBarConfiguration.parse(text, fileName: file)
        #expect(config.errors == [])
        let items = config.items
        #expect(items.count == 9)
        #expect(items[0] == KeyBarItem(label: "Esc", action: .key(KeyEvent(.escape))))
        #expect(items[1] == KeyBarItem(label: "^C", action: .key(.character("c", modifiers: .control))))
        #expect(items[2] == KeyBarItem(label: "gs", action: .text(Array("git status\r".utf8))))
        #expect(items[3].action == .macro([.character("a", modifiers: .control), .character("d")]))
        #expect(items[3].label == "detach")
        #expect(items[4] == KeyBarItem(label: "Ctrl", action: .modifier(.control)))
        #expect(items[5] == KeyBarItem(label: "M", shortLabel: "M", action: .modifier(.alt)))
        #expect(items[6].startsPage)
        #expect(!items[6].repeats)
        #expect(items[7].label == "F 5")
        #expect(items[7].repeats)
        #expect(items[8].action == .menu)
        #expect(items.filter(\.startsPage).count == 1)
    }

    @Test func keysRepeatByDefaultOnlyWhenTheyMove() {
        let config = KeyBarConfiguration.parse("key Up\nkey BS\nkey Esc", fileName: file)
        #expect(config.items.map(\.repeats) == [true, true, false])
    }

    @Test func badLinesNameFileAndLineAndTheRestLoads() {
        let text = """
            key Esc
            key Ecs
            bogus thing
            text "no end
            macro "Ctrl+a d"
            modifier Shift
            key Tab label
            key Tab label ThisLabelIsFarTooWide
            page extra
            text "a\\qb" label x
            key Home
            """
        let config = KeyBarConfiguration.parse(text, fileName: file)
        #expect(config.items.map(\.label) == ["Esc", "Home"])
        #expect(config.errors.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10])
        #expect(config.errors.allSatisfy { $0.fileName == file })
        #expect(config.errors[0].description.hasPrefix("\(file):2: unknown key 'Ecs'"))
        #expect(config.errors[1].description.contains("unknown entry 'bogus'"))
        #expect(config.errors[2].problem.contains("no closing"))
        #expect(config.errors[3].problem.contains("needs a label"))
        #expect(config.errors[4].problem.contains("Ctrl and Alt"))
        #expect(config.errors[5].problem.contains("needs a value"))
        #expect(config.errors[6].problem.contains("columns wide"))
        #expect(config.errors[8].problem.contains("unknown escape"))
    }

    @Test func crlfLineEndingsAndEscapes() {
        let config = KeyBarConfiguration.parse("text \"\\e:wq\\r\" label wq\r\nkey Esc\r\n", fileName: file)
        #expect(config.errors == [])
        #expect(config.items.count == 2)
        #expect(config.items[0].action == .text([0x1B, 0x3A, 0x77, 0x71, 0x0D]))
    }

    @Test func aFileWithoutButtonsFallsBackToTheDefaults() {
        let config = KeyBarConfiguration.load(text: "# nothing yet\nkey Nope\n", fileName: file)
        #expect(config.items == KeyBarItem.defaultItems())
        #expect(config.errors.count == 1)
        #expect(config.errors[0].line == 2)
    }

    @Test func configuredBarLaysOutWithItsPageBreak() {
        let config = KeyBarConfiguration.parse("key Esc\nkey Tab\npage\nkey Up\n", fileName: file)
        let layout = KeyBarLayout.layout(items: config.items, width: 80, page: 1)
        #expect(layout.pageCount == 2)
        #expect(layout.slots.compactMap(\.itemIndex) == [2])
    }

    /// The example of docs/keybar.md, read from the file (the block after "Example:").
    static func docsExample() throws -> String {
        try docsCodeBlock("docs/keybar.md", after: "Example:")
    }

    @Test func theExampleInDocsKeybarLoadsCleanly() throws {
        let config = KeyBarConfiguration.parse(try Self.docsExample(), fileName: file)
        #expect(config.errors == [])
        #expect(config.items.count == 14)
        #expect(config.items[9].startsPage)
        #expect(config.items[11].label == "Pg ↑")
        #expect(config.items[12].alternatives.map(\.label) == ["_", "=", "+"])
        for width in [20, 40, 80] {
            let layout = KeyBarLayout.layout(items: config.items, width: width, page: 0)
            #expect(layout.pageCount >= 2)
        }
        // Its vim set replaces rterm's, and its rule comes before rterm's.
        let vim = try #require(config.sets.first { $0.name == "vim" })
        #expect(vim.items.map(\.label) == ["Esc", ":w", ":q", "i", "Ctrl", "☰"])
        #expect(config.sets.map(\.name) == ["shell", "vim", "less", "htop", "tmux"])
        #expect(KeyBarRule.setName(for: "vim notes.txt", in: config.rules) == "vim")
        #expect(config.rules.first?.source == "^vim")
    }

    @Test func shortLabelMayNotBeWiderThanTheLabel() {
        let config = KeyBarConfiguration.parse("key Esc label E short Escape", fileName: file)
        #expect(config.items.isEmpty)
        #expect(config.errors.first?.problem.contains("wider") == true)
    }
}
