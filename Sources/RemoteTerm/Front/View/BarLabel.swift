/// One piece of text on the bar row, placed and styled: what the front draws there.
public struct BarLabel: Equatable, Sendable {
    /// The column it starts at.
    public var column: Int
    /// The text.
    public var text: String
    /// How it is emphasised (armed and locked modifiers in reverse video).
    public var emphasis: KeyBarLabel.Emphasis

    /// A label.
    public init(column: Int, text: String, emphasis: KeyBarLabel.Emphasis = .normal) {
        self.column = column
        self.text = text
        self.emphasis = emphasis
    }
}
