/// Tektronix HVC and Xcms's default gamut compression (`XcmsTekHVCClipC`): a colour the
/// screen cannot show keeps its TekHVC hue and value and loses chroma until it can.
enum XcmsTekHVC {
    /// TekHVC to CIE u′v′Y; nil when the spec is out of range.
    static func uvY(hvc: XcmsColorMath.Triple) -> XcmsColorMath.Triple? { nil }
}

enum XcmsGamut {
    /// `xyz` with its chroma reduced into the screen's gamut; nil when Xcms would fail.
    static func reducedChroma(_ xyz: XcmsColorMath.Triple) -> XcmsColorMath.Triple? { nil }
}
