/// What known_hosts says about the host key a server presented.
package enum KnownHostsLookupResult: Sendable, Equatable {
    /// The key is known for this host (an ordinary entry with the same type and key).
    case match(KnownHostsLocation)
    /// The host key has CHANGED: an entry for this host has the same key type but another
    /// key. Always refuse, naming `location` (the offending line) in the warning.
    case mismatch(KnownHostsLocation, knownType: String)
    /// The key is listed as `@revoked` for this host. Always refuse.
    case revoked(KnownHostsLocation)
    /// No entry for this host has this key type. `otherKnownTypes` lists the key types that
    /// are known for the host (empty for a host never seen).
    ///
    /// OpenSSH 9.2 treats a host whose only known keys are of *other* types as a changed key
    /// (verified: `ssh -o HostKeyAlgorithms=ecdsa-sha2-nistp256` against a known ed25519 key
    /// prints "REMOTE HOST IDENTIFICATION HAS CHANGED"). rterm asks for its host key
    /// algorithms in the order of the known types, so this case means the server no longer
    /// offers any of them: the caller must at least warn, and should not treat it as an
    /// ordinary first connection.
    case notFound(otherKnownTypes: [String])
}
