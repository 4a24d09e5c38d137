/// Bytes in, parser actions out: the DEC/ANSI state machine of vt100.net, after UTF-8 decoding.
///
/// Input is decoded as UTF-8 first (as xterm does in UTF-8 mode), so a C1 control arrives
/// as the code point U+0080–U+009F (bytes C2 80–C2 9F), while a lone 0x9B byte is malformed
/// UTF-8 and prints U+FFFD. All state lives in this value, so a stream fed one byte at a time
/// produces exactly the actions of the same stream fed whole.
///
/// Bounds: at most `CSIParameters.capacity` parameters, two intermediates, and `stringLimit`
/// bytes of OSC or DCS payload; the excess is dropped and parsing continues.
package struct VTParser: Sendable {
    /// Largest OSC/DCS payload kept (OSC 52 clipboard data is the large legitimate case).
    package static let defaultStringLimit = 1 << 20

    /// The current state.
    package private(set) var state: ParserState = .ground
    var utf8 = UTF8Decoder()
    var sequence = CSISequence()
    var intermediateCount = 0
    var stringPayload: [UInt8] = []
    var stringTruncated = false
    let stringLimit: Int

    /// A parser in the ground state.
    package init(stringLimit: Int = VTParser.defaultStringLimit) {
        self.stringLimit = stringLimit
    }

    /// Feeds bytes, reporting actions to `handler` as they complete.

    mutating func feed<H: ParserHandler>(_ bytes: UnsafeBufferPointer<UInt8>, into handler: inout H) {
        guard bytes.baseAddress != nil else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { run in
            feed(bytes, into: &handler, runBuffer: run)
        }
    }

    private mutating func feed<H: ParserHandler>(
        _ bytes: UnsafeBufferPointer<UInt8>, into handler: inout H, runBuffer run: UnsafeMutableBufferPointer<UInt32>
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var i = 0
        while i < count {
            if state == .ground && !utf8.isPending && base[i] >= 0x80 {
                i = printDecodedRun(base, count: count, from: i, buffer: run, into: &handler)
                continue
            }
            if state == .ground && !utf8.isPending {
                // Fast path: a run of printable ASCII goes out as one action.
                var j = i
                // Eight bytes at a time while all are printable ASCII (0x20–0x7E): a byte
                // below 0x20 or above 0x7E sets its high bit in one of the two masks, and the
                // lowest bit set is exactly the first such byte (a borrow or carry only
                // reaches bytes above one that is flagged itself), so it ends the run
                // without a loop over the last few bytes.
                var ended = false
                while j + 8 <= count {
                    let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
                    let below = (word &- 0x2020_2020_2020_2020) & ~word
                    let above = (word &+ 0x0101_0101_0101_0101) | word
                    let stops = (below | above) & 0x8080_8080_8080_8080
                    if stops != 0 {
                        j += stops.trailingZeroBitCount &>> 3
                        ended = true
                        break
                    }
                    j += 8
                }
                if !ended {
                    while j < count && base[j] &- 0x20 < 0x5F { j += 1 }
                }
                if j > i {
                    handler.printASCII(UnsafeBufferPointer(start: base + i, count: j - i))
                    i = j
                    continue
                }
                // ESC [ (nearly every escape sequence) goes straight to the control sequence
                // fast path below, as the state machine would take it in two steps.
                if base[i] == 0x1B && i + 1 < count && base[i + 1] == 0x5B {
                    enter(.csiEntry)
                    i += 2
                    continue
                }
                // Any other C0 control but ESC (CR and LF above all) is executed in the
                // ground state, CAN and SUB included.
                if base[i] < 0x20 && base[i] != 0x1B {
                    handler.execute(UInt32(base[i]))
                    i += 1
                    continue
                }
            }
            if (state == .csiParam || state == .csiEntry) && !utf8.isPending {
                // Fast path for the common shape of a control sequence: parameter bytes
                // then a final byte, without going through the general state machine.
                var j = i
                var value = sequence.parameters.currentValue
                var hasDigits = false
                while j < count {
                    if j + 4 <= count {
                        // Up to four digits at once (parameters have one to three as a rule,
                        // and a loop per digit mispredicts where each number ends).
                        let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt32.self)
                        let (digits, number) = Self.leadingDigits(UInt32(littleEndian: word))
                        if digits > 0 {
                            let scale: UInt32 = digits == 1 ? 10 : digits == 2 ? 100 : digits == 3 ? 1000 : 10000
                            value = min(value &* scale &+ number, 0xFFFF)
                            hasDigits = true
                            j += digits
                            continue
                        }
                    }
                    let b = base[j]
                    if b &- 0x30 < 10 {
                        value = min(value &* 10 &+ UInt32(b &- 0x30), 0xFFFF)
                        hasDigits = true
                    } else if b == 0x3B || b == 0x3A {
                        if hasDigits { sequence.parameters.setCurrentValue(value) }
                        sequence.parameters.separate(isColon: b == 0x3A)
                        value = 0
                        hasDigits = false
                    } else {
                        break
                    }
                    j += 1
                }
                if hasDigits { sequence.parameters.setCurrentValue(value) }
                if j > i { state = .csiParam }
                i = j
                guard i < count else { break }
                let b = base[i]
                if b >= 0x40 && b <= 0x7E && intermediateCount == 0 {
                    state = .ground
                    sequence.final = b
                    handler.csiDispatch(&sequence)
                    i += 1
                    continue
                }
            }
            let byte = base[i]
            if byte < 0x80 && !utf8.isPending {
                advance(UInt32(byte), into: &handler)
                i += 1
                continue
            }
            let result = utf8.step(byte)
            switch result {
            case UTF8Decoder.needMore:
                i += 1
            case UTF8Decoder.replaceAndRetry:
                advance(UTF8Decoder.replacement, into: &handler)
            default:
                advance(result, into: &handler)
                i += 1
            }
        }
    }

    /// Decodes text beyond ASCII (with any printable ASCII mixed in) into `buffer` and hands
    /// it over as one run; stops at a control, at a C1 control, or when the buffer is full.
    /// Returns the index of the first byte not consumed.
    private mutating func printDecodedRun<H: ParserHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, from start: Int, buffer: UnsafeMutableBufferPointer<UInt32>,
        into handler: inout H
    ) -> Int {
        var n = 0
        var j = start
        var c1: UInt32 = 0
        while j < count && n < buffer.count {
            let byte = base[j]
            if byte < 0x80 {
                guard !utf8.isPending && byte &- 0x20 < 0x5F else { break }
                buffer[n] = UInt32(byte)
                n += 1
                j += 1
                continue
            }
            // Well-formed characters entirely inside this chunk are decoded here directly;
            // malformed input and characters split across chunks go through the decoder.
            if !utf8.isPending {
                if byte >= 0xC2 && byte <= 0xDF && j + 1 < count {
                    let b1 = base[j + 1]
                    if b1 & 0xC0 == 0x80 {
                        let c = UInt32(byte & 0x1F) << 6 | UInt32(b1 & 0x3F)
                        if c >= 0xA0 {
                            buffer[n] = c
                            n += 1
                            j += 2
                            continue
                        }
                    }
                } else if byte >= 0xE0 && byte <= 0xEF && j + 2 < count {
                    let b1 = base[j + 1]
                    let b2 = base[j + 2]
                    let low: UInt8 = byte == 0xE0 ? 0xA0 : 0x80
                    let high: UInt8 = byte == 0xED ? 0x9F : 0xBF
                    if b1 >= low && b1 <= high && b2 & 0xC0 == 0x80 {
                        buffer[n] = UInt32(byte & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
                        n += 1
                        j += 3
                        continue
                    }
                } else if byte >= 0xF0 && byte <= 0xF4 && j + 3 < count {
                    let b1 = base[j + 1]
                    let b2 = base[j + 2]
                    let b3 = base[j + 3]
                    let low: UInt8 = byte == 0xF0 ? 0x90 : 0x80
                    let high: UInt8 = byte == 0xF4 ? 0x8F : 0xBF
                    if b1 >= low && b1 <= high && b2 & 0xC0 == 0x80 && b3 & 0xC0 == 0x80 {
                        buffer[n] = UInt32(byte & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6
                            | UInt32(b3 & 0x3F)
                        n += 1
                        j += 4
                        continue
                    }
                }
            }
            let result = utf8.step(byte)
            if result == UTF8Decoder.needMore {
                j += 1
            } else if result == UTF8Decoder.replaceAndRetry {
                buffer[n] = UTF8Decoder.replacement
                n += 1
            } else if result >= 0x80 && result <= 0x9F {
                c1 = result
                j += 1
                break
            } else {
                buffer[n] = result
                n += 1
                j += 1
            }
        }
        if n > 0 { handler.printRun(UnsafeBufferPointer(start: buffer.baseAddress, count: n)) }
        if c1 != 0 { advance(c1, into: &handler) }
        return j
    }

    /// Feeds an array of bytes.

    mutating func feed<H: ParserHandler>(_ bytes: [UInt8], into handler: inout H) {
        bytes.withUnsafeBufferPointer { feed($0, into: &handler) }
    }

    // MARK: - The state machine, one code point at a time

    /// Handles one decoded code point (ASCII, a C1 control, or a character beyond ASCII).

    mutating func advance<H: ParserHandler>(_ c: UInt32, into handler: inout H) {
        // Transitions from "anywhere" (vt100.net), with string states ending first.
        switch c {
        case 0x1B:
            finishString(into: &handler)
            enter(.escape)
            return
        case 0x18, 0x1A:
            let wasString = isStringState
            state = .ground
            if !wasString { handler.execute(c) }
            return
        case 0x9C:
            finishString(into: &handler)
            state = .ground
            return
        case 0x80...0x9F:
            if state == .oscString || state == .dcsPassthrough {
                finishString(into: &handler)
            }
            c1(c, into: &handler)
            return
        default:
            break
        }
        switch state {
        case .ground:
            if c < 0x20 {
                handler.execute(c)
            } else if c != 0x7F {
                handler.print(c)
            }
        case .escape:
            escapeByte(c, into: &handler)
        case .escapeIntermediate:
            if c < 0x20 {
                handler.execute(c)
            } else if c < 0x30 {
                collect(c)
            } else if c < 0x7F {
                dispatchEscape(UInt8(c), into: &handler)
            }
        case .csiEntry, .csiParam, .csiIntermediate, .csiIgnore:
            csiByte(c, into: &handler)
        case .dcsEntry, .dcsParam, .dcsIntermediate, .dcsIgnore:
            dcsHeaderByte(c)
        case .dcsPassthrough:
            if c != 0x7F { appendString(c) }
        case .oscString:
            if c == 0x07 {
                finishString(into: &handler, endedByBell: true)
                state = .ground
            } else if c >= 0x20 {
                appendString(c)
            }
        case .sosPmApcString:
            break
        }
    }

    var isStringState: Bool {
        state == .oscString || state == .dcsPassthrough || state == .dcsIgnore || state == .sosPmApcString
    }


    mutating func enter(_ next: ParserState) {
        state = next
        switch next {
        case .escape, .csiEntry, .dcsEntry:
            sequence.parameters.removeAll()
            sequence.privateMarker = 0
            sequence.intermediates = 0
            sequence.final = 0
            intermediateCount = 0
        case .oscString:
            stringPayload.removeAll(keepingCapacity: stringPayload.capacity <= 4096)
            stringTruncated = false
        default:
            break
        }
    }

    /// A C1 control (decoded from UTF-8): the 7-bit `ESC Fe` equivalent.

    mutating func c1<H: ParserHandler>(_ c: UInt32, into handler: inout H) {
        switch c {
        case 0x90: enter(.dcsEntry)
        case 0x9B: enter(.csiEntry)
        case 0x9D: enter(.oscString)
        case 0x98, 0x9E, 0x9F: state = .sosPmApcString
        default:
            state = .ground
            handler.execute(c)
        }
    }


    mutating func escapeByte<H: ParserHandler>(_ c: UInt32, into handler: inout H) {
        switch c {
        case 0x00..<0x20: handler.execute(c)
        case 0x20..<0x30:
            collect(c)
            state = .escapeIntermediate
        case 0x5B: enter(.csiEntry)
        case 0x5D: enter(.oscString)
        case 0x50: enter(.dcsEntry)
        case 0x58, 0x5E, 0x5F: state = .sosPmApcString
        case 0x30..<0x7F: dispatchEscape(UInt8(c), into: &handler)
        default: break  // DEL and characters beyond ASCII are ignored here.
        }
    }


    mutating func dispatchEscape<H: ParserHandler>(_ final: UInt8, into handler: inout H) {
        state = .ground
        if intermediateCount <= 2 {
            handler.escapeDispatch(intermediates: sequence.intermediates, final: final)
        }
    }


    mutating func collect(_ c: UInt32) {
        if intermediateCount < 2 {
            sequence.intermediates |= UInt16(c) << UInt16(8 * intermediateCount)
        }
        intermediateCount += 1
    }


    mutating func csiByte<H: ParserHandler>(_ c: UInt32, into handler: inout H) {
        if c < 0x20 {
            handler.execute(c)
            return
        }
        if state == .csiIgnore {
            if c >= 0x40 && c < 0x7F { state = .ground }
            return
        }
        switch c {
        case 0x30...0x39:
            if state == .csiIntermediate { state = .csiIgnore; return }
            sequence.parameters.appendDigit(UInt8(c - 0x30))
            state = .csiParam
        case 0x3A, 0x3B:
            if state == .csiIntermediate { state = .csiIgnore; return }
            sequence.parameters.separate(isColon: c == 0x3A)
            state = .csiParam
        case 0x3C...0x3F:
            if state == .csiEntry {
                sequence.privateMarker = UInt8(c)
                state = .csiParam
            } else {
                state = .csiIgnore
            }
        case 0x20..<0x30:
            collect(c)
            state = .csiIntermediate
        case 0x40..<0x7F:
            state = .ground
            if intermediateCount <= 2 {
                sequence.final = UInt8(c)
                handler.csiDispatch(&sequence)
            }
        default:
            break  // DEL and characters beyond ASCII are ignored inside a sequence.
        }
    }


    mutating func dcsHeaderByte(_ c: UInt32) {
        if c < 0x20 || c == 0x7F || state == .dcsIgnore || c > 0x7F { return }
        switch c {
        case 0x30...0x39:
            if state == .dcsIntermediate { state = .dcsIgnore; return }
            sequence.parameters.appendDigit(UInt8(c - 0x30))
            state = .dcsParam
        case 0x3A, 0x3B:
            if state == .dcsIntermediate { state = .dcsIgnore; return }
            sequence.parameters.separate(isColon: c == 0x3A)
            state = .dcsParam
        case 0x3C...0x3F:
            if state == .dcsEntry {
                sequence.privateMarker = UInt8(c)
                state = .dcsParam
            } else {
                state = .dcsIgnore
            }
        case 0x20..<0x30:
            collect(c)
            state = .dcsIntermediate
        default:
            sequence.final = UInt8(c)
            stringPayload.removeAll(keepingCapacity: stringPayload.capacity <= 4096)
            stringTruncated = intermediateCount > 2
            state = .dcsPassthrough
        }
    }


    mutating func appendString(_ c: UInt32) {
        if stringPayload.count >= stringLimit {
            stringTruncated = true
            return
        }
        appendUTF8(c, to: &stringPayload)
    }

    /// Dispatches an OSC or DCS string when it ends (BEL, ST, ESC, or a C1 control).

    mutating func finishString<H: ParserHandler>(into handler: inout H, endedByBell: Bool = false) {
        switch state {
        case .oscString:
            handler.oscDispatch(stringPayload[...], isTruncated: stringTruncated, endedByBell: endedByBell)
        case .dcsPassthrough:
            handler.dcsDispatch(sequence, payload: stringPayload[...], isTruncated: stringTruncated)
        default:
            return
        }
        state = .ground
    }
}
