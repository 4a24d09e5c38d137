/// terminfo's parameterised strings (what ncurses' `tparm` evaluates), for the capabilities
/// `StyleOverpaint` sends without ncurses: `Smulx` (underline style) and `Setulc` (underline
/// colour). The engine's library has no ncurses, and these two are only ever given integers.
///
/// The whole `%` language of terminfo(5) is covered except string parameters (`%s`, `%l`);
/// anything not understood makes the result nil, and the caller falls back to the standard
/// sequence rather than send half of a string. Padding (`$<5>`) is dropped, as `tputs` does.
enum TerminfoParameters {
    /// `format` with `parameters` (`%p1` is `parameters[0]`) substituted, as bytes.
    static func expand(_ format: String, _ parameters: [Int]) -> [UInt8]? {
        let text = Array(format.utf8)
        var params = Array(parameters.prefix(9))
        params += Array(repeating: 0, count: 9 - params.count)
        var stack: [Int] = []
        var variables = [Int](repeating: 0, count: 52)  // a–z dynamic, A–Z static
        var out: [UInt8] = []
        var i = 0

        func pop() -> Int { stack.popLast() ?? 0 }  // as ncurses: an empty stack gives 0
        func variableSlot(_ letter: UInt8) -> Int? {
            switch letter {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(letter - UInt8(ascii: "a"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 26 + Int(letter - UInt8(ascii: "A"))
            default: return nil
            }
        }

        while i < text.count {
            if let end = paddingEnd(text, at: i) {
                i = end  // a delay for tputs, not text for the terminal
                continue
            }
            let byte = text[i]
            i += 1
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard i < text.count else { return nil }
            let code = text[i]
            i += 1
            switch code {
            case UInt8(ascii: "%"):
                out.append(code)
            case UInt8(ascii: "p"):
                guard i < text.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(text[i]) else { return nil }
                stack.append(params[Int(text[i] - UInt8(ascii: "1"))])
                i += 1
            case UInt8(ascii: "P"), UInt8(ascii: "g"):
                guard i < text.count, let slot = variableSlot(text[i]) else { return nil }
                i += 1
                if code == UInt8(ascii: "P") { variables[slot] = pop() } else { stack.append(variables[slot]) }
            case UInt8(ascii: "'"):
                guard i + 1 < text.count, text[i + 1] == UInt8(ascii: "'") else { return nil }
                stack.append(Int(text[i]))
                i += 2
            case UInt8(ascii: "{"):
                var value = 0
                var digits = 0
                while i < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[i]), digits < 18 {
                    value = value * 10 + Int(text[i] - UInt8(ascii: "0"))
                    digits += 1
                    i += 1
                }
                guard i < text.count, text[i] == UInt8(ascii: "}") else { return nil }
                i += 1
                stack.append(value)
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "m"),
                UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "="), UInt8(ascii: ">"),
                UInt8(ascii: "<"), UInt8(ascii: "A"), UInt8(ascii: "O"):
                let b = pop()
                let a = pop()
                stack.append(binary(code, a, b))
            case UInt8(ascii: "!"):
                stack.append(pop() == 0 ? 1 : 0)
            case UInt8(ascii: "~"):
                stack.append(~pop())
            case UInt8(ascii: "i"):
                params[0] += 1
                params[1] += 1
            case UInt8(ascii: "?"), UInt8(ascii: ";"):
                break
            case UInt8(ascii: "t"):
                if pop() == 0 { i = skip(text, from: i, stoppingAtElse: true) }
            case UInt8(ascii: "e"):
                // Reached only after a then-part ran: the else-part is skipped.
                i = skip(text, from: i, stoppingAtElse: false)
            case UInt8(ascii: "c"):
                out.append(UInt8(truncatingIfNeeded: pop()))
            default:
                // printf-like: %[:][flags][width][.precision](d|o|x|X)
                i -= 1
                guard let (formatted, next) = printf(text, from: i, value: { pop() }) else { return nil }
                out += formatted
                i = next
            }
        }
        return out
    }

    /// The index after a padding specification (`$<5>`, `$<2.5*/>`) starting at `start`,
    /// nil when none starts there.
    private static func paddingEnd(_ text: [UInt8], at start: Int) -> Int? {
        guard start + 2 < text.count, text[start] == UInt8(ascii: "$"), text[start + 1] == UInt8(ascii: "<")
        else { return nil }
        var i = start + 2
        var digits = 0
        while i < text.count {
            switch text[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."), UInt8(ascii: "*"), UInt8(ascii: "/"): break
            case UInt8(ascii: ">"): return digits > 0 ? i + 1 : nil
            default: return nil
            }
            i += 1
        }
        return nil
    }

    private static func binary(_ code: UInt8, _ a: Int, _ b: Int) -> Int {
        switch code {
        case UInt8(ascii: "+"): return a &+ b
        case UInt8(ascii: "-"): return a &- b
        case UInt8(ascii: "*"): return a &* b
        case UInt8(ascii: "/"): return b == 0 ? 0 : a / b  // ncurses gives 0 rather than trap
        case UInt8(ascii: "m"): return b == 0 ? 0 : a % b
        case UInt8(ascii: "&"): return a & b
        case UInt8(ascii: "|"): return a | b
        case UInt8(ascii: "^"): return a ^ b
        case UInt8(ascii: "="): return a == b ? 1 : 0
        case UInt8(ascii: ">"): return a > b ? 1 : 0
        case UInt8(ascii: "<"): return a < b ? 1 : 0
        case UInt8(ascii: "A"): return a != 0 && b != 0 ? 1 : 0
        default: return a != 0 || b != 0 ? 1 : 0  // "O"
        }
    }

    /// The index just after the `%e` (when `stoppingAtElse`) or `%;` that ends the current
    /// part of a conditional, skipping nested conditionals; the end of the text if none.
    private static func skip(_ text: [UInt8], from start: Int, stoppingAtElse: Bool) -> Int {
        var i = start
        var level = 0
        while i < text.count {
            guard text[i] == UInt8(ascii: "%"), i + 1 < text.count else {
                i += 1
                continue
            }
            let code = text[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "?"): level += 1
            case UInt8(ascii: ";"):
                if level == 0 { return i }
                level -= 1
            case UInt8(ascii: "e") where level == 0 && stoppingAtElse: return i
            case UInt8(ascii: "'"): i += 2  // a character constant may be a "%"
            default: break
            }
        }
        return i
    }

    /// One printf-like conversion starting at `start` (just after the `%`): its text and the
    /// index after it; nil for anything but d, o, x, X.
    private static func printf(_ text: [UInt8], from start: Int, value: () -> Int) -> ([UInt8], Int)? {
        var i = start
        if i < text.count && text[i] == UInt8(ascii: ":") { i += 1 }
        var leftAlign = false
        var plus = false
        var space = false
        var alternate = false
        flags: while i < text.count {
            switch text[i] {
            case UInt8(ascii: "-"): leftAlign = true
            case UInt8(ascii: "+"): plus = true
            case UInt8(ascii: " "): space = true
            case UInt8(ascii: "#"): alternate = true
            default: break flags
            }
            i += 1
        }
        var zeroPad = false
        if i < text.count && text[i] == UInt8(ascii: "0") {
            zeroPad = true
            i += 1
        }
        func number() -> Int {
            var result = 0
            while i < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[i]) {
                result = min(result * 10 + Int(text[i] - UInt8(ascii: "0")), 64)  // no huge padding
                i += 1
            }
            return result
        }
        let width = number()
        var precision: Int?
        if i < text.count && text[i] == UInt8(ascii: ".") {
            i += 1
            precision = number()
        }
        guard i < text.count else { return nil }
        let conversion = text[i]
        i += 1
        let radix: Int
        let uppercase = conversion == UInt8(ascii: "X")
        switch conversion {
        case UInt8(ascii: "d"): radix = 10
        case UInt8(ascii: "o"): radix = 8
        case UInt8(ascii: "x"), UInt8(ascii: "X"): radix = 16
        default: return nil
        }
        let n = value()
        var digits = String(n.magnitude, radix: radix, uppercase: uppercase)
        if let precision, digits.count < precision {
            digits = String(repeating: "0", count: precision - digits.count) + digits
        }
        var prefix = ""
        if n < 0 {
            prefix = "-"
        } else if radix == 10 && plus {
            prefix = "+"
        } else if radix == 10 && space {
            prefix = " "
        }
        if alternate && n != 0 {
            if radix == 8 { prefix += "0" } else if radix == 16 { prefix += uppercase ? "0X" : "0x" }
        }
        var body = prefix + digits
        if body.count < width {
            let fill = width - body.count
            if leftAlign {
                body += String(repeating: " ", count: fill)
            } else if zeroPad && precision == nil {
                body = prefix + String(repeating: "0", count: fill) + digits
            } else {
                body = String(repeating: " ", count: fill) + body
            }
        }
        return (Array(body.utf8), i)
    }
}
