/// Finds the answers a terminal sends to rterm's questions before the screen starts, `ESC [ ?
/// … final` and `ESC [ > … final`, in what it sends back: answers may be split across reads,
/// and anything else (keys typed meanwhile, other answers) is skipped. What waits for its end
/// is bounded (`limit` bytes), so a terminal that sends garbage cannot grow it.
struct TerminalAnswerScanner: Equatable, Sendable {
    private var pending: [UInt8] = []
    private let limit: Int

    /// A scanner keeping at most `limit` bytes of an unfinished answer.
    init(limit: Int) {
        self.limit = limit
    }

    /// Hands each complete answer in `bytes` (with what came before) to `answer`: its marker
    /// (`?` or `>`), its parameter bytes and its final byte.
    mutating func scan(
        _ bytes: some Sequence<UInt8>, answer: (_ marker: UInt8, _ parameters: ArraySlice<UInt8>, _ final: UInt8) -> Void
    ) {
        pending.append(contentsOf: bytes)
        var index = 0
        while let escape = pending[index...].firstIndex(of: 0x1B) {
            guard escape + 2 < pending.count else {
                index = escape
                break
            }
            let marker = pending[escape + 2]
            guard pending[escape + 1] == UInt8(ascii: "["), marker == UInt8(ascii: "?") || marker == UInt8(ascii: ">")
            else {
                index = escape + 1
                continue
            }
            guard let end = pending[(escape + 3)...].firstIndex(where: { !(0x30...0x3F).contains($0) }) else {
                index = escape
                break
            }
            answer(marker, pending[(escape + 3)..<end], pending[end])
            index = end + 1
        }
        if index >= pending.count || pending[index...].firstIndex(of: 0x1B) == nil {
            pending.removeAll()
        } else {
            pending.removeFirst(index)
        }
        if pending.count > limit { pending.removeAll() }
    }
}
