import Foundation

/// Notifications and progress reports from the remote program: OSC 9 (a notification, or
/// ConEmu's `9 ; 4` progress), OSC 777 `notify` and kitty's OSC 99. Each becomes an effect
/// holding only cleaned text or numbers; nothing is ever answered (OSC 99's queries
/// included), so the remote learns nothing from them.
extension Terminal {
    /// Longest OSC 99 notification gathered from pieces (`d=0`), in bytes of payload; a
    /// program that never finishes one cannot grow the terminal's memory.
    static let notificationPieceLimit = 4096

    /// OSC 9: `4 ; state ; percent` is progress; ConEmu's other numbered commands (`9 ; 9 ;
    /// path` is a working directory) are not notifications; anything else is the text.
    mutating func osc9(_ argument: ArraySlice<UInt8>) {
        let fields = argument.split(separator: UInt8(ascii: ";"), maxSplits: 2, omittingEmptySubsequences: false)
        if let first = fields.first, first.count <= 2, !first.isEmpty, first.allSatisfy({ (0x30...0x39).contains($0) }) {
            if first.elementsEqual("4".utf8) { progressReport(fields.dropFirst()) }
            return
        }
        let body = String(decoding: argument, as: UTF8.self)
        pendingEffects.append(.notification(TerminalNotification(kind: .osc9, title: "", body: body)))
    }

    /// `state ; percent` of OSC 9 ; 4: 0 removes the report.
    private mutating func progressReport(_ fields: ArraySlice<ArraySlice<UInt8>>) {
        func number(_ index: Int) -> Int? {
            guard fields.count > index else { return nil }
            let field = fields[fields.startIndex + index]
            guard !field.isEmpty, field.count <= 3, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return min(Int(String(decoding: field, as: UTF8.self)) ?? 0, 100)
        }
        let value = number(1)
        let progress: TerminalProgress?
        switch number(0) ?? 0 {
        case 1: progress = .percent(value ?? 0)
        case 2: progress = .error(value)
        case 3: progress = .indeterminate
        case 4: progress = .paused(value)
        default: progress = nil
        }
        pendingEffects.append(.progress(progress))
    }

    /// OSC 777 `notify ; title ; body`; its other commands are not notifications.
    mutating func osc777(_ argument: ArraySlice<UInt8>) {
        let fields = argument.split(separator: UInt8(ascii: ";"), maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count >= 2, fields[0].elementsEqual("notify".utf8) else { return }
        let title = String(decoding: fields[1], as: UTF8.self)
        let body = fields.count > 2 ? String(decoding: fields[2], as: UTF8.self) : ""
        pendingEffects.append(.notification(TerminalNotification(kind: .osc777, title: title, body: body)))
    }

    /// OSC 99 `metadata ; payload`: `p=title` or `p=body` (title by default), `e=1` for
    /// base64, `d=0` while more pieces follow; the pieces of one `i=` are gathered and the
    /// notification shown when `d=1` (the default) ends it. Other payload types (icons,
    /// buttons, queries `p=?`, closes) are ignored.
    mutating func osc99(_ argument: ArraySlice<UInt8>) {
        guard let split = argument.firstIndex(of: UInt8(ascii: ";")) else { return }
        var identifier = ""
        var done = true
        var part = "title"
        var isBase64 = false
        for pair in argument[argument.startIndex..<split].split(separator: UInt8(ascii: ":")) {
            let text = String(decoding: pair, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[text.startIndex..<equals]
            let value = String(text[text.index(after: equals)...])
            switch key {
            case "i": identifier = String(value.prefix(64))
            case "d": done = value != "0"
            case "p": part = value
            case "e": isBase64 = value == "1"
            default: break
            }
        }
        var payload = Array(argument[(split + 1)...])
        if isBase64 { payload = Data(base64Encoded: Data(payload), options: .ignoreUnknownCharacters).map(Array.init) ?? [] }
        if pendingNotification?.identifier != identifier { pendingNotification = nil }
        var gathering = pendingNotification ?? PendingNotification(identifier: identifier)
        if part == "title" || part == "body" {
            let room = max(Self.notificationPieceLimit - gathering.title.count - gathering.body.count, 0)
            if part == "title" { gathering.title += payload.prefix(room) } else { gathering.body += payload.prefix(room) }
        }
        guard done else {
            pendingNotification = gathering
            return
        }
        pendingNotification = nil
        guard !gathering.title.isEmpty || !gathering.body.isEmpty else { return }
        pendingEffects.append(
            .notification(
                TerminalNotification(
                    kind: .osc99, title: String(decoding: gathering.title, as: UTF8.self),
                    body: String(decoding: gathering.body, as: UTF8.self))))
    }
}

/// An OSC 99 notification whose pieces are still coming (`d=0`).
struct PendingNotification: Equatable, Sendable {
    var identifier: String
    var title: [UInt8] = []
    var body: [UInt8] = []
}
