/// The parser's output as values, for tests and tools (`ParserActionRecorder` collects them).
package enum ParserAction: Equatable, Sendable {
    /// Printable text (ASCII runs and decoded characters, merged).
    case print([UInt32])
    /// A control function without a parser meaning of its own.
    case execute(UInt32)
    /// `ESC [intermediates] final`.
    case escape(intermediates: UInt16, final: UInt8)
    /// A control sequence.
    case csi(CSISequence)
    /// An operating system command string.
    case osc([UInt8], isTruncated: Bool)
    /// A device control string.
    case dcs(CSISequence, [UInt8], isTruncated: Bool)
}

/// A `ParserHandler` that records every action as a `ParserAction`, merging adjacent prints
/// so that the result does not depend on how the input was split.
package struct ParserActionRecorder: ParserHandler {
    /// The actions seen so far.
    package var actions: [ParserAction] = []

    /// An empty recorder.
    package init() {}

    private mutating func appendPrint(_ codePoints: [UInt32]) {
        if case .print(let existing)? = actions.last {
            actions[actions.count - 1] = .print(existing + codePoints)
        } else {
            actions.append(.print(codePoints))
        }
    }

    package mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendPrint(bytes.map { UInt32($0) })
    }
    package mutating func print(_ codePoint: UInt32) { appendPrint([codePoint]) }
    package mutating func printRun(_ codePoints: UnsafeBufferPointer<UInt32>) { appendPrint(Array(codePoints)) }
    package mutating func execute(_ control: UInt32) { actions.append(.execute(control)) }
    package mutating func escapeDispatch(intermediates: UInt16, final: UInt8) {
        actions.append(.escape(intermediates: intermediates, final: final))
    }
    package mutating func csiDispatch(_ sequence: inout CSISequence) { actions.append(.csi(sequence)) }
    package mutating func oscDispatch(_ payload: ArraySlice<UInt8>, isTruncated: Bool, endedByBell: Bool) {
        actions.append(.osc(Array(payload), isTruncated: isTruncated))
    }
    package mutating func dcsDispatch(_ header: CSISequence, payload: ArraySlice<UInt8>, isTruncated: Bool) {
        actions.append(.dcs(header, Array(payload), isTruncated: isTruncated))
    }
}
