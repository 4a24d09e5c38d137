import RemoteTermEngine

/// The help panel (`~?`, or Help in the ☰ menu): the escapes, the bar's gestures, the mouse
/// and the menu, in short paragraphs the panel wraps to any width.
enum FrontHelp {
    /// The panel, with the escapes written with `escape` (`~` unless `-e` chose another;
    /// nil when escapes are off).
    static func panel(escape: String?) -> Panel {
        let escapes = escape.map { e in
            "Escapes, typed after Enter: \(e). disconnect   \(e)^Z suspend   \(e)b hide or show the bar   \(e)k the bar's keys by number   "
                + "\(e)? this help   \(e)\(e) a literal \(e)   "
                + "Files: \(e)u upload   \(e)d download   "
                + "Sessions: \(e)c open one   \(e)n next   \(e)p previous   \(e)1…\(e)9 by number   "
                + "Prompts (OSC 133 marks): \(e)[ previous   \(e)] next, then [ and ] in the history"
        } ?? "Escapes are off (-e none); ☰ Disconnect ends the session, ☰ New session opens another."
        var panel = Panel(
        title: "rterm help",
        hint: "↑ ↓ PgUp PgDn or the wheel scroll, any other key closes",
        paragraphs: [
            escapes,
            "Key bar: a click sends one key, encoded for the remote's modes. Ctrl and Alt apply to the next key; click again to cancel, twice quickly to lock. Hold an arrow or ⌫ to repeat. ‹ › and the wheel over the bar turn pages.",
            "Mouse (when the remote has not taken it, or with Shift): drag selects, double-click a word, triple-click a line; the selection is copied to your clipboard (OSC 52). A click on an underlined link opens it (RTERM_OPEN or xdg-open) or copies it.",
            "Wheel: scrolls the history (any key returns; [ and ] jump to prompts when the shell marks them: docs/ssh.md, Prompt marks); in full-screen programs such as less it sends ↑ and ↓.",
            "☰ menu: Hide bar, Help, Copy screen, Copy all (history and screen), New session, Disconnect, Close, the sessions, and Cancel for each file transfer under way.",
            "Sessions: only the one shown gets keys, pastes, clicks and the mouse. Its tabs are the bar's last page: * shown, # output since seen, ! a bell, ? a question waits (a password, a host key; Ctrl+N or Ctrl+P while one is asked leaves it waiting), ✉ a notification, ✗N the last command failed, 42% the remote's progress, [N] ended with status N (a key closes it and goes on to the next; Esc only closes it).",
        ])
        panel.shortHint = "↑↓ scroll"
        return panel
    }
}
