/// Operating system commands (titles, hyperlinks, clipboard) and device control strings.
extension Terminal {
    /// Longest title kept, in characters.
    static let titleLimit = 1024
    /// Longest hyperlink URI kept, in bytes (longer ones are ignored, as in other terminals).
    static let hyperlinkLimit = 4096
    /// Longest OSC 8 `id=` kept, in bytes: a longer one is dropped (the link stays, without
    /// an id), so a stored link is always far below what the scrollback can record.
    static let hyperlinkIDLimit = 256

    /// A complete OSC string.
    mutating func oscDispatch(_ payload: ArraySlice<UInt8>, isTruncated: Bool, endedByBell: Bool) {
        untouchedSince = nil
        // The colour resets (104, 105, 110–119) may come without any argument.
        let separator = payload.firstIndex(of: UInt8(ascii: ";")) ?? payload.endIndex
        guard separator - payload.startIndex <= 5,  // OSC numbers are short; don't decode a long payload
            let command = Int(String(decoding: payload[payload.startIndex..<separator], as: UTF8.self))
        else { return }
        if Self.isColorControl(command) {
            if !isTruncated { colorControl(command, payload[separator...].dropFirst(), endedByBell: endedByBell) }
            return
        }
        guard separator < payload.endIndex else { return }
        let argument = payload[(separator + 1)...]
        switch command {
        case 0, 1, 2:
            let text = Self.sanitizedTitle(argument)
            if command != 1 {
                title = text
                pendingEffects.append(.titleChanged(text))
            }
            if command != 2 {
                iconName = text
                pendingEffects.append(.iconNameChanged(text))
            }
        case 7:
            // The shell's working directory, reported with each prompt.
            workingDirectory = Self.sanitizedTitle(argument)
            promptMarks &+= 1
        case 133:
            // Shell integration marks (FinalTerm's): A a prompt starts, B the command line
            // starts, C the command runs, D it finished. A and D mean the shell is back.
            shellMark(argument)
        case 9:
            // A notification cut short by the payload bound is still shown (cut shorter
            // still); a progress report never is that long.
            osc9(argument)
        case 777:
            osc777(argument)
        case 99:
            osc99(argument)
        case 8:
            setHyperlink(argument)
        case 52:
            // A clipboard cut short by the payload bound would be wrong data: ignore it.
            guard !isTruncated, let split = argument.firstIndex(of: UInt8(ascii: ";")) else { return }
            let selection = String(decoding: argument[argument.startIndex..<split], as: UTF8.self)
            let data = String(decoding: argument[(split + 1)...], as: UTF8.self)
            // A query is never answered (the answer would hand the user's clipboard to the
            // remote), so it is not even passed on: only writes reach the front.
            guard data != "?" else { return }
            pendingEffects.append(.clipboardRequest(selection: selection, data: data))
        default:
            break
        }
    }

    /// Titles are shown by the local terminal, so only characters it shows survive: C0 and
    /// C1 controls, bidirectional controls and line separators are dropped (`InertText`).
    static func sanitizedTitle(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var kept = 0  // counted here: the view's count is not O(1)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            guard kept < titleLimit else { break }
            if InertText.isActive(scalar) { continue }
            scalars.append(scalar)
            kept += 1
        }
        return String(scalars)
    }

    /// OSC 8 `params ; URI`: an empty URI ends the link.
    private mutating func setHyperlink(_ argument: ArraySlice<UInt8>) {
        guard let split = argument.firstIndex(of: UInt8(ascii: ";")) else { return }
        let uriBytes = argument[(split + 1)...]
        var link: UInt16 = 0
        var stored = ""
        if !uriBytes.isEmpty && uriBytes.count <= Self.hyperlinkLimit
            && !uriBytes.contains(where: { $0 < 0x20 || $0 == 0x7F })
        {
            // Links with the same id and URI are one link (OSC 8's `id=` parameter).
            let params = String(decoding: argument[argument.startIndex..<split], as: UTF8.self)
            let id = params.split(separator: ":").first { $0.hasPrefix("id=") }.map { String($0.dropFirst(3)) }
                .flatMap { $0.utf8.count <= Self.hyperlinkIDLimit ? $0 : nil }
            let uri = String(decoding: uriBytes, as: UTF8.self)
            stored = id.map { "\($0)\u{0}\(uri)" } ?? uri
            link = internHyperlink(stored) ?? 0
        }
        guard penExtra.hyperlink != link else { return }
        penHyperlink = stored
        penExtra.hyperlink = link
        refreshPenExtra()
    }

    /// A complete DCS string.
    mutating func dcsDispatch(_ header: CSISequence, payload: ArraySlice<UInt8>, isTruncated: Bool) {
        untouchedSince = nil
        guard !isTruncated else { return }
        if header.privateMarker == 0 && header.intermediates == UInt16(UInt8(ascii: "$"))
            && header.final == UInt8(ascii: "q")
        {
            requestStatusString(payload)
        } else if header.privateMarker == 0 && header.intermediates == UInt16(UInt8(ascii: "+"))
            && header.final == UInt8(ascii: "q")
        {
            requestCapabilities(payload)  // XTGETTCAP
        }
    }
}
