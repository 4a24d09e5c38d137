import Foundation

/// What can be learned from a private key file without its passphrase: the key type, the
/// public key (from `FILE.pub`, or from the unencrypted header of an OpenSSH-format key),
/// and whether it is encrypted. Lets rterm skip keys the agent already offered, ask for a
/// passphrase only for keys the server would accept, and recognise RSA keys.
struct SSHPrivateKeyFile: Equatable {
    /// The key file path.
    var path: String
    /// The `.pub` next to it, when it exists (libssh2 then needs no passphrase to offer it).
    var publicKeyPath: String?
    /// The key type (`ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`), nil when unknown.
    var keyType: String?
    /// The public key blob, nil when unknown.
    var publicBlob: [UInt8]?
    /// Whether the private key needs a passphrase.
    var isEncrypted: Bool

    /// Inspects `path`; nil when it cannot be read.
    static func inspect(path: String) -> SSHPrivateKeyFile? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var file = SSHPrivateKeyFile(path: path, publicKeyPath: nil, keyType: nil, publicBlob: nil, isEncrypted: false)
        if let header = pemBody(text, label: "OPENSSH PRIVATE KEY") {
            file.readOpenSSHHeader(header)
        } else if text.contains("-----BEGIN RSA PRIVATE KEY-----") {
            file.keyType = "ssh-rsa"
            file.isEncrypted = text.contains("ENCRYPTED")
        } else if text.contains("-----BEGIN EC PRIVATE KEY-----") {
            file.keyType = "ecdsa"
            file.isEncrypted = text.contains("ENCRYPTED")
        } else if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
            file.isEncrypted = true
        }
        let publicPath = path + ".pub"
        if let publicData = FileManager.default.contents(atPath: publicPath) {
            let fields = String(decoding: publicData, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            if fields.count >= 2, let blob = Data(base64Encoded: String(fields[1])),
                SSHKeyBlob.typeName(of: [UInt8](blob)) == String(fields[0])
            {
                file.publicKeyPath = publicPath
                file.publicBlob = [UInt8](blob)
                file.keyType = String(fields[0])
            }
        }
        return file
    }

    /// Whether this is an RSA key (which libssh2 1.10 can only sign with SHA-1).
    var isRSA: Bool { keyType == "ssh-rsa" }

    /// `openssh-key-v1\0`, cipher name, kdf name, kdf options, key count, first public key.
    private mutating func readOpenSSHHeader(_ bytes: [UInt8]) {
        let magic = Array("openssh-key-v1".utf8) + [0]
        guard bytes.starts(with: magic) else { return }
        var reader = WireReader(bytes: bytes, offset: magic.count)
        guard let cipher = reader.string(), reader.string() != nil, reader.string() != nil,
            let count = reader.uint32(), count >= 1, let blob = reader.string()
        else { return }
        isEncrypted = cipher != Array("none".utf8)
        publicBlob = blob
        keyType = SSHKeyBlob.typeName(of: blob)
    }

    private static func pemBody(_ text: String, label: String) -> [UInt8]? {
        guard let begin = text.range(of: "-----BEGIN \(label)-----"),
            let end = text.range(of: "-----END \(label)-----", range: begin.upperBound..<text.endIndex)
        else { return nil }
        let body = text[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace }
        return Data(base64Encoded: String(body)).map { [UInt8]($0) }
    }

    /// Reads SSH wire-format fields.
    private struct WireReader {
        var bytes: [UInt8]
        var offset: Int

        mutating func uint32() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            let value = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            offset += 4
            return value
        }

        mutating func string() -> [UInt8]? {
            guard let length = uint32(), offset + Int(length) <= bytes.count else { return nil }
            let value = Array(bytes[offset..<offset + Int(length)])
            offset += Int(length)
            return value
        }
    }
}
