/// Tektronix HVC, the space Xcms's default gamut compression works in, following Xlib's
/// HVC.c: hue is measured from the white point's direction to "best red" in u′v′,
/// value is CIE L*, and chroma is the u′v′ distance from white scaled by value.
enum XcmsTekHVC {
    typealias Triple = XcmsColorMath.Triple

    /// u′v′ of "best red", the direction of hue 0.
    static let bestRed = (u: 0.7127, v: 0.4931)
    static let chromaScale = 7.50725
    /// Xcms's slack around hue 0 and 360.
    static let hueTolerance = 0.001
    /// Largest hue magnitude taken from a spec (Xcms brings a hue into 0…360 by repeated
    /// steps of 360; this bounds the steps).
    static let hueLimit = 1_000_000.0

    /// The angle of best red seen from the screen's white point, in degrees.
    static let thetaOffset: Double = {
        let white = XcmsColorMath.uvYOfWhite()
        return degrees(XcmsNumerics.arcTangent((bestRed.v - white.1) / (bestRed.u - white.0)))
    }()

    static func degrees(_ radians: Double) -> Double { radians * 180 / XcmsNumerics.pi }
    static func radians(_ degrees: Double) -> Double { degrees * XcmsNumerics.pi / 180 }

    /// TekHVC (H, V 0…100, C ≥ 0) to CIE u′v′Y; nil when the spec is out of range.
    static func uvY(hvc: Triple) -> Triple? {
        var (hue, value, chroma) = hvc
        let epsilon = Double.ulpOfOne
        guard value >= 0 - epsilon, value <= 100 + epsilon, chroma >= 0 - epsilon, abs(hue) <= hueLimit else {
            return nil
        }
        if value < 0 { value = epsilon } else if value > 100 { value = 100 - epsilon }
        if chroma < 0 { chroma = -epsilon }
        while hue < 0 { hue += 360 }
        while hue >= 360 { hue -= 360 }
        let white = XcmsColorMath.uvYOfWhite()
        if value == 0 || value == 100 { return (white.0, white.1, value == 100 ? 1 : 0) }
        var angle = hue + thetaOffset
        while angle < 0 { angle += 360 }
        while angle >= 360 { angle -= 360 }
        angle = radians(angle)
        let u = (XcmsNumerics.cosine(angle) * chroma) / (value * chromaScale)
        let v = (XcmsNumerics.sine(angle) * chroma) / (value * chromaScale)
        let luminance: Double
        if value < 7.99953624 {
            luminance = value / 903.29
        } else {
            let l = (value + 16) / 116
            luminance = l * l * l
        }
        return (u + white.0, v + white.1, luminance)
    }

    /// CIE u′v′Y to TekHVC; nil when Y is outside 0…1.
    static func hvc(uvY: Triple) -> Triple? {
        let epsilon = Double.ulpOfOne
        guard uvY.2 >= 0 - epsilon && uvY.2 <= 1 + epsilon else { return nil }
        let white = XcmsColorMath.uvYOfWhite()
        let u = uvY.0 - white.0
        let v = uvY.1 - white.1
        var theta = u == 0 ? 0 : degrees(XcmsNumerics.arcTangent(v / u))
        var low = 0.0
        var high = 360.0
        if u > 0 && v > 0 {
            (low, high) = (0, 90)
        } else if u < 0 && v > 0 {
            (low, high) = (90, 180)
        } else if u < 0 && v < 0 {
            (low, high) = (180, 270)
        } else if u > 0 && v < 0 {
            (low, high) = (270, 360)
        }
        while theta < low { theta += 90 }
        while theta >= high { theta -= 90 }
        let lightness = uvY.2 < 0.008856 ? uvY.2 * 903.29 : XcmsNumerics.cubeRoot(uvY.2) * 116 - 16
        let chroma = lightness * chromaScale * XcmsNumerics.squareRoot(u * u + v * v)
        if chroma < 0 { theta = 0 }
        var hue = theta - thetaOffset
        while hue < -hueTolerance { hue += 360 }
        while hue >= 360 + hueTolerance { hue -= 360 }
        return (hue, lightness, chroma)
    }

    /// Xcms's `_XcmsTekHVC_CheckModify`: value into 0…100, chroma not negative, hue into
    /// 0…360 (for the hues Xcms's own conversions produce, which are near that range).
    static func clamped(_ hvc: Triple) -> Triple {
        var (hue, value, chroma) = hvc
        let epsilon = Double.ulpOfOne
        if value < 0 { value = epsilon } else if value > 100 { value = 100 - epsilon }
        if chroma < 0 { chroma = -epsilon }
        if hue < 0 {
            let turns = (-hue / 360).rounded(.towardZero)
            hue += (turns + 1) * 360
            if hue >= 360 { hue -= 360 }
        } else if hue >= 360 {
            hue -= (hue / 360).rounded(.towardZero) * 360
        }
        return (hue, value, chroma)
    }

