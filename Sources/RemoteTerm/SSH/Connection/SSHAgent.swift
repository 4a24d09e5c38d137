import CSSH2

/// Owns a libssh2 agent connection (disconnected and freed on deinit) and offers its keys.
final class SSHAgent {
    private let raw: OpaquePointer
    private let session: SSHSession
    private var connected = false

    /// One key the agent holds.
    struct Identity {
        var blob: [UInt8]
        var comment: String
        var keyType: String
        fileprivate var pointer: UnsafeMutablePointer<libssh2_agent_publickey>
    }

    /// Connects to the agent at `socketPath`; nil (with a debug note) when it cannot.
    init?(session: SSHSession, socketPath: String) {
        guard let raw = libssh2_agent_init(session.raw) else { return nil }
        self.raw = raw
        self.session = session
        libssh2_agent_set_identity_path(raw, socketPath)
        guard libssh2_agent_connect(raw) == 0 else {
            session.log.debug("cannot connect to the agent at \(socketPath): \(session.lastError.message)")
            return nil
        }
        connected = true
    }

    deinit {
        if connected { libssh2_agent_disconnect(raw) }
        libssh2_agent_free(raw)
    }

    /// The agent's keys, in its order.
    func identities() -> [Identity] {
        guard libssh2_agent_list_identities(raw) == 0 else {
            session.log.debug("cannot list the agent's keys: \(session.lastError.message)")
            return []
        }
        var result: [Identity] = []
        var previous: UnsafeMutablePointer<libssh2_agent_publickey>?
        while true {
            var next: UnsafeMutablePointer<libssh2_agent_publickey>?
            guard libssh2_agent_get_identity(raw, &next, previous) == 0, let identity = next else { break }
            let key = identity.pointee
            let blob = key.blob.map { Array(UnsafeBufferPointer(start: $0, count: key.blob_len)) } ?? []
            result.append(
                Identity(
                    blob: blob, comment: key.comment.map { String(cString: $0) } ?? "",
                    keyType: SSHKeyBlob.typeName(of: blob) ?? "?", pointer: identity))
            previous = identity
        }
        return result
    }

    /// Offers one key; the libssh2 result code (0: logged in).
    func authenticate(user: String, with identity: Identity) throws(SSHError) -> Int32 {
        try session.perform("authentication") { libssh2_agent_userauth(raw, user, identity.pointer) }
    }
}
