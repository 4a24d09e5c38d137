import RemoteTermEngine

/// What the user's terminal can draw beyond what ncurses draws for it: 24-bit colour on a
/// terminfo entry without direct colour, strikethrough, overline, underline styles and
/// underline colour. `StyleOverpaint` writes these itself, over what ncurses drew.
///
/// The strings are the terminfo capabilities as the local terminfo gives them (escapes
/// already decoded, parameters still in terminfo's `%` language), so a terminal that spells
/// a feature its own way is still driven correctly; nil means "use the standard sequence".
package struct LocalStyleCapabilities: Equatable, Sendable {
    /// The terminal takes `38;2;R;G;B` / `48;2;R;G;B` even though its terminfo entry counts
    /// 256 colours (COLORTERM=truecolor, or the RGB / Tc extension).
    package var directColor: Bool
    /// SGR 9 (`smxx`).
    package var strikethrough: Bool
    /// SGR 53 (`Smol`).
    package var overline: Bool
    /// Double, curly, dotted and dashed underlines (`Smulx`, or the older `Su` flag).
    package var styledUnderline: Bool
    /// SGR 58 (`Setulc`, or the older `Su` flag).
    package var underlineColor: Bool
    /// OSC 8 hyperlinks: links on the screen are passed on so the user's terminal can open
    /// them itself. No terminfo capability says so; see `detect`.
    package var hyperlinks: Bool
    /// terminfo `smxx`; nil: `standardStrikethrough`.
    package var strikethroughString: String?
    /// terminfo `Smol`; nil: `standardOverline`.
    package var overlineString: String?
    /// terminfo `Smulx`, `%p1` the style (2 double … 5 dashed); nil: `standardStyledUnderline`.
    package var styledUnderlineString: String?
    /// terminfo `Setulc`, `%p1` the colour as 0xRRGGBB; nil: `standardUnderlineColor`.
    package var underlineColorString: String?

    /// ECMA-48's strikethrough ("crossed-out").
    package static let standardStrikethrough = "\u{1B}[9m"
    /// ECMA-48's overline.
    package static let standardOverline = "\u{1B}[53m"
    /// The `4:N` sub-parameter form kitty introduced and VTE, tmux, mintty and others took up.
    package static let standardStyledUnderline = "\u{1B}[4:%p1%dm"
    /// ITU T.416's colon form of SGR 58 with an RGB value, as tmux's `usstyle` feature sends it.
    package static let standardUnderlineColor =
        "\u{1B}[58:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d%;m"

    /// Nothing beyond ncurses: no overpaint at all.
    package static let none = LocalStyleCapabilities()

    package init(
        directColor: Bool = false, strikethrough: Bool = false, overline: Bool = false,
        styledUnderline: Bool = false, underlineColor: Bool = false,
        strikethroughString: String? = nil, overlineString: String? = nil,
        styledUnderlineString: String? = nil, underlineColorString: String? = nil, hyperlinks: Bool = false
    ) {
        self.hyperlinks = hyperlinks
        self.directColor = directColor
        self.strikethrough = strikethrough
        self.overline = overline
        self.styledUnderline = styledUnderline
        self.underlineColor = underlineColor
        self.strikethroughString = strikethroughString
        self.overlineString = overlineString
        self.styledUnderlineString = styledUnderlineString
        self.underlineColorString = underlineColorString
    }

    /// Reads the capabilities from the environment and the local terminfo entry.
    ///
    /// - `string`: a terminfo string capability by name, nil when absent or cancelled (the
    ///   front passes ncurses' `tigetstr`, mapping its `(char *)-1` and NULL to nil; extended
    ///   names such as `Smulx` need `use_extended_names(TRUE)`, ncurses' default).
    /// - `flag`: a terminfo boolean capability by name (`tigetflag` > 0).
    ///
    /// Direct colour comes from `COLORTERM` (`truecolor` or `24bit`, the de facto convention)
    /// or from terminfo's `RGB` (a flag, or ncurses' string form) or tmux's older `Tc`.
    /// Inside tmux (`TMUX` set) nothing changes: tmux's terminfo entry and the COLORTERM it
    /// passes on describe what tmux itself accepts, and tmux converts for the terminal
    /// outside it.
    package static func detect(
        environment: [String: String], string: (String) -> String?, flag: (String) -> Bool
    ) -> LocalStyleCapabilities {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let direct = colorTerm == "truecolor" || colorTerm == "24bit" || flag("RGB") || string("RGB") != nil
            || flag("Tc")
        let strikeString = nonEmpty(string("smxx"))
        let overString = nonEmpty(string("Smol"))
        let styleString = nonEmpty(string("Smulx"))
        let colorString = nonEmpty(string("Setulc"))
        // `Su` predates Smulx and Setulc; terminals that set it (VTE, kitty) had both.
        let su = flag("Su")
        var result = LocalStyleCapabilities(
            directColor: direct, strikethrough: strikeString != nil, overline: overString != nil,
            styledUnderline: styleString != nil || su, underlineColor: colorString != nil || su,
            strikethroughString: strikeString, overlineString: overString, styledUnderlineString: styleString,
            underlineColorString: colorString)
        result.hyperlinks = hyperlinkSupport(environment)
        return result
    }

    /// Whether the terminal takes OSC 8, from what terminals that do say about themselves
    /// (terminfo has no capability for it): VTE 0.50 and later, kitty, WezTerm, iTerm2, foot,
    /// Ghostty, Alacritty, Windows Terminal. Inside tmux only when told, since tmux before 3.4
    /// drops them. `RTERM_HYPERLINKS=on` or `off` decides outright.
    static func hyperlinkSupport(_ environment: [String: String]) -> Bool {
        switch environment["RTERM_HYPERLINKS"]?.lowercased() {
        case "on", "1", "yes": return true
        case "off", "0", "no": return false
        default: break
        }
        if environment["TMUX"] != nil { return false }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        let term = environment["TERM"] ?? ""
        if ["xterm-kitty", "alacritty", "xterm-ghostty"].contains(term) || term.hasPrefix("foot") { return true }
        if ["WezTerm", "iTerm.app", "vscode"].contains(environment["TERM_PROGRAM"] ?? "") { return true }
        return environment["WT_SESSION"] != nil
    }

    /// These capabilities less what ncurses already draws with `colorCount` colours (its
    /// `COLORS`): on a direct-colour entry (`xterm-direct`) ncurses sends RGB itself, so
    /// overpainting for colour would only repeat it.
    package func beyondNcurses(colorCount: Int) -> LocalStyleCapabilities {
        var result = self
        if colorCount >= ColorPalette.directColorCount { result.directColor = false }
        return result
    }

    /// Whether anything at all can be overpainted (the front skips the work otherwise).
    package var isEmpty: Bool {
        !directColor && !strikethrough && !overline && !styledUnderline && !underlineColor && !hyperlinks
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
