import RemoteTermFuzz

/// Generated workloads shaped like alacritty's vtebench, deterministic from a fixed seed.
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

    /// Dense printable ASCII, lines of 0–199 characters.
    static func ascii(size: Int) -> [UInt8] {
        build(size: size, seed: 1) { rng, out in
            let length = Int(rng.next() % 200)
            for _ in 0..<length { out.append(UInt8(0x21 + rng.next() % 94)) }
            out += [0x0D, 0x0A]
        }
    }

    /// CJK, emoji and combining marks mixed with a little ASCII.
    static func unicode(size: Int) -> [UInt8] {
        let pieces = ["中", "文", "字", "한", "글", "😀", "🎉", "👍🏽", "e\u{301}", "a\u{308}", "ñ", "ü", " ", "x", "Ω", "ж"]
            .map { Array($0.utf8) }
        return build(size: size, seed: 2) { rng, out in
            for _ in 0..<60 { out += pieces[Int(rng.next() % UInt64(pieces.count))] }
            out += [0x0D, 0x0A]
        }
    }

    /// A colour change every few characters: 16, 256 and truecolour, foreground and background.
    static func sgr(size: Int) -> [UInt8] {
        build(size: size, seed: 3) { rng, out in
            for _ in 0..<20 {
                switch rng.next() % 4 {
                case 0: out += esc("[\(30 + rng.next() % 8);\(40 + rng.next() % 8)m")
                case 1: out += esc("[38;5;\(rng.next() % 256)m")
                case 2: out += esc("[38;2;\(rng.next() % 256);\(rng.next() % 256);\(rng.next() % 256)m")
                default: out += esc("[1;48;2;\(rng.next() % 256);\(rng.next() % 256);\(rng.next() % 256)m")
                }
                for _ in 0..<(2 + rng.next() % 4) { out.append(UInt8(0x61 + rng.next() % 26)) }
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
