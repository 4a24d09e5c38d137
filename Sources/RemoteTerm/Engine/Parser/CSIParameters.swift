/// The numeric parameters of a CSI or DCS sequence, held inline (no heap allocation).
///
/// At most `capacity` parameters are kept; further ones are dropped and `isTruncated` is set
/// (vte's "ignore" flag). Values clamp at `UInt16.max`, so `CSI 99999999999 C` is harmless.
/// A parameter that followed a colon is a sub-parameter of the one before it (`38:2::1:2:3`);
/// an empty parameter reads as 0, which every command treats as "use the default".
package struct CSIParameters: Equatable, Sendable {
    /// The most parameters a sequence may carry (xterm keeps 30, vte 32).
    package static let capacity = 32

    var values: InlineArray<32, UInt16>
    /// Bit i set: parameter i followed a ':' rather than a ';'.
    var subparameterMask: UInt32
    /// How many parameters are present.
    package private(set) var count: Int
    /// More parameters arrived than `capacity`; the extra ones were dropped.
    package private(set) var isTruncated: Bool

    /// No parameters.
    package init() {
        values = InlineArray(repeating: 0)
        subparameterMask = 0
        count = 0
        isTruncated = false
    }

    /// Builds parameters from a list, for tests and for replies.
    package init(_ list: [Int], subparameters: Set<Int> = []) {
        self.init()
        for (i, value) in list.enumerated() where i < Self.capacity {
            values[i] = UInt16(clamping: value)
            if subparameters.contains(i) { subparameterMask |= 1 << UInt32(i) }
            count = i + 1
        }
    }

    /// The raw value at `index`, 0 when absent.
    package subscript(index: Int) -> Int {
        index < count ? Int(values[index]) : 0
    }

    /// The value at `index`, or `defaultValue` when absent or 0 (the ECMA-48 convention).
    package func value(at index: Int, default defaultValue: Int) -> Int {
        let raw = self[index]
        return raw == 0 ? defaultValue : raw
    }

    /// Whether parameter `index` was introduced by ':' (a sub-parameter of the previous one).
    package func isSubparameter(_ index: Int) -> Bool {
        index < count && index > 0 && subparameterMask & (1 << UInt32(index)) != 0
    }

    // MARK: - Building, used by the parser

    /// Starts the first parameter when the first digit or separator of a sequence arrives.
    @inline(__always) mutating func beginIfEmpty() {
        if count == 0 {
            count = 1
            values[0] = 0
        }
    }

    /// Appends a decimal digit to the current parameter, clamping at `UInt16.max`.
    @inline(__always) mutating func appendDigit(_ digit: UInt8) {
        beginIfEmpty()
        if isTruncated { return }
        let index = count - 1
        let next = UInt32(values[index]) &* 10 &+ UInt32(digit)
        values[index] = next > UInt32(UInt16.max) ? UInt16.max : UInt16(next)
    }

    /// Empties the list without clearing the storage (a new sequence begins; values past
    /// `count` are never read).
    @inline(__always) mutating func removeAll() {
        count = 0
        subparameterMask = 0
        isTruncated = false
    }

    /// The value of the parameter being built (0 before the first digit).
    @inline(__always) var currentValue: UInt32 { count == 0 ? 0 : UInt32(values[count - 1]) }

    /// Sets the parameter being built (the parser's fast path accumulates digits in a
    /// register and stores once). Ignored once the sequence has too many parameters.
    @inline(__always) mutating func setCurrentValue(_ value: UInt32) {
        beginIfEmpty()
        if isTruncated { return }
        values[count - 1] = UInt16(truncatingIfNeeded: min(value, UInt32(UInt16.max)))
    }

    /// Ends the current parameter at a ';' or ':' and opens the next one.
    @inline(__always) mutating func separate(isColon: Bool) {
        beginIfEmpty()
        guard count < Self.capacity else {
            isTruncated = true
            return
        }
        values[count] = 0
        if isColon { subparameterMask |= 1 << UInt32(count) }
        count += 1
    }

    package static func == (a: CSIParameters, b: CSIParameters) -> Bool {
        a.list == b.list && a.subparameterMask == b.subparameterMask && a.isTruncated == b.isTruncated
    }

    /// All parameters as plain integers (for tests and debugging).
    package var list: [Int] { (0..<count).map { Int(values[$0]) } }
}
