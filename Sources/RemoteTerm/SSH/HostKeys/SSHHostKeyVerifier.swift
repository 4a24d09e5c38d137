/// Checks the host key a server presented against known_hosts, before any authentication
/// (libssh2 itself never checks: pitfall 5), and applies StrictHostKeyChecking the way
/// OpenSSH does. A changed, revoked or type-changed key is always refused, with a warning
/// naming the known_hosts file and line.
struct SSHHostKeyVerifier {
    /// The server being checked.
    var endpoint: SSHEndpoint
    /// The parsed known_hosts files (user files, then the global ones).
    var knownHosts: KnownHosts
    /// Where a newly accepted key is appended (the first UserKnownHostsFile), nil for none.
    var appendPath: String?
    var policy: StrictHostKeyChecking
    var prompter: SSHPrompter
    var log: SSHLog

    /// Accepts the key or throws why not; may ask the user and append to known_hosts.
    func verify(keyType: String, keyBlob: [UInt8]) throws(SSHError) {
        let fingerprint = SSHFingerprint.sha256(ofKeyBlob: keyBlob)
        let kind = SSHFingerprint.displayName(ofKeyType: keyType)
        let name = endpoint.knownHostsName
        log.debug("Server host key: \(keyType) \(fingerprint)")
        switch knownHosts.lookup(host: endpoint.host, port: endpoint.port, keyType: keyType, keyBlob: keyBlob) {
        case .match(let location):
            log.debug("Host '\(name)' is known and matches the \(kind) host key.")
            log.debug("Found key in \(location)")
        case .revoked(let location):
            log.warn("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@")
            log.warn("@       WARNING: REVOKED HOST KEY DETECTED!               @")
            log.warn("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@")
            log.warn("The \(kind) host key for \(name) is marked as revoked in \(location).")
            throw SSHError.hostKeyRevoked(endpoint, keyType: keyType, fingerprint: fingerprint, location: location)
        case .mismatch(let location, _):
            warnChanged(kind: kind, fingerprint: fingerprint, location: "\(location)")
            throw SSHError.hostKeyChanged(endpoint, keyType: keyType, fingerprint: fingerprint, location: location)
        case .notFound(let otherTypes) where !otherTypes.isEmpty:
            // OpenSSH treats "only other key types are known" as a changed key too.
            let known = otherTypes.map(SSHFingerprint.displayName(ofKeyType:)).joined(separator: ", ")
            warnChanged(kind: kind, fingerprint: fingerprint, location: "(known types: \(known))")
            throw SSHError.hostKeyTypeChanged(
                endpoint, keyType: keyType, fingerprint: fingerprint, knownTypes: otherTypes)
        case .notFound:
            try acceptUnknown(keyType: keyType, keyBlob: keyBlob, kind: kind, fingerprint: fingerprint)
        }
    }

    private func warnChanged(kind: String, fingerprint: String, location: String) {
        log.warn("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@")
        log.warn("@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @")
        log.warn("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@")
        log.warn("IT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!")
        log.warn("The \(kind) key sent by \(endpoint.knownHostsName) is \(fingerprint).")
        log.warn("Offending key in \(location)")
        log.warn("rterm sent no credentials and will not connect.")
    }

    private func acceptUnknown(keyType: String, keyBlob: [UInt8], kind: String, fingerprint: String)
        throws(SSHError)
    {
        let name = endpoint.knownHostsName
        switch policy {
        case .yes:
            throw SSHError.hostKeyUnknown(
                endpoint, keyType: keyType, fingerprint: fingerprint, policy: "StrictHostKeyChecking is yes")
        case .ask:
            guard prompter.canAsk else {
                throw SSHError.hostKeyUnknown(
                    endpoint, keyType: keyType, fingerprint: fingerprint,
                    policy: "there is no terminal to ask on (or BatchMode is set)")
            }
            var question = """
                The authenticity of host '\(name) (\(endpoint.host))' can't be established.
                \(kind) key fingerprint is \(fingerprint).
                This key is not known by any other names.
                Are you sure you want to continue connecting (yes/no/[fingerprint])?\u{20}
                """
            var accepted = false
            for _ in 0..<3 {
                guard let answer = prompter.confirm(question) else {
                    throw SSHError.hostKeyNotAccepted(endpoint, reason: "no answer to the host key question")
                }
                let trimmed = answer.trimmingWhitespace
                if trimmed.isEmpty || trimmed.lowercased() == "no" {
                    throw SSHError.hostKeyNotAccepted(endpoint, reason: "the key was not accepted")
                }
                if trimmed.lowercased() == "yes" || trimmed == fingerprint {
                    accepted = true
                    break
                }
                question = "Please type 'yes', 'no' or the fingerprint: "
            }
            guard accepted else {
                throw SSHError.hostKeyNotAccepted(endpoint, reason: "the key was not accepted")
            }
        case .acceptNew, .no:
            break
        }
        record(keyType: keyType, keyBlob: keyBlob, kind: kind)
    }

    /// Appends the key; failing to record it is a warning, as in OpenSSH.
    private func record(keyType: String, keyBlob: [UInt8], kind: String) {
        guard let appendPath else {
            log.warn("Warning: the \(kind) host key of \(endpoint.knownHostsName) was accepted but not recorded "
                + "(UserKnownHostsFile is none).")
            return
        }
        let line = KnownHosts.appendEntry(
            host: endpoint.host, port: endpoint.port, keyType: keyType, keyBlob: keyBlob)
        do {
            try KnownHostsFile.append(line: line, to: appendPath)
            log.warn("Warning: Permanently added '\(endpoint.knownHostsName)' (\(kind)) to the list of known hosts.")
        } catch {
            log.warn("\(error)")
        }
    }
}
