import CNcurses
import Foundation
import RemoteTermEngine
import RemoteTermFront

#if canImport(Glibc)
    import Glibc
#endif

/// ncurses and the local terminal's modes, for the interactive front: set up once, and put
/// back on every way out (`restore()` is idempotent and called from `deinit` too).
///
/// ncurses only draws; keys are read from standard input by the front itself (so that
/// bracketed paste, SGR mouse reports and a lone Esc are handled exactly), which is why the
/// local terminal is switched into those modes here, and out of them again on restore.
package final class NcursesScreen {
    /// Sequences that turn on, and off, what the front needs from the local terminal:
    /// bracketed paste (2004), mouse reports with motion while pressed (1002) in SGR form
    /// (1006), for the key bar and for remote programs that use the mouse, and the keypad in
    /// application mode (DECKPAM), so keypad keys can be told from the main keyboard's and
    /// encoded for the remote's keypad mode.
    private static let enableModes = "\u{1B}[?2004h\u{1B}[?1002h\u{1B}[?1006h\u{1B}="
    private static let disableModes = "\u{1B}>\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?2004l"

    private var isActive = false
    /// Colours the local terminal has (0 without colour support).
    package private(set) var colorCount = 0
    /// Colour pairs ncurses can hold.
    package private(set) var pairCount = 0

    /// What the local terminal draws beyond ncurses (direct colour, strikethrough, underline
    /// styles and colour, overline), from `COLORTERM` and terminfo's extended capabilities.
    package private(set) var styleCapabilities = LocalStyleCapabilities.none

    /// The terminfo entry used instead of `TERM` when terminfo does not know `TERM`.
    package private(set) var fallbackTerm: String?

    /// Starts ncurses on the terminal of standard output; nil when there is none, or when not
    /// even the fallback entries are in terminfo. With a `TERM` that terminfo does not know,
    /// ncurses draws as `xterm-256color` when the terminal answers like an xterm, else as
    /// `vt100`, and says so in one line: the remote's bytes never reach the terminal raw.
    /// `say` prints a line before ncurses takes the screen (so it stays there afterwards).
    package init?(say: (String) -> Void) {
        guard isatty(1) == 1 else { return nil }
        // Wide characters need a UTF-8 locale; keep the user's if it is one.
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)).map({ String(cString: $0) }), codeset != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        if rterm_newterm_stdio() == 0 {
            let requested = ProcessInfo.processInfo.environment["TERM"] ?? ""
            let fallback = TerminalProbe.suggestedTerm()
            say("rterm: TERM=\(requested) is not in terminfo; drawing as \(fallback)")
            guard rterm_newterm_type(fallback) != 0 else { return nil }
            fallbackTerm = fallback
        }
        isActive = true
        raw()
        noecho()
        nonl()
        if has_colors() {
            start_color()
            use_default_colors()
            colorCount = Int(rterm_colors())
            pairCount = Int(rterm_color_pairs())
        }
        // A terminal terminfo does not know gets nothing beyond what ncurses draws.
        if fallbackTerm == nil {
            _ = use_extended_names(true)
            styleCapabilities = LocalStyleCapabilities.detect(
                environment: ProcessInfo.processInfo.environment,
                string: { name in
                    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
                    return String(cString: value)
                },
                flag: { tigetflag($0) > 0 }
            ).beyondNcurses(colorCount: colorCount)
        }
        Self.write(Self.enableModes)
    }

    deinit { restore() }

    /// Puts the local terminal back as it was: modes off, cursor shown, alternate screen left,
    /// echo and canonical mode back (endwin).
    package func restore() {
        guard isActive else { return }
        isActive = false
        curs_set(1)
        endwin()
        Self.write(Self.disableModes)
    }

    /// Leaves the screen for a suspend (`~^Z`): like `restore`, but `resume` brings it back.
    package func suspend() {
        curs_set(1)
        endwin()
        Self.write(Self.disableModes)
    }

    /// Back from a suspend: modes on again and a full redraw on the next refresh.
    package func resume() {
        Self.write(Self.enableModes)
        refresh()
        rterm_clear_on_next_refresh()
    }

    /// Tells ncurses the terminal changed size.
    package func resize(rows: Int, columns: Int) {
        resizeterm(Int32(rows), Int32(columns))
    }

    /// Sets the local terminal's title (already cleaned by the engine; anything a terminal
    /// would act on is dropped here too, so the remote cannot smuggle sequences).
    package func setTitle(_ title: String) {
        // A terminal terminfo does not know may not take OSC 2 at all: leave its title alone.
        guard fallbackTerm == nil else { return }
        let clean = String(String.UnicodeScalarView(title.unicodeScalars.filter { !InertText.isActive($0) }))
        Self.write("\u{1B}]2;\(clean)\u{07}")
    }

    /// The size of the local terminal.
    package static func size() -> (rows: Int, columns: Int) {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            return (Int(size.ws_row), Int(size.ws_col))
        }
        return (24, 80)
    }

    /// Whether rterm writes sequences of its own (OSC 52, titles) to this terminal: not to one
    /// terminfo does not know, which may not take them at all.
    package var takesOwnSequences: Bool { fallbackTerm == nil }

    /// Writes rterm's own sequence (OSC 52, overpaint) after what ncurses has sent.
    package func writeOwn(_ bytes: [UInt8]) {
        Self.write(bytes)
    }

    private static func write(_ text: String) { write(Array(text.utf8)) }

    private static func write(_ bytes: [UInt8]) {
        rterm_fflush_stdout()
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
    }
}
