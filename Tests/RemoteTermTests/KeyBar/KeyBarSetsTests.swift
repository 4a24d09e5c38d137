import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermSSH

/// Key sets: which set a session's bar shows as programs come and go (the choice as a table
/// over what the terminal shows), rterm's rules, and the sets the config file defines.
@Suite struct KeyBarSetsTests {
    /// What a terminal shows after a burst of output.
    struct Seen {
        var title = ""
        var alternate = false
        var marks = 0
    }

    /// The active set after each step of `steps`, from a host set `host`.
    static func choices(_ steps: [Seen], host: String? = nil) -> [String] {
        var choice = KeyBarSetChoice(hostSet: host)
        return steps.map { seen in
            choice.observe(title: seen.title, alternateScreen: seen.alternate, promptMarks: seen.marks, rules: KeyBarRule.builtIn)
            return choice.active
        }
    }

    @Test func aShellThatTitlesItsCommandsSwitchesAndComesBack() {
        #expect(
            Self.choices([
                Seen(title: "me@box: ~"),
                Seen(title: "vim notes.txt"),
                Seen(title: "vim notes.txt", alternate: true),
                Seen(title: "vim notes.txt", alternate: false),
                Seen(title: "me@box: ~"),
            ]) == ["shell", "vim", "vim", "shell", "shell"])
    }

    @Test func aFullScreenProgramsOwnTitleNamesIt() {
        #expect(
            Self.choices([
                Seen(title: ""), Seen(title: "", alternate: true), Seen(title: "notes.txt (~) - VIM", alternate: true),
                // vim could not restore the title: what it says at the end does not matter.
                Seen(title: "Thanks for flying Vim", alternate: false),
            ]) == ["shell", "shell", "vim", "shell"])
    }

    @Test func theSetOfAProgramLastsWhileItsScreenIsShown() {
        // less sets no title: the shell's command line named it before the screen switched;
        // a title the program sets that matches no rule does not end it.
        #expect(
            Self.choices([
                Seen(title: "less /etc/services"), Seen(title: "less /etc/services", alternate: true),
                Seen(title: "services", alternate: true), Seen(title: "services", alternate: false),
            ]) == ["less", "less", "less", "shell"])
    }

    @Test func aPromptMarkMeansTheShellIsBack() {
        #expect(
            Self.choices([
                Seen(title: "man ls"), Seen(title: "man ls", marks: 1), Seen(title: "man ls", marks: 1),
            ]) == ["less", "shell", "shell"])
    }

    @Test func theHostsSetIsShownWhenNoProgramNamesOne() {
        #expect(
            Self.choices([Seen(title: "me@box: ~"), Seen(title: "htop"), Seen(title: "me@box: ~")], host: "tmux")
                == ["tmux", "htop", "tmux"])
    }

    @Test func aPickByHandHoldsUntilTheProgramChanges() {
        var choice = KeyBarSetChoice(hostSet: nil)
        choice.observe(title: "me@box: ~", alternateScreen: false, promptMarks: 0, rules: KeyBarRule.builtIn)
        choice.pick("htop")
        #expect(choice.active == "htop")
        // Output that changes nothing the choice reads keeps the pick.
        choice.observe(title: "me@box: ~", alternateScreen: false, promptMarks: 0, rules: KeyBarRule.builtIn)
        #expect(choice.active == "htop")
        choice.observe(title: "vim x", alternateScreen: false, promptMarks: 0, rules: KeyBarRule.builtIn)
        #expect(choice.active == "vim")
    }

    @Test(arguments: [
        ("vim notes.txt", "vim"), ("nvim", "vim"), ("sudo vi /etc/hosts", "vim"), ("notes.txt (~) - VIM", "vim"),
        ("[No Name] - NVIM", "vim"), ("less README", "less"), ("man 5 ssh_config", "less"), ("htop", "htop"),
        ("top -d 1", "htop"), ("tmux attach", "tmux"), ("me@box: ~/vim", nil), ("me@box: ~/man", nil),
        ("Thanks for flying Vim", nil), ("vimtutor", nil), ("", nil),
    ] as [(String, String?)])
    func rtermsRules(_ title: String, _ set: String?) {
        #expect(KeyBarRule.setName(for: title, in: KeyBarRule.builtIn) == set)
    }

    /// rterm's rules are written as code; each matches exactly as the pattern it shows.
    @Test func rtermsRulesMatchAsTheirPatterns() throws {
        let titles = [
            "vim notes.txt", "nvim", "sudo vi /etc/hosts", "notes.txt (~) - VIM", "[No Name] - NVIM", "less README",
            "man 5 ssh_config", "htop", "top -d 1", "tmux attach", "me@box: ~/vim", "me@box: ~/man",
            "Thanks for flying Vim", "vimtutor", "", "  vim", "\tvi x", "sudo", "sudo ", "sudo  less x", "SUDO VIM",
            "sudo tmux", "screen -r", "VIEW x", "vimdiff a b", "nvi", "vi", "vim-", "x - vim", "x - vim12", "x - nvim3",
            "x -vim", "x - VIM ", "x\t-\tVim", "x - Nvim", "a - nnvim", "lessons", "man", "more\tfile", "btop",
            "atop -r", "sudo sudo vim", "x - VIM2 - y", "ü - vim", "vim\u{3000}x", "-vim", " - vim", "- vim",
        ]
        for rule in KeyBarRule.builtIn {
            let pattern = try #require(KeyBarRule(pattern: rule.source, setName: rule.setName))
            for title in titles {
                #expect(rule.matches(title) == pattern.matches(title), "\(rule.setName) on \(title.debugDescription)")
            }
        }
    }

    @Test func theConfigDefinesSetsRulesRowsAndLabels() {
        let config = KeyBarConfiguration.parse(
            """
            rows 2
            labels words
            key Esc
            set vim
            key Esc
            text ":wq\\r" label :wq
            set logs
            key q
            key F5 popup "F6 F7"
            popup "F1 F2" label Fn
            rule /^journalctl/ logs
            """, fileName: "keybar")
        #expect(config.errors == [])
        #expect(config.rows == 2)
        #expect(config.labels == .words)
        #expect(config.items.map(\.label) == ["Esc"])
        #expect(config.sets.map(\.name) == ["shell", "vim", "less", "htop", "tmux", "logs"])
        #expect(config.sets[1].items.map(\.label) == ["Esc", ":wq"])
        let logs = config.sets[5].items
        #expect(logs[1].alternatives.map(\.label) == ["F6", "F7"])
        #expect(logs[2].action == .popup && logs[2].alternatives.count == 2)
        #expect(KeyBarRule.setName(for: "journalctl -f", in: config.rules) == "logs")
    }

    @Test(arguments: [
        ("set", "keybar:1: 'set' needs a name such as vim"),
        ("set a b", "keybar:1: 'set' takes one name"),
        ("set v!m", "keybar:1: bad key set name 'v!m' (letters, digits, _ and - only, at most 32)"),
        ("rule vim vim", "keybar:1: a rule's pattern is written between slashes: /^vim/"),
        ("rule /(/ vim", "keybar:1: bad pattern /(/"),
        ("rows 4", "keybar:1: bad bar rows '4' (1, 2 or 3)"),
        ("labels big", "keybar:1: bad bar labels 'big' (words, glyphs or auto)"),
        ("key - popup", "keybar:1: 'popup' needs quoted key names"),
        ("key - popup \"Ecs\"", "keybar:1: unknown key 'Ecs'"),
    ])
    func badLinesSayWhy(_ line: String, _ message: String) {
        let config = KeyBarConfiguration.parse(line, fileName: "keybar")
        #expect(config.errors.count == 1)
        #expect(config.errors.first.map { "\($0)".hasPrefix(message) } == true, "\(config.errors)")
    }

    @Test func labelsAutoFollowTheLocaleAndTheTerminal() {
        let utf8 = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        #expect(KeyBarLabelStyle.resolve(nil, environment: utf8) == .glyphs)
        #expect(KeyBarLabelStyle.resolve(.auto, environment: ["LANG": "en_US.utf8", "TERM": "screen"]) == .glyphs)
        #expect(KeyBarLabelStyle.resolve(nil, environment: ["TERM": "xterm"]) == .words)
        #expect(KeyBarLabelStyle.resolve(nil, environment: ["LANG": "C.UTF-8", "LC_ALL": "C", "TERM": "xterm"]) == .words)
        #expect(KeyBarLabelStyle.resolve(nil, environment: ["LANG": "C.UTF-8", "TERM": "linux"]) == .words)
        #expect(KeyBarLabelStyle.resolve(.glyphs, environment: [:]) == .glyphs)
        #expect(KeyBarLabelStyle.resolve(.words, environment: utf8) == .words)
    }

    @Test func wordsSpellEveryButtonInASCII() {
        var bar = KeyBar(sets: KeyBarSet.builtIn)
        bar.style = .words
        for set in KeyBarSet.builtIn {
            bar.showSet(set.name)
            for width in [20, 80, 200] {
                let layout = bar.laidOut(width)
                for page in 0..<layout.pageCount {
                    _ = page
                    let labels = bar.laidOut(width).slots.map(\.label)
                    #expect(labels.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(set.name): \(labels)")
                    _ = bar.turnPage(.next)
                }
            }
        }
        bar.showSet("shell")
        let full = bar.laidOut(300).slots.map(\.label).joined(separator: " ")
        #expect(
            full == "shell Esc Tab Ctrl Alt Left Up Down Right Backspace Enter PageUp PageDown Home End | ~ / - Fn Menu")
    }
}
