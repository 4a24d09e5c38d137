/// One piece of text on the bar row, placed and styled: what the front draws there.
package struct BarLabel: Equatable, Sendable {
    /// The column it starts at.
    package var column: Int
    /// The text.
    package var text: String
    /// How it is emphasised: an armed or locked modifier, a sticky notice (`FrameComposer`
    /// draws it, on a button's cap or as plain text).
    package var emphasis: KeyBarLabel.Emphasis
    /// The columns of the button it labels, drawn as a cap on every row of the bar (reverse
    /// video, in the user's own colours) so the bar reads as buttons and not as output; nil
    /// for text that is no button (a notice, the menu, a question).
    package var cap: Range<Int>?

    /// A label.
    package init(column: Int, text: String, emphasis: KeyBarLabel.Emphasis = .normal, cap: Range<Int>? = nil) {
        self.column = column
        self.text = text
        self.emphasis = emphasis
        self.cap = cap
    }
}
