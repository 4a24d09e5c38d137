// The colour-pair table: pair 0 reserved, new pairs initialised once, least recently used
// reassigned when the budget is spent.

import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

private func colors(_ foreground: Int32, _ background: Int32) -> ColorPair {
    ColorPair(foreground: foreground, background: background)
}

@Suite struct ColorPairTableTests {
    @Test func defaultPairIsAlwaysZeroAndNeverInitialised() {
        var table = ColorPairTable(capacity: 256)
        #expect(table.pair(for: .defaults) == (0, false))
        #expect(table.pair(foreground: -1, background: -1) == (0, false))
        #expect(table.count == 0)
    }

    @Test func newPairsAreNumberedFromOneAndInitialisedOnce() {
        var table = ColorPairTable(capacity: 256)
        #expect(table.pair(for: colors(1, -1)) == (1, true))
        #expect(table.pair(for: colors(-1, 4)) == (2, true))
        #expect(table.pair(for: colors(1, -1)) == (1, false))
        #expect(table.pair(for: colors(-1, 4)) == (2, false))
        #expect(table.pair(for: colors(4, -1)) == (3, true), "order matters: (4,-1) is not (-1,4)")
        #expect(table.count == 3)
        #expect(table.colors(ofPair: 2) == colors(-1, 4))
        #expect(table.colors(ofPair: 0) == .defaults)
        #expect(table.colors(ofPair: 4) == nil)
    }

    @Test func leastRecentlyUsedPairIsReassignedWhenFull() {
        // Capacity 4: pair 0 plus three to hand out.
        var table = ColorPairTable(capacity: 4)
        #expect(table.pair(for: colors(1, 0)).id == 1)
        #expect(table.pair(for: colors(2, 0)).id == 2)
        #expect(table.pair(for: colors(3, 0)).id == 3)
        #expect(table.pair(for: colors(1, 0)) == (1, false))  // 1 is now the most recent
        #expect(table.idsByRecency == [1, 3, 2])
        // Full: (4,0) takes pair 2, the least recently used, and must be initialised.
        #expect(table.pair(for: colors(4, 0)) == (2, true))
        #expect(table.evictions == 1)
        #expect(table.colors(ofPair: 2) == colors(4, 0))
        // (2,0) lost its pair: asking again takes the next least recent, pair 3.
        #expect(table.pair(for: colors(2, 0)) == (3, true))
        #expect(table.pair(for: colors(4, 0)) == (2, false))
        #expect(table.pair(for: colors(1, 0)) == (1, false))
        #expect(table.count == 3)
        #expect(table.evictions == 2)
        #expect(table.idsByRecency == [1, 2, 3])
    }

    @Test func neverHandsOutMoreThanTheBudget() {
        var table = ColorPairTable(capacity: 16)
        var seen: Set<Int32> = []
        for foreground in Int32(0)..<256 {
            let (id, needsInit) = table.pair(for: colors(foreground, -1))
            #expect(needsInit)
            #expect(id >= 1 && id < 16)
            seen.insert(id)
        }
        #expect(seen.count == 15)
        #expect(table.count == 15)
        #expect(table.evictions == 256 - 15)
    }

    @Test func aWorkingSetThatFitsIsNeverEvicted() {
        // Ten pairs cycled over and over in a budget of 11: after the first round, no
        // pair is ever initialised again.
        var table = ColorPairTable(capacity: 11)
        for round in 0..<50 {
            for foreground in Int32(0)..<10 {
                #expect(table.pair(for: colors(foreground, 7)).needsInit == (round == 0))
            }
        }
        #expect(table.evictions == 0)
    }

    @Test func recencyListStaysConsistentUnderRandomUse() {
        // A deterministic pseudo-random mix over a larger set than the budget: the ids handed
        // out stay in range, each pair is where the table says, and the list holds every id once.
        var table = ColorPairTable(capacity: 9)
        var state: UInt64 = 42
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pair = colors(Int32((state >> 33) % 12), Int32((state >> 40) % 2))
            let (id, _) = table.pair(for: pair)
            #expect(table.colors(ofPair: id) == pair)
            #expect(table.idsByRecency.first == id)
        }
        #expect(table.idsByRecency.sorted() == Array(1...8))
    }

    @Test func terminalWithoutPairsGetsTheDefaultPair() {
        var table = ColorPairTable(capacity: 1)
        #expect(table.pair(for: colors(1, 2)) == (0, false))
        var none = ColorPairTable(capacity: 0)
        #expect(none.pair(for: colors(1, 2)) == (0, false))
    }

    @Test func removeAllStartsOver() {
        var table = ColorPairTable(capacity: 8)
        _ = table.pair(for: colors(1, 2))
        table.removeAll()
        #expect(table.count == 0)
        #expect(table.pair(for: colors(1, 2)) == (1, true))
    }
}
