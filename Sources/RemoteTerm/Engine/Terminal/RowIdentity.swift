/// What a screen row holds, named without its cells: the screen (primary or alternate), the
/// storage slot the row lives in, and the slot's revision. Every change to a row stamps its
/// slot with a new revision from the terminal-wide clock, and scrolling moves slots, not
/// cells, so two identities are equal only while they name the same unchanged content, and a
/// scrolled row keeps its identity on its new screen row. The front's frames use it to reuse
/// a row composed before (wherever it moved to) and to tell a scroll from a repaint, without
/// looking at a cell.
package struct RowIdentity: Hashable, Sendable {
    /// The row is on the alternate screen.
    package var isAlternate: Bool
    /// The storage slot.
    package var slot: Int32
    /// The slot's revision.
    package var revision: UInt64
    /// What a front laid over the row (a link's underline, the selection, predicted
    /// characters), as a hash of exactly that; 0 for nothing. Set by the front, never by
    /// the engine: the same row with the same overlay is the same line, wherever it moved.
    package var overlay: UInt64 = 0

    /// A line of the history (the scrollback) by its stable line number (`Terminal.line(number:)`):
    /// its text never changes while the scrollback holds it, and numbers are never reused, so
    /// the number names its content. A slot of -1, which no screen row has.
    package static func historyLine(_ number: Int) -> RowIdentity {
        RowIdentity(isAlternate: false, slot: -1, revision: UInt64(bitPattern: Int64(number)))
    }

    /// This row with `overlay` laid over it.
    package func overlaid(_ overlay: UInt64) -> RowIdentity {
        var identity = self
        identity.overlay = overlay
        return identity
    }

    /// The fields mixed into one word, for tables that hash a row's identity for every row
    /// on every frame with output (`FrameScroll`'s index, and `hash(into:)`: four `combine`s
    /// cost four times one).
    package var mixed: UInt64 {
        var mixed = revision &* 0x9E37_79B9_7F4A_7C15
        mixed ^= UInt64(UInt32(bitPattern: slot)) &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= overlay &* 0x1656_67B1_9E37_79F9
        if isAlternate { mixed ^= 0x27D4_EB2F_1656_67C5 }
        return mixed ^ (mixed >> 29)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(mixed) }

    /// An identity (tests make their own to compare with).
    package init(isAlternate: Bool, slot: Int32, revision: UInt64) {
        self.isAlternate = isAlternate
        self.slot = slot
        self.revision = revision
    }
}
