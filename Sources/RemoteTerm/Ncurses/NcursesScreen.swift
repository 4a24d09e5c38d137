import CNcurses
import Foundation
import RemoteTermEngine
import RemoteTermFront
import RemoteTermLoop

#if canImport(Glibc)
    import Glibc
#endif

/// ncurses and the local terminal's modes, for the interactive front: set up once, and put
/// back on every way out (`restore()` is idempotent and called from `deinit` too). Draws
/// frames with its `NcursesRenderer`.
///
/// ncurses only draws; keys are read from standard input by the front itself (so that
/// bracketed paste, SGR mouse reports and a lone Esc are handled exactly), which is why the
/// local terminal is switched into those modes here, and out of them again on restore.
///
/// With a keyboard protocol (`LocalKeyboardProtocol`: the kitty protocol's flags pushed, or
/// modifyOtherKeys), the protocol is turned on inside the alternate screen and off again
/// before it is left: the kitty protocol keeps a stack of flags for each screen, and the
/// shell's, on the main screen, is not touched.
///
/// The same screen draws onto any descriptor for a terminal type of terminfo
/// (`init?(term:output:rows:columns:environment:)`): the tests read back what it wrote.
package final class NcursesScreen: LocalScreen {
    /// Sequences that turn on, and off, what the front needs from the local terminal:
    /// bracketed paste (2004), mouse reports with motion while pressed (1002) in SGR form
    /// (1006), for the key bar and for remote programs that use the mouse, and the keypad in
    /// application mode (DECKPAM), so keypad keys can be told from the main keyboard's and
    /// encoded for the remote's keypad mode; and colour-scheme reports (2031), so a remote
    /// program that asked is told when the user's scheme turns dark or light (a terminal that
    /// does not know the mode ignores it).
    static let enableModes = "\u{1B}[?2004h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2031h\u{1B}="
    static let disableModes = "\u{1B}>\u{1B}[?2031l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?2004l"

    private var isActive = false
    /// The keyboard protocol turned on while the screen is up.
    package let keyboard: LocalKeyboardProtocol
    /// The protocol is on now (so it is turned off once, however the screen is left).
    private var isKeyboardOn = false
    private let screen: OpaquePointer
    /// The stream ncurses writes to (nil: standard output).
    private let file: UnsafeMutablePointer<FILE>?
    private let descriptor: Int32
    private var renderer: NcursesRenderer
    /// Colours the local terminal has (0 without colour support).
    package let colorCount: Int
    /// Colour pairs ncurses can hold.
    package let pairCount: Int
    /// What the local terminal draws beyond ncurses (direct colour, strikethrough, underline
    /// styles and colour, overline), from `COLORTERM` and terminfo's extended capabilities.
    package let styleCapabilities: LocalStyleCapabilities
    /// The terminfo entry used instead of `TERM` when terminfo does not know `TERM`.
    package let fallbackTerm: String?

    /// Starts ncurses on the terminal of standard output; nil when there is none, or when not
    /// even the fallback entries are in terminfo. With a `TERM` that terminfo does not know,
    /// ncurses draws as `xterm-256color` when the terminal answers like an xterm, else as
    /// `vt100`, and `say`s so in one line (before ncurses takes the screen, so it stays
    /// there afterwards): the remote's bytes never reach the terminal raw.
    package convenience init?(keyboard: LocalKeyboardProtocol = .legacy, say: (String) -> Void) {
        guard isatty(1) == 1 else { return nil }
        Self.useUTF8()
        let environment = ProcessInfo.processInfo.environment
        if let screen = rterm_newterm_stdio(nil) {
            self.init(
                screen: screen, file: nil, descriptor: 1, fallbackTerm: nil, environment: environment, keyboard: keyboard)
        } else {
            let fallback = TerminalProbe.suggestedTerm()
            say("rterm: TERM=\(environment["TERM"] ?? "") is not in terminfo; drawing as \(fallback)")
            guard let screen = rterm_newterm_stdio(fallback) else { return nil }
            self.init(
                screen: screen, file: nil, descriptor: 1, fallbackTerm: fallback, environment: environment,
                keyboard: keyboard)
        }
    }

    /// ncurses drawing as terminal `term` (of terminfo) onto `output`, `rows` x `columns`,
    /// with `environment`'s `COLORTERM` saying whether direct colour is drawn, turning
    /// `keyboard` on; nil when terminfo does not know `term`. Keys are never read from it.
    package convenience init?(
        term: String, output: Int32, rows: Int, columns: Int, environment: [String: String],
        keyboard: LocalKeyboardProtocol = .legacy
    ) {
        Self.useUTF8()
        guard let file = fdopen(dup(output), "w"), let input = fopen("/dev/null", "r") else { return nil }
        guard let screen = newterm(term, file, input) else {
            fclose(file)
            return nil
        }
        self.init(
            screen: screen, file: file, descriptor: fileno(file), fallbackTerm: nil, environment: environment,
            keyboard: keyboard)
        resize(rows: rows, columns: columns)
    }

    private init(
        screen: OpaquePointer, file: UnsafeMutablePointer<FILE>?, descriptor: Int32, fallbackTerm: String?,
        environment: [String: String], keyboard: LocalKeyboardProtocol
    ) {
        self.screen = screen
        self.keyboard = keyboard
        self.file = file
        self.descriptor = descriptor
        self.fallbackTerm = fallbackTerm
        isActive = true
        raw()
        noecho()
        nonl()
        // Frames go to the terminal as written, without the kernel reading every byte.
        rterm_output_unprocessed(descriptor)
        // ncurses never reads the keys (the front does), so it need not look for typeahead
        // to break off a refresh: by default it polls standard input a dozen times a frame.
        typeahead(-1)
        var colors = 0
        var pairs = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(rterm_colors())
            pairs = Int(rterm_color_pairs())
        }
        colorCount = colors
        pairCount = pairs
        // A terminal terminfo does not know gets nothing beyond what ncurses draws.
        if fallbackTerm == nil {
            _ = use_extended_names(true)
            styleCapabilities = LocalStyleCapabilities.detect(
                environment: environment,
                string: { name in
                    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
                    return String(cString: value)
                },
                flag: { tigetflag($0) > 0 }
            ).beyondNcurses(colorCount: colors)
        } else {
            styleCapabilities = .none
        }
        // The remote's rows are written by rterm itself (`RemoteRowWriter`) on a terminal
        // that takes ANSI addressing, unless RTERM_ROW_WRITER=off.
        var rowTerminal: RemoteRowTerminal?
        if environment["RTERM_ROW_WRITER"] != "off" {
            rowTerminal = RemoteRowTerminal.detect(
                colorCount: colors, styles: styleCapabilities,
                string: { name in
                    guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
                    return String(cString: value)
                },
                flag: { tigetflag($0) > 0 })
        }
        if rowTerminal != nil { rterm_forget_clear_to_end_of_screen() }
        renderer = NcursesRenderer(
            colorCount: colors, pairCount: pairs, styles: styleCapabilities, rowWriter: rowTerminal)
        rterm_leave_initial_state()
        write(Self.enableModes)
        keyboardOn()
    }

    deinit {
        restore()
        delscreen(screen)
        if let file { fclose(file) }
    }

    /// Wide characters need a UTF-8 locale; the user's is kept if it is one.
    private static func useUTF8() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)).map({ String(cString: $0) }), codeset != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Puts the local terminal back as it was: modes off, cursor shown, alternate screen left,
    /// echo and canonical mode back (endwin).
    package func restore() {
        guard isActive else { return }
        isActive = false
        set_term(screen)
        write(renderer.giveBackCursor())
        keyboardOff()
        curs_set(1)
        endwin()
        write(Self.disableModes)
    }

    // MARK: - LocalScreen

    package func currentSize() -> (rows: Int, columns: Int) {
        TerminalSize.of(descriptor) ?? (Int(rterm_lines()), Int(rterm_cols()))
    }

    package func resize(rows: Int, columns: Int) {
        resizeterm(Int32(rows), Int32(columns))
    }

    /// Each frame is written between `CSI ? 2026 h` and `CSI ? 2026 l`, so the terminal shows
    /// it whole (set when the terminal said it knows the mode: `LocalSynchronizedOutputAnswer`).
    package var synchronizedFrames = false

    package func draw(_ frame: Frame) {
        guard synchronizedFrames else { return renderer.draw(frame) { self.write($0) } }
        renderer.draw(frame, before: Self.beginSynchronizedFrame, after: Self.endSynchronizedFrame) { self.write($0) }
    }

    /// Whether the remote's rows are written by rterm (`RemoteRowWriter`), not ncurses.
    package var writesRemoteRows: Bool { renderer.writesRemoteRows }

    static let beginSynchronizedFrame = Array("\u{1B}[?2026h".utf8)
    static let endSynchronizedFrame = Array("\u{1B}[?2026l".utf8)

    package func invalidate() {
        renderer.invalidate()
    }

    /// What drawing has cost so far (frames, rows drawn, scrolls).
    package var renderWork: RenderWork { renderer.work }

    /// Whether rterm writes sequences of its own (OSC 52, titles) to this terminal: not to one
    /// terminfo does not know, which may not take them at all.
    package var takesOwnSequences: Bool { fallbackTerm == nil }

    /// Writes rterm's own sequence (OSC 52, overpaint) after what ncurses has sent.
    package func writeOwn(_ bytes: [UInt8]) {
        write(bytes)
    }

    /// Sets the local terminal's title (already cleaned by the engine; anything a terminal
    /// would act on is dropped here too, so the remote cannot smuggle sequences).
    package func setTitle(_ title: String) {
        // A terminal terminfo does not know may not take OSC 2 at all: leave its title alone.
        guard fallbackTerm == nil else { return }
        let clean = String(String.UnicodeScalarView(title.unicodeScalars.filter { !InertText.isActive($0) }))
        write("\u{1B}]2;\(clean)\u{07}")
    }

    package func bell() {
        beep()
    }

    /// Leaves the screen for a suspend (`~^Z`): like `restore`, but `resume` brings it back.
    package func suspend() {
        write(renderer.giveBackCursor())
        keyboardOff()
        curs_set(1)
        endwin()
        write(Self.disableModes)
    }

    /// Back from a suspend: modes on again and a full redraw on the next refresh.
    package func resume() {
        write(Self.enableModes)
        refresh()  // back on the alternate screen first: the kitty protocol's flags are per screen
        keyboardOn()
        rterm_clear_on_next_refresh()
    }

    // MARK: - Keyboard protocol

    /// Turns the keyboard protocol on (after what ncurses has written, so on the alternate
    /// screen once ncurses has entered it).
    private func keyboardOn() {
        guard !isKeyboardOn, keyboard != .legacy else { return }
        isKeyboardOn = true
        write(keyboard.enableSequence)
    }

    /// Turns it off, before ncurses leaves the alternate screen.
    private func keyboardOff() {
        guard isKeyboardOn else { return }
        isKeyboardOn = false
        write(keyboard.disableSequence)
    }

    // MARK: - Writing

    private func write(_ text: String) { write(Array(text.utf8)) }

    /// Writes `bytes` after what ncurses has buffered.
    private func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        rterm_fflush(file)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            offset += count
        }
    }
}
