import Testing

@testable import RemoteTermCore
@testable import RemoteTermSSH

/// rterm's front keywords: `RTermKeyBar`, `RTermBarRows`, `RTermBarLabels` and `RTermReader`
/// in ssh_config `Host` blocks (shown by `-G`), and their long options, which win.
@Suite struct FrontPreferencesTests {
    static let config = """
        Host phone
          RTermKeyBar tmux
          RTermBarRows 3
          RTermBarLabels words
          RTermReader yes
        """

    @Test func aHostBlockSetsThemAndDashGShowsThem() throws {
        let settings = try SSHConfigTestSupport.settings(Self.config, host: "phone")
        #expect(settings.front == FrontPreferences(keyBarSet: "tmux", barRows: 3, barLabels: .words, reader: true))
        for line in ["rtermkeybar tmux", "rtermbarrows 3", "rtermbarlabels words", "rtermreader yes"] {
            #expect(settings.configDump.contains(line + "\n"), "\(line)")
        }
        let other = try SSHConfigTestSupport.settings(Self.config, host: "laptop")
        #expect(other.front == FrontPreferences())
        #expect(!other.configDump.contains("rtermkeybar"))
    }

    @Test func theLongOptionsWin() throws {
        let settings = try SSHConfigTestSupport.settings(
            Self.config, host: "phone", commandLine: ["--keybar", "vim", "--bar-rows=2", "--bar-labels", "glyphs"])
        #expect(settings.front == FrontPreferences(keyBarSet: "vim", barRows: 2, barLabels: .glyphs, reader: true))
        let reader = try SSHConfigTestSupport.settings("", host: "h", commandLine: ["--reader"])
        #expect(reader.front.reader == true)
    }

    @Test(arguments: [
        (["--bar-rows", "4", "h"], "rterm: --bar-rows: bad bar rows '4' (1, 2 or 3)"),
        (["--bar-labels", "big", "h"], "rterm: --bar-labels: bad bar labels 'big' (words, glyphs or auto)"),
        (["--keybar", "a/b", "h"], "rterm: --keybar: bad key set name 'a/b' (letters, digits, _ and - only, at most 32)"),
        (["--keybar"], "rterm: option --keybar requires an argument (a key set's name)"),
        (["-o", "RTermBarRows=0", "h"], "rterm: -o 'RTermBarRows=0': bad bar rows '0' (1, 2 or 3)"),
    ])
    func badValuesAreOneLine(_ arguments: [String], _ message: String) {
        #expect(throws: (any Error).self) { try SSHCommandLine.parse(arguments) }
        do {
            _ = try SSHCommandLine.parse(arguments)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func theLocalShellTakesTheFrontOptionsToo() throws {
        let target = try SessionTarget.parse(["--local", "--bar-rows", "2", "--reader", "--keybar", "htop", "--", "top"])
        #expect(target == .local(LocalCommandLine(command: ["top"], front: FrontPreferences(keyBarSet: "htop", barRows: 2, reader: true))))
        #expect(throws: SessionTargetError.self) { try SessionTarget.parse(["--local", "--bar-rows", "9"]) }
    }
}
