import RemoteTermEngine

/// A link found in terminal text, for the view to underline and open on click: an OSC 8
/// hyperlink the program set (`isExplicit`) or a URL written in plain text. Its cells run
/// from `start` to `end` inclusive, which may be on a later line when the text is
/// soft-wrapped.
package struct DetectedLink: Equatable, Sendable {
    /// What to open: the OSC 8 URI, or the URL as written (`http://` put before `www.`).
    package var url: String
    /// The link's first cell.
    package var start: TextPosition
    /// The link's last cell, inclusive (the second half when it ends in a wide character).
    package var end: TextPosition
    /// Whether the program marked the link itself (OSC 8) rather than it being found in
    /// the text.
    package var isExplicit: Bool

    /// A link.
    package init(url: String, start: TextPosition, end: TextPosition, isExplicit: Bool) {
        self.url = url
        self.start = start
        self.end = end
        self.isExplicit = isExplicit
    }

    /// Whether the cell at `p` is part of the link. (The lines between the first and the
    /// last are wholly the link's, as wrapped text fills them.)
    package func contains(_ p: TextPosition) -> Bool { start <= p && p <= end }
}
