import Foundation

/// Where a known_hosts entry came from, for messages such as
/// "Offending ED25519 key in /home/u/.ssh/known_hosts:3".
package struct KnownHostsLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file path as given when the file was read ("" for text not read from a file).
    package var file: String
    /// The 1-based line number.
    package var line: Int

    /// A location in `file` at `line`.
    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`, or `line N` when there is no file name.
    package var description: String { file.isEmpty ? "line \(line)" : "\(file):\(line)" }
}

/// One understood line of a known_hosts file:
/// `[@marker] hostnames keytype base64-key [comment]`.
package struct KnownHostsEntry: Sendable, Equatable {
    /// The optional marker in front of the host names.
    package enum Marker: String, Sendable, Equatable {
        /// An ordinary host key.
        case none = ""
        /// `@revoked`: this key must be refused for the hosts listed.
        case revoked = "@revoked"
        /// `@cert-authority`: a CA key for host certificates (not used for plain key matching).
        case certAuthority = "@cert-authority"
    }

    /// The host name field: a pattern list or a hashed name.
    package enum HostNames: Sendable, Equatable {
        /// A comma-separated list of patterns (`host`, `[host]:port`, `*`, `?`, `!negated`).
        case patterns(String)
        /// `|1|base64(salt)|base64(HMAC-SHA1(salt, name))`, as written by `HashKnownHosts`.
        case hashed(salt: [UInt8], hash: [UInt8])
    }

    /// The marker, `.none` for an ordinary entry.
    package var marker: Marker
    /// The host names this entry applies to.
    package var hostNames: HostNames
    /// The key type, e.g. `ssh-ed25519` or `ecdsa-sha2-nistp256`.
    package var keyType: String
    /// The decoded public key blob (SSH wire format).
    package var keyBlob: [UInt8]
    /// Whatever followed the key on the line, trimmed.
    package var comment: String
    /// The file and line the entry was read from.
    package var location: KnownHostsLocation

    /// An entry built from its parts.
    package init(
        marker: Marker = .none, hostNames: HostNames, keyType: String, keyBlob: [UInt8],
        comment: String = "", location: KnownHostsLocation
    ) {
        self.marker = marker
        self.hostNames = hostNames
        self.keyType = keyType
        self.keyBlob = keyBlob
        self.comment = comment
        self.location = location
    }

    /// What reading one line gave.
    package enum LineParse: Sendable, Equatable {
        /// A blank line or a `#` comment.
        case blankOrComment
        /// An entry.
        case entry(KnownHostsEntry)
        /// A line that is not understood (bad marker, truncated, bad base64, a key blob
        /// whose type does not match the key type field...). It is skipped; the rest of
        /// the file is still read.
        case notUnderstood
    }

    /// Parses one line (without its newline), following OpenSSH's hostkeys_foreach.
    package static func parse(line: Substring, location: KnownHostsLocation) -> LineParse {
        var fields = FieldScanner(line)
        guard let first = fields.next(), !first.startsWith("#") else { return .blankOrComment }
        var marker = Marker.none
        var hostField = first
        if first.startsWith("@") {
            // Exactly one marker is allowed, and it must be a known one.
            guard let known = Marker(rawValue: String(first)), known != .none,
                let next = fields.next(), !next.startsWith("@")
            else { return .notUnderstood }
            marker = known
            hostField = next
        }
        guard let typeField = fields.next(), !typeField.startsWith("#"),
            let blobField = fields.next(),
            let hostNames = parseHostNames(hostField),
            let blob = Data(base64Encoded: String(blobField)).map({ [UInt8]($0) }),
            SSHKeyBlob.typeName(of: blob) == String(typeField)
        else { return .notUnderstood }
        let entry = KnownHostsEntry(
            marker: marker, hostNames: hostNames, keyType: String(typeField), keyBlob: blob,
            comment: fields.rest.trimmingCharacters(in: .whitespaces), location: location)
        return .entry(entry)
    }

    /// Whether this entry applies to `name`, which is `host` for port 22 and `[host]:port`
    /// otherwise. Names compare case-insensitively (OpenSSH lower-cases before hashing).
    package func matches(name: String) -> Bool {
        Self.hostNames(hostNames, match: name)
    }

    /// Whether a host field applies to `name` (see `matches(name:)`).
    static func hostNames(_ hostNames: HostNames, match name: String) -> Bool {
        switch hostNames {
        case .patterns(let list):
            return HostPattern.matchHostname(name, patternList: list) == .matched
        case .hashed(let salt, let hash):
            return SHA1.hmac(key: salt, message: Array(name.lowercased().utf8)) == hash
        }
    }

    /// The host field, hashed or a pattern list; nil when it starts like a hash but is not a
    /// valid `|1|salt|hash` (OpenSSH rejects such a line).
    static func parseHostNames(_ field: Substring) -> HostNames? {
        guard field.startsWith("|") else { return .patterns(String(field)) }
        let parts = field.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "1",
            let salt = Data(base64Encoded: String(parts[2])), salt.count == SHA1.digestSize,
            let hash = Data(base64Encoded: String(parts[3])), hash.count == SHA1.digestSize
        else { return nil }
        return .hashed(salt: [UInt8](salt), hash: [UInt8](hash))
    }
}

/// Splits a line into space/tab separated fields, keeping access to the unsplit rest
/// (the comment after the key may itself contain spaces).
struct FieldScanner {
    private let text: Substring
    private var position: Substring.Index

    init(_ text: Substring) {
        self.text = text
        self.position = text.startIndex
    }

    /// Everything after the last field returned.
    var rest: Substring { Substring(text.unicodeScalars[position...]) }

    /// The next field. Fields are split at space and tab code points, not characters: a
    /// space followed by a combining mark is one character but still separates fields, as
    /// for OpenSSH, which reads bytes (and as the one-host fast path in `KnownHosts` does).
    mutating func next() -> Substring? {
        let scalars = text.unicodeScalars
        while position < scalars.endIndex, scalars[position] == " " || scalars[position] == "\t" {
            position = scalars.index(after: position)
        }
        guard position < scalars.endIndex else { return nil }
        let start = position
        while position < scalars.endIndex, scalars[position] != " ", scalars[position] != "\t" {
            position = scalars.index(after: position)
        }
        return Substring(scalars[start..<position])
    }
}

extension Substring {
    /// Whether the first code point is `prefix` (not the first character: `@` followed by a
    /// combining mark is still a marker line to OpenSSH, which reads bytes).
    func startsWith(_ prefix: Unicode.Scalar) -> Bool { unicodeScalars.first == prefix }
}

/// Reading the SSH wire format of a public key blob.
enum SSHKeyBlob {
    /// The key type name a blob starts with (an SSH `string`: 4-byte big-endian length,
    /// then the name), or nil if the blob is too short or the name is not printable ASCII.
    static func typeName(of blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = Int(blob[0]) << 24 | Int(blob[1]) << 16 | Int(blob[2]) << 8 | Int(blob[3])
        guard length > 0, length <= 64, blob.count >= 4 + length else { return nil }
        let nameBytes = blob[4..<(4 + length)]
        guard nameBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: nameBytes, as: UTF8.self)
    }
}
