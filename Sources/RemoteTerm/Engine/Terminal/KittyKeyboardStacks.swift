/// The kitty keyboard protocol's flag stacks, one for each screen, as the protocol keeps
/// them: a program pushes the flags it wants (`CSI > flags u`) and pops them when it leaves
/// (`CSI < n u`), so a shell under a full-screen program gets its own flags back; the main
/// and alternate screens keep separate stacks, so a program on the alternate screen that
/// never pops leaves the shell's keys alone.
struct KittyKeyboardStacks: Equatable, Sendable {
    /// Entries kept on one stack; a push beyond this forgets the oldest (the protocol asks
    /// for a bound, so that a program pushing in a loop cannot grow the terminal's memory).
    static let limit = 16

    private var main: [UInt8] = []
    private var alternate: [UInt8] = []

    /// The flags in force on `alternate`'s screen or the main one: the top of its stack,
    /// none when it is empty.
    func current(alternate isAlternate: Bool) -> KittyKeyboardFlags {
        KittyKeyboardFlags(rawValue: (isAlternate ? alternate : main).last ?? 0)
    }

    /// `CSI > flags u`.
    mutating func push(_ flags: UInt8, alternate isAlternate: Bool) {
        modify(isAlternate) { stack in
            if stack.count == Self.limit { stack.removeFirst() }
            stack.append(flags & 0x1F)
        }
    }

    /// `CSI < n u`: `count` entries off (all of them empties the stack and resets the flags).
    mutating func pop(_ count: Int, alternate isAlternate: Bool) {
        modify(isAlternate) { stack in stack.removeLast(min(max(count, 1), stack.count)) }
    }

    /// `CSI = flags ; mode u`: mode 1 sets the flags, 2 adds them, 3 removes them, on the top
    /// entry (an empty stack gets one).
    mutating func set(_ flags: UInt8, mode: Int, alternate isAlternate: Bool) {
        modify(isAlternate) { stack in
            let top = stack.last ?? 0
            let value: UInt8
            switch mode {
            case 2: value = top | flags
            case 3: value = top & ~flags
            default: value = flags
            }
            if stack.isEmpty { stack.append(value & 0x1F) } else { stack[stack.count - 1] = value & 0x1F }
        }
    }

    private mutating func modify(_ isAlternate: Bool, _ change: (inout [UInt8]) -> Void) {
        if isAlternate { change(&alternate) } else { change(&main) }
    }
}
