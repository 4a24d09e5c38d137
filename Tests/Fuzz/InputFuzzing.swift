// The local input decoder target: any bytes the user's terminal could send decode without
// loss, and the same way however the bytes are split into reads.

import RemoteTerm

enum InputFuzzing {
    static func run(_ data: [UInt8]) -> [String] {
        guard let seed = data.first else { return [] }
        let bytes = Array(data.dropFirst())
        var whole = LocalInputDecoder()
        let wholeEvents = normalized(whole.feed(bytes) + whole.flushPending())
        var pieces = LocalInputDecoder()
        var random = SplitMix64(seed: UInt64(seed))
        var events: [LocalInputDecoder.Event] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 1 + random.next(below: 16))
            events += pieces.feed(bytes[offset..<end])
            offset = end
        }
        events += pieces.flushPending()
        return normalized(events) == wholeEvents ? [] : ["split into reads, the input decodes differently"]
    }

    /// Events with adjacent paste pieces and adjacent passthrough bytes joined: how a paste
    /// or an unknown sequence is cut into events depends on the reads, what it holds must not.
    static func normalized(_ events: [LocalInputDecoder.Event]) -> [LocalInputDecoder.Event] {
        var result: [LocalInputDecoder.Event] = []
        for event in events {
            switch (result.last, event) {
            case (.pasteData(let a)?, .pasteData(let b)):
                result[result.count - 1] = .pasteData(a + b)
            case (.passthrough(let a)?, .passthrough(let b)):
                result[result.count - 1] = .passthrough(a + b)
            default:
                result.append(event)
            }
        }
        return result
    }
}
