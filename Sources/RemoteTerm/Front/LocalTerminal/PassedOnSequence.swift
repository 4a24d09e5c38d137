import RemoteTermEngine

/// What rterm passes on to the user's terminal of what a remote program asked of its own
/// terminal: a notification and a progress report, each written again by rterm from cleaned
/// text and numbers (never the remote's bytes), ended with BEL as every terminal that knows
/// them accepts. A notification's text holds no control of any kind (`TerminalNotification`
/// dropped them), so nothing the remote wrote can end the sequence early or start another.
package enum PassedOnSequence {
    /// The notification, in the form the program used: OSC 9 with the body, OSC 777 `notify`
    /// with a title and body (`;` in the title would start the body early, so it becomes
    /// `,`), or OSC 99 as a title and a body in two pieces of one notification.
    package static func notification(_ notification: TerminalNotification) -> [UInt8] {
        switch notification.kind {
        case .osc9:
            // A body that begins with digits and `;` would read as one of ConEmu's commands.
            var body = notification.body
            if let first = body.unicodeScalars.first, ("0"..."9").contains(first) { body = " " + body }
            return osc("9;" + body)
        case .osc777:
            let title = notification.title.replacingSemicolons
            return osc("777;notify;\(title);\(notification.body)")
        case .osc99:
            guard !notification.body.isEmpty else { return osc("99;i=rterm;\(notification.title)") }
            return osc("99;i=rterm:d=0;\(notification.title)") + osc("99;i=rterm:p=body;\(notification.body)")
        }
    }

    /// OSC 9 ; 4 ; state ; percent, or `9 ; 4 ; 0` when the report was removed.
    package static func progress(_ progress: TerminalProgress?) -> [UInt8] {
        guard let progress else { return osc("9;4;0") }
        let (state, value) = progress.stateAndValue
        return osc("9;4;\(state)" + (value.map { ";\($0)" } ?? ""))
    }

    /// Whether `sequence` is a progress report (OSC 9 ; 4) of this type's making.
    package static func isProgress(_ sequence: [UInt8]) -> Bool {
        sequence.starts(with: [0x1B, UInt8(ascii: "]")] + Array("9;4;".utf8))
    }

    private static func osc(_ body: String) -> [UInt8] {
        [0x1B, UInt8(ascii: "]")] + Array(body.utf8) + [0x07]
    }
}

extension String {
    fileprivate var replacingSemicolons: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == ";" ? "," : $0 }))
    }
}
