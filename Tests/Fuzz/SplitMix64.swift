/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and good enough to drive chunking,
/// fuzzing and generated workloads deterministically. Shared by the fuzz targets, the tests
/// and the benchmarks; no Foundation randomness anywhere in them.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A value in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { next(below: 100) < percent }
}
