import Foundation

/// Device-independent colour specs (`rgbi:`, `CIEXYZ:`, `CIEuvY:`, `CIExyY:`, `CIELab:`,
/// `CIELuv:`, `TekHVC:`) turned into device RGB the way Xlib's Xcms does it on a screen
/// without colour-characterization properties (the usual case, and the one esctest's
/// expected answers come from).
///
/// xterm hands these specs to `XParseColor`, so what a program gets back for them is what
/// Xcms computes, quirks included: Xcms's CIELab uses `a*/5` and `L*/9.03292` where the
/// standard has 500 and 903.3, and colours outside the screen's gamut have their chroma
/// reduced at constant TekHVC hue and value. This file follows Xcms's arithmetic (its
/// default characterization, "Tektronix 19-inch (Sony) CRT", its white point and its
/// 8-bit rounding) so that the answers agree with xterm's, not with a textbook.
enum XcmsColorMath {
    typealias Triple = (Double, Double, Double)

    /// Xcms's tolerance around the gamut's edges.
    static let gamutTolerance = 0.001

    // MARK: - The default screen characterization (Xlib's LRGB.c data)

    /// Linear RGB intensity → CIE XYZ.
    static let rgbToXYZ: [[Double]] = [
        [0.38106149108714790, 0.32025712365352110, 0.24834578525933100],
        [0.20729745115140850, 0.68054638776373240, 0.11215616108485920],
        [0.02133944350088028, 0.14297193020246480, 1.24172892629665500],
    ]

    /// CIE XYZ → linear RGB intensity.
    static let xyzToRGB: [[Double]] = [
        [3.48340481253539000, -1.52176374927285200, -0.55923133354049780],
        [-1.07152751306193600, 1.96593795204372400, 0.03673691339553462],
        [0.06351179790497788, -0.20020501000496480, 0.81070942031648220],
    ]

    /// The screen's white point: the XYZ of full intensity on all three guns.
    static let whitePoint: Triple = (
        rgbToXYZ[0][0] + rgbToXYZ[0][1] + rgbToXYZ[0][2], 1.0, rgbToXYZ[2][0] + rgbToXYZ[2][1] + rgbToXYZ[2][2]
    )

    // MARK: - Device RGB

    /// RGB intensities (0…1) to device values, 16 bits a channel, through the intensity
    /// tables; nil when an intensity is outside 0…1.
    static func deviceRGB(intensities: Triple) -> ColorSpec.RGB16? {
        let values = [intensities.0, intensities.1, intensities.2]
        guard values.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
        return (
            XcmsIntensityTables.deviceValue(values[0], XcmsIntensityTables.red),
            XcmsIntensityTables.deviceValue(values[1], XcmsIntensityTables.green),
            XcmsIntensityTables.deviceValue(values[2], XcmsIntensityTables.blue)
        )
    }

    /// CIE XYZ (relative to the screen's white point) to device RGB, with Xcms's default
    /// gamut compression for colours the screen cannot show; nil when even that fails.
    static func deviceRGB(xyz: Triple?) -> ColorSpec.RGB16? {
        guard let xyz else { return nil }
        var rgb = multiply(xyzToRGB, xyz)
        if !isInGamut(rgb) {
            guard let compressed = XcmsGamut.reducedChroma(xyz) else { return nil }
            rgb = multiply(xyzToRGB, compressed)
            guard isInGamut(rgb) else { return nil }
        }
        return deviceRGB(intensities: (clampUnit(rgb.0), clampUnit(rgb.1), clampUnit(rgb.2)))
    }

    static func isInGamut(_ rgb: Triple) -> Bool {
        min(rgb.0, rgb.1, rgb.2) >= -gamutTolerance && max(rgb.0, rgb.1, rgb.2) <= 1 + gamutTolerance
    }

    private static func clampUnit(_ value: Double) -> Double { min(max(value, 0), 1) }

    static func multiply(_ matrix: [[Double]], _ v: Triple) -> Triple {
        func row(_ i: Int) -> Double {
            // Summed in this order, as Xcms does, so the rounding agrees.
            var sum = 0.0
            sum += matrix[i][0] * v.0
            sum += matrix[i][1] * v.1
            sum += matrix[i][2] * v.2
            return sum
        }
        return (row(0), row(1), row(2))
    }

    // MARK: - To CIE XYZ

