import Foundation
import RemoteTermCore
import RemoteTermEngine
import RemoteTermFront

/// Plays an asciicast v2 recording (what `rterm script --record` and asciinema write) into a
/// terminal: the header's size, then its output (`o`) and resize (`r`) events in order.
/// Lines that are not events are passed over, as asciinema's player does.
package enum AsciicastReader {
    /// The terminal a recording leaves, nil when the data is not an asciicast v2 recording.
    /// `size` is used when `overridesRecordedSize` or the header has none; recorded sizes
    /// are clamped to what a `Terminal` accepts.
    package static func replay(
        _ data: Data, size: (rows: Int, columns: Int), overridesRecordedSize: Bool, scrollbackLimit: Int
    ) -> Terminal? {
        let lines = data.split(separator: 0x0A)
        guard let first = lines.first,
            let header = try? JSONSerialization.jsonObject(with: Data(first)) as? [String: Any],
            header["version"] as? Int == 2
        else { return nil }
        var size = size
        if !overridesRecordedSize, let width = header["width"] as? Int, let height = header["height"] as? Int {
            size = (Terminal.clampDimension(height), Terminal.clampDimension(width))
        }
        var terminal = Terminal(rows: size.rows, columns: size.columns, scrollbackLimit: scrollbackLimit)
        for line in lines.dropFirst() {
            guard let event = try? JSONSerialization.jsonObject(with: Data(line)) as? [Any], event.count >= 3,
                let code = event[1] as? String, let text = event[2] as? String
            else { continue }
            switch code {
            case "o":
                _ = terminal.feed(text)
            case "r" where !overridesRecordedSize:
                let parts = text.split(separator: "x").compactMap { Int($0) }
                if parts.count == 2 { terminal.resize(rows: parts[1], columns: parts[0]) }
            default:
                break
            }
        }
        return terminal
    }
}
