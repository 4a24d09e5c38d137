/// Which key set one session's bar shows, and why: the host's set (`RTermKeyBar`,
/// `--keybar`), the set of the program running there (a `KeyBarRule` matching the title), or
/// the user's pick (a click on the set's name), in reverse order of precedence. Pure: the
/// workspace tells it what the session's terminal shows after each burst of output.
///
/// What marks a program's start and end, as a terminal can see it:
/// - a title change: a rule that matches gives the program's set; one that does not, on the
///   main screen, means no program of a rule is running (a prompt's `user@host: ~` title);
/// - the alternate screen: a full-screen program starting (the title then is its command
///   line, if the shell set one); leaving it ends the program, whatever the title still
///   says, until the title changes again;
/// - the shell's prompt marks (OSC 133 `A`/`D`, OSC 7): the shell is back.
///
/// A pick by hand holds until the program changes.
package struct KeyBarSetChoice: Equatable, Sendable {
    /// The host's set, nil for the default.
    package let hostSet: String?
    /// The set of the program running, by a rule; nil when none is.
    package private(set) var programSet: String?
    /// The user's pick, until the program changes.
    package private(set) var pickedSet: String?
    private var seenTitle = ""
    private var seenAlternateScreen = false
    private var seenPromptMarks = 0

    /// A choice for a session of a host whose set is `hostSet`.
    package init(hostSet: String?) {
        self.hostSet = hostSet
    }

    /// The set to show: picked, else the program's, else the host's, else `shell`.
    package var active: String { pickedSet ?? programSet ?? hostSet ?? KeyBarSet.defaultName }

    /// What the session's terminal shows now; returns whether `active` changed.
    @discardableResult
    package mutating func observe(title: String, alternateScreen: Bool, promptMarks: Int, rules: [KeyBarRule]) -> Bool {
        let before = active
        var program = programSet
        if alternateScreen != seenAlternateScreen {
            if alternateScreen {
                // A full-screen program starts: its command line, if the shell put it in the
                // title, names it; else a set chosen from the title just before stays.
                program = KeyBarRule.setName(for: title, in: rules) ?? program
            } else {
                program = nil
            }
        } else if title != seenTitle {
            if let matched = KeyBarRule.setName(for: title, in: rules) {
                program = matched
            } else if !alternateScreen {
                program = nil
            }
        }
        if promptMarks != seenPromptMarks, !alternateScreen { program = nil }
        seenTitle = title
        seenAlternateScreen = alternateScreen
        seenPromptMarks = promptMarks
        if program != programSet {
            programSet = program
            pickedSet = nil
        }
        return active != before
    }

    /// The user picked `name` (a click on the set's name cycles through the sets).
    package mutating func pick(_ name: String) {
        pickedSet = name
    }
}