    /// CIE u′v′Y (Y 0…1) to XYZ.
    static func xyz(uvY: Triple) -> Triple? {
        let (u, v, luminance) = uvY
        guard luminance >= 0 - Double.ulpOfOne && luminance <= 1 + Double.ulpOfOne else { return nil }
        var divisor = 6 * u - 16 * v + 12
        var (uu, vv) = (u, v)
        if divisor == 0 {
            // Xcms falls back to the white point's chromaticity.
            let white = uvYOfWhite()
            (uu, vv) = (white.0, white.1)
            divisor = 6 * uu - 16 * vv + 12
        }
        let x = 9 * uu / divisor
        let y = 4 * vv / divisor
        let z = 1 - x - y
        return y != 0 ? (x * luminance / y, luminance, z * luminance / y) : (x, luminance, z)
    }

    /// XYZ to CIE u′v′Y.
    static func uvY(xyz: Triple) -> Triple {
        let divisor = xyz.0 + 15 * xyz.1 + 3 * xyz.2
        if divisor == 0 {
            let white = uvYOfWhite()
            return (white.0, white.1, xyz.1)
        }
        return (4 * xyz.0 / divisor, 9 * xyz.1 / divisor, xyz.1)
    }

    static func uvYOfWhite() -> Triple {
        let w = whitePoint
        let divisor = w.0 + 15 * w.1 + 3 * w.2
        return (4 * w.0 / divisor, 9 * w.1 / divisor, w.1)
    }

    /// CIE xyY (Y 0…1) to XYZ, by way of u′v′ as Xcms does (so the rounding agrees).
    static func xyz(xyY: Triple) -> Triple? {
        let (x, y, luminance) = xyY
        guard luminance >= 0 - Double.ulpOfOne && luminance <= 1 + Double.ulpOfOne else { return nil }
        var divisor = -2 * x + 12 * y + 3
        if divisor == 0 { return (0, 0, 0) }  // Xcms's arbitrary answer
        let u = 4 * x / divisor
        let v = 9 * y / divisor
        divisor = 6 * u - 16 * v + 12
        var (xx, yy): (Double, Double)
        if divisor == 0 {
            let white = uvYOfWhite()
            divisor = 6 * white.0 - 16 * white.1 + 12
            if divisor == 0 { divisor = gamutTolerance }
            (xx, yy) = (9 * white.0 / divisor, 4 * white.0 / divisor)  // sic: Xcms uses u′ twice
        } else {
            (xx, yy) = (9 * u / divisor, 4 * v / divisor)
        }
        let z = 1 - xx - yy
        if yy == 0 { yy = gamutTolerance }
        return (xx * luminance / yy, luminance, z * luminance / yy)
    }

    /// CIE L*a*b* (L* 0…100) to XYZ, with Xcms's constants (see the type's comment).
    static func xyz(lab: Triple) -> Triple? {
        let (lightness, a, b) = lab
        guard lightness >= 0 - Double.ulpOfOne && lightness <= 100 + Double.ulpOfOne else { return nil }
        let w = whitePoint
        var l = (lightness + 16) / 116
        let y = l * l * l
        if y < 0.008856 {
            l = lightness / 9.03292
            return (w.0 * (a / 3893.5 + l), l, w.2 * (l - b / 1557.4))
        }
        let fx = l + a / 5
        let fz = l - b / 2
        return (w.0 * fx * fx * fx, y, w.2 * fz * fz * fz)
    }

    /// CIE L*u*v* (L* 0…100) to XYZ, through u′v′Y as Xcms does.
    static func xyz(luv: Triple) -> Triple? {
        let (lightness, uStar, vStar) = luv
        guard lightness >= 0 - Double.ulpOfOne && lightness <= 100 + Double.ulpOfOne else { return nil }
        let white = uvYOfWhite()
        let luminance: Double
        var u = white.0
        var v = white.1
        if lightness < 7.99953624 {
            luminance = lightness / 903.29
        } else {
            let l = (lightness + 16) / 116
            luminance = l * l * l
        }
        if lightness != 0 {
            let scale = 13 * (lightness / 100)  // Xcms's scale: L*/100 where the standard has L*
            u = uStar / scale + white.0
            v = vStar / scale + white.1
        }
        return xyz(uvY: (u, v, luminance))
    }

    /// TekHVC (H 0…360, V 0…100, C ≥ 0) to XYZ.
    static func xyz(hvc: Triple) -> Triple? {
        guard let uvY = XcmsTekHVC.uvY(hvc: hvc) else { return nil }
        return xyz(uvY: uvY)
    }
}
