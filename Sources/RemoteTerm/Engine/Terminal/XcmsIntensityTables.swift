/// Xlib's default intensity tables (LRGB.c, "Tektronix 19-inch (Sony) CRT"): for each gun,
/// device values and the light intensity (0…1) they give. Xcms maps an intensity to a device
/// value by interpolating between the two entries around it and rounding to the visual's
/// 8 significant bits; `deviceValue` does the same, so `rgbi:` and the CIE specs give the
/// values xterm reports.
enum XcmsIntensityTables {
    typealias Entry = (value: Int, intensity: Double)

    /// Significant bits a channel of a 24-bit visual.
    static let bitsPerChannel = 8

    /// The device value (16 bits, low byte zero) for `intensity` (0…1) on one gun.
    static func deviceValue(_ intensity: Double, _ table: [Entry]) -> UInt16 {
        let mask = 0xFFFF & ~((1 << (16 - bitsPerChannel)) - 1)
        // Zero intensity always maps to the first entry.
        if intensity <= table[0].intensity { return UInt16(table[0].value & mask) }
        // A binary search as Xcms's, so that an exact hit returns the same entry.
        var low = 0
        var high = table.count - 1
        var middle = 0
        var last = high
        while middle != last {
            last = middle
            middle = low + (high - low) / 2
            if intensity == table[middle].intensity { return UInt16(table[middle].value & mask) }
            if intensity < table[middle].intensity { high = middle } else { low = middle }
        }
        return UInt16(interpolated(intensity, table[low], table[high]) & mask)
    }

    /// The value between two entries, then the nearest value a channel of `bitsPerChannel`
    /// bits can hold (Xcms's `_XcmsIntensityInterpolation`, integer truncations included).
    private static func interpolated(_ intensity: Double, _ low: Entry, _ high: Entry) -> Int {
        let shift = 16 - bitsPerChannel
        let maximum = (1 << bitsPerChannel) - 1
        let ratio = (intensity - low.intensity) / (high.intensity - low.intensity)
        let target = Int(Double(high.value - low.value) * ratio) + low.value
        var up = ((target >> shift) * 0xFFFF) / maximum
        let down: Int
        if up < target {
            down = up
            up = (min((down >> shift) + 1, maximum) * 0xFFFF) / maximum
        } else {
            down = (max((up >> shift) - 1, 0) * 0xFFFF) / maximum
        }
        return up - target < target - down ? up : down
    }

    /// Red gun (52 entries).
    static let red: [Entry] = [
        (0x0000, 0.000000), (0x0909, 0.000000), (0x0a0a, 0.000936), (0x0f0f, 0.001481),
        (0x1414, 0.002329), (0x1919, 0.003529), (0x1e1e, 0.005127), (0x2323, 0.007169),
        (0x2828, 0.009699), (0x2d2d, 0.012759), (0x3232, 0.016392), (0x3737, 0.020637),
        (0x3c3c, 0.025533), (0x4141, 0.031119), (0x4646, 0.037431), (0x4b4b, 0.044504),
        (0x5050, 0.052373), (0x5555, 0.061069), (0x5a5a, 0.070624), (0x5f5f, 0.081070),
        (0x6464, 0.092433), (0x6969, 0.104744), (0x6e6e, 0.118026), (0x7373, 0.132307),
        (0x7878, 0.147610), (0x7d7d, 0.163958), (0x8282, 0.181371), (0x8787, 0.199871),
        (0x8c8c, 0.219475), (0x9191, 0.240202), (0x9696, 0.262069), (0x9b9b, 0.285089),
        (0xa0a0, 0.309278), (0xa5a5, 0.334647), (0xaaaa, 0.361208), (0xafaf, 0.388971),
        (0xb4b4, 0.417945), (0xb9b9, 0.448138), (0xbebe, 0.479555), (0xc3c3, 0.512202),
        (0xc8c8, 0.546082), (0xcdcd, 0.581199), (0xd2d2, 0.617552), (0xd7d7, 0.655144),
        (0xdcdc, 0.693971), (0xe1e1, 0.734031), (0xe6e6, 0.775322), (0xebeb, 0.817837),
        (0xf0f0, 0.861571), (0xf5f5, 0.906515), (0xfafa, 0.952662), (0xffff, 1.000000),
    ]

