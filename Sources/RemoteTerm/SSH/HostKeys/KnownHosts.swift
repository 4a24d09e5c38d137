import Foundation

/// The parsed contents of one or more known_hosts files, with OpenSSH's lookup rules.
///
/// rterm reads known_hosts itself instead of through libssh2, whose reader stops at the first
/// line it does not understand, ignores `@revoked` and wildcards, and whose writer rewrites
/// the whole file (see the libssh2 notes, pitfall 7). Lines this parser does not understand
/// are skipped and remembered in `unparsedLines`; everything else is still used.
package struct KnownHosts: Sendable, Equatable {
    /// The understood entries, in file order (files in the order they were added).
    package private(set) var entries: [KnownHostsEntry]
    /// Lines that were neither blank, a comment, nor an understood entry.
    package private(set) var unparsedLines: [KnownHostsLocation]

    /// The port for which OpenSSH writes a bare host name instead of `[host]:port`.
    package static let defaultPort = 22

    /// No entries.
    package init() {
        entries = []
        unparsedLines = []
    }

    /// Parses the text of one known_hosts file; `file` is only used to label locations.
    package init(text: String, file: String = "") {
        self.init()
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineSeparator) {
            lineNumber += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            let location = KnownHostsLocation(file: file, line: lineNumber)
            switch KnownHostsEntry.parse(line: trimmed, location: location) {
            case .blankOrComment: break
            case .entry(let entry): entries.append(entry)
            case .notUnderstood: unparsedLines.append(location)
            }
        }
    }

    /// Parses the bytes of one known_hosts file, keeping only the entries for one of `names`
    /// (see `scan`).
    package init(bytes: [UInt8], file: String = "", onlyFor names: [String]) {
        self.init()
        var lineNumber = 0
        let wanted = names.map { Array($0.lowercased().utf8) }
        bytes.withUnsafeBufferPointer { scan($0, file: file, lineNumber: &lineNumber, names: wanted) }
    }

    /// Adds the entries of the whole lines in `buffer` that apply to one of `names` (lower-case
    /// UTF-8), counting lines from `lineNumber`. A line's host field is checked first, and its
    /// key is decoded only when it matches, as OpenSSH does: a million-line file costs a scan,
    /// not a million decoded keys. A plain host list that does not even contain a name is
    /// passed over without building anything.
    mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, file: String, lineNumber: inout Int, names: [[UInt8]]) {
        var start = 0
        let count = buffer.count
        var lowered: [UInt8] = []
        while start < count {
            var end = start
            while end < count, buffer[end] != 0x0A { end += 1 }
            lineNumber += 1
            defer { start = end + 1 }
            // A CRLF line's CR is not part of it, and one more CR before it goes too, as in
            // the full parse (which splits at "\r\n" and then drops a trailing "\r"); inside a
            // line, only spaces and tabs separate fields (as in OpenSSH and the full parse).
            var lineEnd = end
            let crs = end < count ? 2 : 1
            for _ in 0..<crs where lineEnd > start && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            guard let (from, to) = Self.hostField(buffer, start, lineEnd) else { continue }
            let field = UnsafeBufferPointer(rebasing: buffer[from..<to])
            // The quick test lowers ASCII only, so a field with other bytes (a name that
            // lower-cases beyond ASCII) goes to the full pattern match.
            let plain = !field.contains {
                $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "|") || $0 >= 0x80
            }
            if plain {
                lowered.removeAll(keepingCapacity: true)
                lowered.append(contentsOf: field.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
                guard names.contains(where: { Self.contains(lowered, $0) }) else { continue }
            }
            let location = KnownHostsLocation(file: file, line: lineNumber)
            guard let hostNames = KnownHostsEntry.parseHostNames(Substring(String(decoding: field, as: UTF8.self))) else {
                unparsedLines.append(location)
                continue
            }
            guard names.contains(where: { KnownHostsEntry.hostNames(hostNames, match: String(decoding: $0, as: UTF8.self)) })
            else { continue }
            let line = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<lineEnd]), as: UTF8.self)
            switch KnownHostsEntry.parse(line: Substring(line), location: location) {
            case .blankOrComment: break
            case .entry(let entry): entries.append(entry)
            case .notUnderstood: unparsedLines.append(location)
            }
        }
    }

    /// Whether `needle` occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// Where the host field of the line `buffer[start..<end]` is (after an `@marker`), nil
    /// for a blank or comment line.
    private static func hostField(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int)? {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var position = start
        func field() -> (Int, Int)? {
            while position < end, isBlank(buffer[position]) { position += 1 }
            guard position < end else { return nil }
            let from = position
            while position < end, !isBlank(buffer[position]) { position += 1 }
            return (from, position)
        }
        guard let first = field(), buffer[first.0] != UInt8(ascii: "#") else { return nil }
        if buffer[first.0] == UInt8(ascii: "@") { return field() ?? (end, end) }
        return first
    }

    /// Adds the entries of another file after this one's (as OpenSSH reads
    /// `UserKnownHostsFile` lists: every file counts, in order).
    package mutating func append(contentsOf other: KnownHosts) {
        entries += other.entries
        unparsedLines += other.unparsedLines
    }

    /// The name OpenSSH looks up and writes for a host: `host` for port 22,
    /// `[host]:port` otherwise, lower-cased.
    package static func lookupName(host: String, port: Int) -> String {
        let lowered = host.lowercased()
        return port == defaultPort ? lowered : "[\(lowered)]:\(port)"
    }

    /// The names whose entries a connection to `host` on `port` uses: the lookup name and,
    /// for a port other than 22, the plain host (see `lookup`). A filtered read keeps these.
    package static func namesInUse(host: String, port: Int) -> [String] {
        port == defaultPort ? [lookupName(host: host, port: port)] : [lookupName(host: host, port: port), host.lowercased()]
    }

    /// Checks the key a server presented, as OpenSSH's check_host_key does:
    /// a revoked key is refused; a matching ordinary entry accepts; an entry of the same
    /// type with another key is a changed key. For a port other than 22 with nothing known
    /// for `[host]:port`, an entry for the plain `host` is accepted if it matches exactly
    /// (OpenSSH: "found matching key w/out port"), and is otherwise ignored, except that a
    /// revocation still refuses.
    package func lookup(host: String, port: Int, keyType: String, keyBlob: [UInt8])
        -> KnownHostsLookupResult
    {
        let withPort = lookup(
            name: Self.lookupName(host: host, port: port), keyType: keyType, keyBlob: keyBlob)
        guard case .notFound = withPort, port != Self.defaultPort else { return withPort }
        let withoutPort = lookup(name: host.lowercased(), keyType: keyType, keyBlob: keyBlob)
        switch withoutPort {
        case .match, .revoked: return withoutPort
        case .mismatch, .notFound: return withPort
        }
    }

    /// The key types known (ordinary entries) for `host` on `port`, in file order without
    /// repeats: first those for the exact lookup name, then, for a port other than 22,
    /// those for the plain host name (which `lookup` also accepts).
    package func knownKeyTypes(host: String, port: Int) -> [String] {
        var names = [Self.lookupName(host: host, port: port)]
        if port != Self.defaultPort { names.append(host.lowercased()) }
        var types: [String] = []
        for name in names {
            for entry in entries where entry.marker == .none && entry.matches(name: name) {
                if !types.contains(entry.keyType) { types.append(entry.keyType) }
            }
        }
        return types
    }

    /// The host key algorithms rterm can negotiate (libssh2 1.10; 1.11 adds the rsa-sha2
    /// ones, and libssh2 silently drops names it does not support from a mixed list), in
    /// OpenSSH's default order. `ssh-rsa` (SHA-1) is last, for old servers only.
    package static let supportedHostKeyAlgorithms = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
        "rsa-sha2-512", "rsa-sha2-256", "ssh-rsa",
    ]

    /// The `libssh2_session_method_pref(LIBSSH2_METHOD_HOSTKEY, ...)` string for `host`:
    /// the algorithms for key types already known for the host first, then the others, each
    /// group in the default order (OpenSSH's order_hostkeyalgs). Without this, libssh2
    /// prefers ecdsa and a server with both keys looks unknown when known_hosts holds only
    /// its ed25519 key (libssh2 notes, pitfall 6).
    package func preferredHostKeyAlgorithms(host: String, port: Int) -> String {
        let known = Set(knownKeyTypes(host: host, port: port).flatMap(Self.algorithms(forKeyType:)))
        let first = Self.supportedHostKeyAlgorithms.filter { known.contains($0) }
        let rest = Self.supportedHostKeyAlgorithms.filter { !known.contains($0) }
        return (first + rest).joined(separator: ",")
    }

    /// The line to append for a newly accepted key (without a newline), as OpenSSH writes it
    /// with `HashKnownHosts no`: `host keytype base64` for port 22, else `[host]:port ...`.
    package static func appendEntry(host: String, port: Int, keyType: String, keyBlob: [UInt8])
        -> String
    {
        "\(lookupName(host: host, port: port)) \(keyType) \(Base64.encode(keyBlob))"
    }

    /// Signature algorithms that verify a key of `keyType` (an RSA key serves three).
    static func algorithms(forKeyType keyType: String) -> [String] {
        keyType == "ssh-rsa" ? ["rsa-sha2-512", "rsa-sha2-256", "ssh-rsa"] : [keyType]
    }

    private func lookup(name: String, keyType: String, keyBlob: [UInt8]) -> KnownHostsLookupResult {
        let forHost = entries.filter { $0.matches(name: name) }
        if let revoked = forHost.first(where: {
            $0.marker == .revoked && $0.keyType == keyType && $0.keyBlob == keyBlob
        }) {
            return .revoked(revoked.location)
        }
        let ordinary = forHost.filter { $0.marker == .none }
        if let known = ordinary.first(where: { $0.keyType == keyType && $0.keyBlob == keyBlob }) {
            return .match(known.location)
        }
        if let changed = ordinary.first(where: { $0.keyType == keyType }) {
            return .mismatch(changed.location, knownType: changed.keyType)
        }
        var otherTypes: [String] = []
        for entry in ordinary where !otherTypes.contains(entry.keyType) {
            otherTypes.append(entry.keyType)
        }
        return .notFound(otherKnownTypes: otherTypes)
    }
}

/// Standard base64 through Foundation, kept in one place.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
