/// Whether the user's colours are dark or light (text light on dark, or the reverse), as a
/// program asks with `CSI ? 996 n` and is told with `CSI ? 997 ; 1 n` (dark) or `; 2 n`
/// (light): contour's colour-scheme protocol, which neovim, helix and others follow.
package enum TerminalColorScheme: Int, Equatable, Sendable {
    case dark = 1
    case light = 2

    /// The scheme of a background colour: dark when its relative luminance is below half.
    package init(background: RGBColor) {
        let luminance = 0.2126 * Double(background.red) + 0.7152 * Double(background.green)
            + 0.0722 * Double(background.blue)
        self = luminance < 128 ? .dark : .light
    }
}