    /// Green gun (50 entries).
    static let green: [Entry] = [
        (0x0000, 0.000000), (0x1313, 0.000000), (0x1414, 0.000832), (0x1919, 0.001998),
        (0x1e1e, 0.003612), (0x2323, 0.005736), (0x2828, 0.008428), (0x2d2d, 0.011745),
        (0x3232, 0.015740), (0x3737, 0.020463), (0x3c3c, 0.025960), (0x4141, 0.032275),
        (0x4646, 0.039449), (0x4b4b, 0.047519), (0x5050, 0.056520), (0x5555, 0.066484),
        (0x5a5a, 0.077439), (0x5f5f, 0.089409), (0x6464, 0.102418), (0x6969, 0.116485),
        (0x6e6e, 0.131625), (0x7373, 0.147853), (0x7878, 0.165176), (0x7d7d, 0.183604),
        (0x8282, 0.203140), (0x8787, 0.223783), (0x8c8c, 0.245533), (0x9191, 0.268384),
        (0x9696, 0.292327), (0x9b9b, 0.317351), (0xa0a0, 0.343441), (0xa5a5, 0.370580),
        (0xaaaa, 0.398747), (0xafaf, 0.427919), (0xb4b4, 0.458068), (0xb9b9, 0.489165),
        (0xbebe, 0.521176), (0xc3c3, 0.554067), (0xc8c8, 0.587797), (0xcdcd, 0.622324),
        (0xd2d2, 0.657604), (0xd7d7, 0.693588), (0xdcdc, 0.730225), (0xe1e1, 0.767459),
        (0xe6e6, 0.805235), (0xebeb, 0.843491), (0xf0f0, 0.882164), (0xf5f5, 0.921187),
        (0xfafa, 0.960490), (0xffff, 1.000000),
    ]

    /// Blue gun (51 entries).
    static let blue: [Entry] = [
        (0x0000, 0.000000), (0x0e0e, 0.000000), (0x0f0f, 0.001341), (0x1414, 0.002080),
        (0x1919, 0.003188), (0x1e1e, 0.004729), (0x2323, 0.006766), (0x2828, 0.009357),
        (0x2d2d, 0.012559), (0x3232, 0.016424), (0x3737, 0.021004), (0x3c3c, 0.026344),
        (0x4141, 0.032489), (0x4646, 0.039481), (0x4b4b, 0.047357), (0x5050, 0.056154),
        (0x5555, 0.065903), (0x5a5a, 0.076634), (0x5f5f, 0.088373), (0x6464, 0.101145),
        (0x6969, 0.114968), (0x6e6e, 0.129862), (0x7373, 0.145841), (0x7878, 0.162915),
        (0x7d7d, 0.181095), (0x8282, 0.200386), (0x8787, 0.220791), (0x8c8c, 0.242309),
        (0x9191, 0.264937), (0x9696, 0.288670), (0x9b9b, 0.313499), (0xa0a0, 0.339410),
        (0xa5a5, 0.366390), (0xaaaa, 0.394421), (0xafaf, 0.423481), (0xb4b4, 0.453547),
        (0xb9b9, 0.484592), (0xbebe, 0.516587), (0xc3c3, 0.549498), (0xc8c8, 0.583291),
        (0xcdcd, 0.617925), (0xd2d2, 0.653361), (0xd7d7, 0.689553), (0xdcdc, 0.726454),
        (0xe1e1, 0.764013), (0xe6e6, 0.802178), (0xebeb, 0.840891), (0xf0f0, 0.880093),
        (0xf5f5, 0.919723), (0xfafa, 0.959715), (0xffff, 1.00000),
    ]
}
