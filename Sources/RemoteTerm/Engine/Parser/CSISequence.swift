/// A complete control sequence as the parser saw it: `CSI [private] params [intermediates] final`.
///
/// Used for DCS headers too. This is syntax only; `Terminal+CSIDispatch` gives it meaning.
package struct CSISequence: Equatable, Sendable {
    /// `?`, `>`, `<` or `=` when the sequence began with one, else 0.
    package var privateMarker: UInt8
    /// The numeric parameters.
    package var parameters: CSIParameters
    /// Up to two intermediate bytes (0x20–0x2F), first in the low byte; 0 when none.
    package var intermediates: UInt16
    /// The final byte (0x40–0x7E).
    package var final: UInt8

    /// Builds a sequence (tests construct these; the parser fills them byte by byte).
    package init(
        privateMarker: UInt8 = 0, parameters: CSIParameters = CSIParameters(), intermediates: UInt16 = 0,
        final: UInt8 = 0
    ) {
        self.privateMarker = privateMarker
        self.parameters = parameters
        self.intermediates = intermediates
        self.final = final
    }
}