    /// XYZ to TekHVC through u′v′Y.
    static func hvc(xyz: Triple) -> Triple? { hvc(uvY: XcmsColorMath.uvY(xyz: xyz)) }

    /// TekHVC to XYZ through u′v′Y.
    static func xyz(hvc: Triple) -> Triple? { uvY(hvc: hvc).flatMap { XcmsColorMath.xyz(uvY: $0) } }
}

/// Xcms's default gamut compression, `XcmsTekHVCClipC`: keep the TekHVC hue and value and
/// take the largest chroma the screen can show there (`XcmsTekHVCQueryMaxC`).
enum XcmsGamut {
    typealias Triple = XcmsColorMath.Triple

    static let tolerance = 0.001
    static let bisectionLimit = 100

    /// `xyz` with its chroma reduced into the screen's gamut; nil when Xcms would fail.
    static func reducedChroma(_ xyz: Triple) -> Triple? {
        guard xyz.1 >= 0 - Double.ulpOfOne && xyz.1 <= 1 + Double.ulpOfOne,
            let hvc = XcmsTekHVC.hvc(xyz: xyz),
            let reduced = maximumChroma(hue: hvc.0, value: hvc.1)
        else { return nil }
        return XcmsTekHVC.xyz(hvc: reduced)
    }

    /// The most saturated colour of a hue: Xcms starts from an unreachable colour of that
    /// hue, shifts its RGB intensities so the smallest is 0 and scales them so the largest
    /// is 1. Returns that colour in TekHVC (with the hue given) and its RGB intensities.
    static func maximumValueAndChroma(hue: Double) -> (hvc: Triple, rgb: Triple)? {
        guard let xyz = XcmsTekHVC.xyz(hvc: (hue, 40, 120)) else { return nil }
        var rgb = XcmsColorMath.multiply(XcmsColorMath.xyzToRGB, xyz)
        let smallest = min(rgb.0, rgb.1, rgb.2)
        rgb = (rgb.0 - smallest, rgb.1 - smallest, rgb.2 - smallest)
        let largest = max(rgb.0, rgb.1, rgb.2)
        guard largest > 0 else { return nil }
        rgb = (rgb.0 / largest, rgb.1 / largest, rgb.2 / largest)
        guard let hvc = XcmsTekHVC.hvc(xyz: XcmsColorMath.multiply(XcmsColorMath.rgbToXYZ, rgb)) else { return nil }
        return ((hue, hvc.1, hvc.2), rgb)
    }

    /// The largest chroma at `hue` and `value` (Xcms's `XcmsTekHVCQueryMaxC`): below the
    /// most saturated colour's value, on the line from black to it; above, found by moving
    /// that colour's intensities towards white until the value matches.
    static func maximumChroma(hue: Double, value: Double) -> Triple? {
        var current = XcmsTekHVC.clamped((hue, value, 100))
        guard let (peak, peakRGB) = maximumValueAndChroma(hue: hue), peak.1 > 0 else { return nil }
        if value <= peak.1 {
            current.2 = value * peak.2 / peak.1
            return XcmsTekHVC.clamped(current)
        }
        var target = value
        var lastValue = -1.0
        var lastChroma = -1.0
        let span = 100 - peak.1
        var relaxation = 1.0
        for _ in 0..<bisectionLimit {
            let previousValue = lastValue
            lastValue = current.1
            lastChroma = current.2
            let t = (target - peak.1) / span * relaxation
            let rgb = (peakRGB.0 * (1 - t) + t, peakRGB.1 * (1 - t) + t, peakRGB.2 * (1 - t) + t)
            guard let hvc = XcmsTekHVC.hvc(xyz: XcmsColorMath.multiply(XcmsColorMath.rgbToXYZ, rgb)) else {
                return nil
            }
            current = hvc
            if current.1 <= value + tolerance && current.1 >= value - tolerance {
                current.0 = hue
                return XcmsTekHVC.clamped(current)
            }
            target += value - current.1
            if target < peak.1 {
                target = peak.1
                relaxation *= 0.5
            } else if target > 100 {
                current.0 = hue
                if abs(lastValue - value) < abs(current.1 - value) {
                    current.1 = lastValue
                    current.2 = lastChroma
                }
                return XcmsTekHVC.clamped(current)
            } else if current.1 <= previousValue + tolerance && current.1 >= previousValue - tolerance {
                relaxation *= 0.5
            }
        }
        if abs(lastValue - value) < abs(current.1 - value) {
            current.1 = lastValue
            current.2 = lastChroma
        }
        current.0 = hue
        return current
    }
}
