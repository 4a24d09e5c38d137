import RemoteTermFuzz

/// Generated workloads shaped like what users produce (the same shapes as
/// `Scripts/bench-engine`, which runs them through the whole `rterm render` process against
/// libtsm), deterministic from a fixed seed.
enum Workloads {
    static func esc(_ s: String) -> [UInt8] { Array(("\u{1B}" + s).utf8) }

    /// Repeats `make` until `size` bytes are produced.
    static func build(size: Int, seed: UInt64, _ make: (inout SplitMix64, inout [UInt8]) -> Void) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        var out: [UInt8] = []
        out.reserveCapacity(size + 4096)
        while out.count < size { make(&rng, &out) }
        return out
    }

    /// Dense ASCII over the whole printable range, lines of 1–199 characters (as users'
    /// logs and listings run, from short to nearly the screen's width).
    static func ascii(size: Int) -> [UInt8] {
        build(size: size, seed: 1) { rng, out in
            for _ in 0..<rng.next(in: 1...199) { out.append(UInt8(0x20 + rng.next() % 95)) }
            out += [0x0D, 0x0A]
        }
    }

    /// Unicode over whole ranges, lines of 1–199 columns: CJK and Hangul anywhere in their
    /// blocks, Latin letters with 1–3 random combining marks, ZWJ families with and without
    /// skin tones, flags, and symbols with VS16 (so no cache sees the same few pieces).
    static func unicode(size: Int) -> [UInt8] {
        func scalar(_ value: Int) -> String { String(UnicodeScalar(UInt32(value))!) }
        return build(size: size, seed: 2) { rng, out in
            let width = rng.next(in: 1...199)
            var used = 0
            var line = ""
            while used < width {
                switch rng.next(below: 10) {
                case 0..<3:
                    line += scalar(rng.next(in: 0x4E00...0x9FFF))
                    used += 2
                case 3..<5:
                    line += scalar(rng.next(in: 0xAC00...0xD7A3))
                    used += 2
                case 5..<7:
                    line += scalar(rng.next(in: 0x61...0x7A))
                    for _ in 0..<rng.next(in: 1...3) { line += scalar(rng.next(in: 0x300...0x36F)) }
                    used += 1
                case 7:
                    let people = (0..<rng.next(in: 2...4)).map { _ in
                        scalar([0x1F468, 0x1F469, 0x1F466, 0x1F467][rng.next(below: 4)])
                            + (rng.next(below: 2) == 0 ? scalar(rng.next(in: 0x1F3FB...0x1F3FF)) : "")
                    }
                    line += people.joined(separator: "\u{200D}")
                    used += 2 * people.count
                case 8:
                    line += scalar(rng.next(in: 0x1F1E6...0x1F1FF)) + scalar(rng.next(in: 0x1F1E6...0x1F1FF))
                    used += 2
                default:
                    line += scalar([0x2764, 0x263A, 0x2600, 0x2708][rng.next(below: 4)]) + "\u{FE0F}"
                    used += 1
                }
            }
            out += Array(line.utf8) + [0x0D, 0x0A]
        }
    }

    /// Lines of 1–199 columns with a style change every 1–7 characters: 16, 256 and
    /// truecolour, foreground and background, bold, italic, underline and reverse mixes.
    static func sgr(size: Int) -> [UInt8] {
        build(size: size, seed: 3) { rng, out in
            let width = rng.next(in: 1...199)
            var used = 0
            while used < width {
                switch rng.next(below: 6) {
                case 0: out += esc("[\([30, 40, 90, 100][rng.next(below: 4)] + rng.next(below: 8))m")
                case 1: out += esc("[\([38, 48][rng.next(below: 2)]);5;\(rng.next(below: 256))m")
                case 2:
                    out += esc("[\([38, 48][rng.next(below: 2)]);2;\(rng.next(below: 256));\(rng.next(below: 256));\(rng.next(below: 256))m")
                case 3: out += esc("[\(["1", "4", "1;4", "22", "24", "3", "7"][rng.next(below: 7)])m")
                case 4: out += esc("[0m")
                default:
                    out += esc("[1;38;5;\(rng.next(below: 256));48;2;\(rng.next(below: 256));\(rng.next(below: 256));\(rng.next(below: 256))m")
                }
                let k = min(rng.next(in: 1...7), width - used)
                for _ in 0..<k { out.append(UInt8(0x21 + rng.next() % 94)) }
                used += k
            }
            out += esc("[0m") + [0x0D, 0x0A]
        }
    }

    /// CUP to random places in the alternate screen, then short writes.
    static func cursor(size: Int) -> [UInt8] {
        var data = esc("[?1049h")
        data += build(size: size, seed: 4) { rng, out in
            out += esc("[\(1 + rng.next() % 50);\(1 + rng.next() % 200)H")
            for _ in 0..<(1 + rng.next() % 8) { out.append(UInt8(0x21 + rng.next() % 94)) }
        }
        return data
    }

    /// Scroll regions and line feeds.
    static func scroll(size: Int) -> [UInt8] {
        build(size: size, seed: 5) { rng, out in
            let top = 1 + rng.next() % 20
            let bottom = top + 5 + rng.next() % 25
            out += esc("[\(top);\(bottom)r") + esc("[\(bottom);1H")
            for _ in 0..<40 {
                for _ in 0..<(rng.next() % 30) { out.append(UInt8(0x21 + rng.next() % 94)) }
                out += [0x0D, 0x0A]
                if rng.next() % 8 == 0 { out += esc("M") }
            }
        }
    }

    /// Real program recordings (the golden fixtures), concatenated until `size`.
    static func mixed(size: Int, recordings: [[UInt8]]) -> [UInt8] {
        guard !recordings.isEmpty else { return ascii(size: size) }
        var out: [UInt8] = []
        out.reserveCapacity(size + 300_000)
        var i = 0
        while out.count < size {
            out += recordings[i % recordings.count]
            i += 1
        }
        return out
    }
}
