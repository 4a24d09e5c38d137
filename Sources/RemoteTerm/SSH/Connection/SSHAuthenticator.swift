import CSSH2
import Foundation
import RemoteTermEngine

/// Logs in, in OpenSSH's order: public keys (the agent's, then identity files), then
/// keyboard-interactive, then password; each only if the server offers it and
/// `PreferredAuthentications` allows it. Secrets are asked for without echo, a key's
/// passphrase only once and only when the server would accept that key, and never logged.
struct SSHAuthenticator {
    var session: SSHSession
    var user: String
    var identityFiles: [String]
    /// Whether `identityFiles` are the defaults (a missing default is not worth a warning).
    var identityFilesAreDefaults: Bool
    var identitiesOnly: Bool
    /// The agent socket, nil for no agent.
    var agentSocket: String?
    /// The methods in the order to try them.
    var preferredMethods: [String]
    var prompter: SSHPrompter
    var log: SSHLog

    /// OpenSSH's default PreferredAuthentications, minus what libssh2 cannot do.
    static let defaultMethods = ["publickey", "keyboard-interactive", "password"]
    /// OpenSSH's NumberOfPasswordPrompts, shared by keyboard-interactive and password here
    /// so that a wrong password costs at most three server-side delays.
    static let secretAttempts = 3
    /// The most of one keyboard-interactive text (name, instruction, prompt) shown, in bytes.
    static let serverTextLimit = 4096

    private var endpoint: SSHEndpoint { session.endpoint }

    /// Authenticates or throws `.authenticationFailed` (or a connection error).
    func authenticate() throws(SSHError) {
        let list = try session.performReturningPointer("authentication") {
            libssh2_userauth_list(session.raw, user, UInt32(user.utf8.count))
        }
        if libssh2_userauth_authenticated(session.raw) == 1 {
            log.debug("Authenticated to \(endpoint) with no credentials (\"none\").")
            return
        }
        guard let list else {
            throw session.failure("authentication", code: session.lastError.code)
        }
        let offered = String(cString: list).split(separator: ",").map(String.init)
        log.debug("Authentications that can continue: \(offered.joined(separator: ","))")
        var state = State()
        for method in preferredMethods where offered.contains(method) {
            // Without a terminal or askpass, a password round would only cost the server's
            // failure delay.
            if method != "publickey", !prompter.canAsk || state.secretsAsked >= Self.secretAttempts { continue }
            state.tried.append(method)
            let done: Bool
            switch method {
            case "publickey": done = try publicKeys(&state)
            case "keyboard-interactive": done = try keyboardInteractive(&state)
            case "password": done = try password(&state)
            default: done = false
            }
            if done {
                log.debug("Authenticated to \(endpoint) using \"\(method)\".")
                return
            }
        }
        throw SSHError.authenticationFailed(endpoint, tried: state.tried, rsaKeys: state.refusedRSAKeys)
    }

    private struct State {
        var tried: [String] = []
        var refusedRSAKeys: [String] = []
        var offeredBlobs: [[UInt8]] = []
        var secretsAsked = 0
    }

    // MARK: - Public keys

    private func publicKeys(_ state: inout State) throws(SSHError) -> Bool {
        let files = identityFiles.compactMap { path -> SSHPrivateKeyFile? in
            guard let file = SSHPrivateKeyFile.inspect(path: path) else {
                if !identityFilesAreDefaults {
                    log.warn("Warning: Identity file \(path) not accessible: No such file or directory.")
                }
                return nil
            }
            return file
        }
        if let agentSocket, let agent = SSHAgent(session: session, socketPath: agentSocket) {
            let fileBlobs = files.compactMap(\.publicBlob)
            for identity in agent.identities() {
                if identitiesOnly, !fileBlobs.contains(identity.blob) { continue }
                log.debug("Offering public key: \(identity.comment) \(identity.keyType) (agent)")
                state.offeredBlobs.append(identity.blob)
                let result = try agent.authenticate(user: user, with: identity)
                if result == 0 { return true }
                try checkStillConnected(result)
                if identity.keyType == "ssh-rsa", !SSHLibrary.signsRSAWithSHA2 {
                    state.refusedRSAKeys.append("\(identity.comment) (in the agent)")
                }
                log.debug("Server refused the key (\(result)).")
            }
        } else if agentSocket != nil {
            log.debug("no agent available")
        }
        for file in files {
            if let blob = file.publicBlob, state.offeredBlobs.contains(blob) { continue }
            if let blob = file.publicBlob { state.offeredBlobs.append(blob) }
            log.debug("Offering public key: \(file.path) \(file.keyType ?? "")")
            if try offer(file, state: &state) { return true }
        }
        return false
    }

    /// Offers one key file. An encrypted key with a known public key is first offered with
    /// no passphrase: libssh2 then asks the server about the public key alone, and only if
    /// the server would accept it does signing fail (-19) and the passphrase get asked.
    private func offer(_ file: SSHPrivateKeyFile, state: inout State) throws(SSHError) -> Bool {
        var passphrase: String?
        if file.isEncrypted {
            if file.publicKeyPath != nil {
                let probe = try offerFile(file, passphrase: "")
                if probe == 0 { return true }
                try checkStillConnected(probe)
                guard probe == LIBSSH2_ERROR_PUBLICKEY_UNVERIFIED else {
                    log.debug("Server refused the key.")
                    noteRSA(file, state: &state)
                    return false
                }
            }
            guard let answer = prompter.ask("Enter passphrase for key '\(file.path)': ", echo: false) else {
                log.debug("no passphrase given for \(file.path)")
                return false
            }
            session.context.promptFinished = .now
            passphrase = answer
        }
        let result = try offerFile(file, passphrase: passphrase)
        if result == 0 { return true }
        try checkStillConnected(result)
        if file.isEncrypted, result == LIBSSH2_ERROR_PUBLICKEY_UNVERIFIED || result == LIBSSH2_ERROR_FILE {
            log.warn("rterm: wrong passphrase for \(file.path), or a key format libssh2 cannot read")
        } else {
            log.debug("Server refused the key (\(result): \(session.lastError.message)).")
            noteRSA(file, state: &state)
        }
        return false
    }

    private func noteRSA(_ file: SSHPrivateKeyFile, state: inout State) {
        if file.isRSA, !SSHLibrary.signsRSAWithSHA2 { state.refusedRSAKeys.append(file.path) }
    }

    private func offerFile(_ file: SSHPrivateKeyFile, passphrase: String?) throws(SSHError) -> Int32 {
        try session.perform("authentication") {
            libssh2_userauth_publickey_fromfile_ex(
                session.raw, user, UInt32(user.utf8.count), file.publicKeyPath, file.path, passphrase)
        }
    }

    /// A dropped connection during authentication is reported as such, not as a refusal.
    private func checkStillConnected(_ result: Int32) throws(SSHError) {
        switch result {
        case LIBSSH2_ERROR_SOCKET_DISCONNECT, LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_SEND,
            LIBSSH2_ERROR_SOCKET_NONE, LIBSSH2_ERROR_BAD_SOCKET, LIBSSH2_ERROR_TIMEOUT,
            LIBSSH2_ERROR_SOCKET_TIMEOUT:
            throw session.failure("authentication", code: result)
        default:
            return
        }
    }

    // MARK: - Keyboard-interactive and password

    private func keyboardInteractive(_ state: inout State) throws(SSHError) -> Bool {
        let prompter = self.prompter
        let context = session.context
        context.keyboardInteractive = { round in
            // PAM's final round has no prompts (pitfall 10): answer it without asking.
            var answers: [String] = []
            let header = [round.name, round.instruction].filter { !$0.isEmpty }.joined(separator: "\n")
            for (index, prompt) in round.prompts.enumerated() {
                let text = index == 0 && !header.isEmpty ? header + "\n" + prompt.text : prompt.text
                guard let answer = prompter.ask(text, echo: prompt.echo) else { return nil }
                answers.append(answer)
            }
            return answers
        }
        defer { context.keyboardInteractive = nil }
        let callback: @convention(c) (
            UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32, Int32,
            UnsafePointer<LIBSSH2_USERAUTH_KBDINT_PROMPT>?, UnsafeMutablePointer<LIBSSH2_USERAUTH_KBDINT_RESPONSE>?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Void = { name, nameLength, instruction, instructionLength, count, prompts, responses, abstract in
            guard let pointer = abstract?.pointee else { return }
            let context = Unmanaged<SSHSessionContext>.fromOpaque(pointer).takeUnretainedValue()
            // The server chose every word of these: made inert before anyone prints them
            // (an escape in an instruction must not make the user's terminal answer into the
            // password being typed).
            func text(_ bytes: UnsafePointer<CChar>?, _ length: Int, keepingNewlines: Bool = false) -> String {
                guard let bytes, length > 0 else { return "" }
                return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
                    InertText.make(
                        bytes: UnsafeBufferPointer(start: $0, count: min(length, Self.serverTextLimit)),
                        keepingNewlines: keepingNewlines)
                }
            }
            var round = SSHKeyboardInteractiveRound(
                name: text(name, Int(nameLength)),
                instruction: text(instruction, Int(instructionLength), keepingNewlines: true), prompts: [])
            for index in 0..<Int(max(count, 0)) {
                guard let prompt = prompts?[index] else { continue }
                round.prompts.append(
                    (text(UnsafeRawPointer(prompt.text)?.assumingMemoryBound(to: CChar.self), Int(prompt.length)),
                     prompt.echo != 0))
            }
            let answers = context.keyboardInteractive?(round)
            if round.prompts.isEmpty { return }
            context.promptFinished = .now
            guard let answers else {
                context.unansweredRounds += 1
                return
            }
            // libssh2 frees the answers with free(): they must come from malloc (strdup).
            for (index, answer) in answers.enumerated() where index < Int(count) {
                responses?[index].text = strdup(answer)
                responses?[index].length = UInt32(answer.utf8.count)
            }
        }
        while state.secretsAsked < Self.secretAttempts {
            if state.secretsAsked > 0 { prompter.notify("Permission denied, please try again.") }
            let unansweredBefore = context.unansweredRounds
            state.secretsAsked += 1
            let result = try session.perform("authentication") {
                libssh2_userauth_keyboard_interactive_ex(session.raw, user, UInt32(user.utf8.count), callback)
            }
            if result == 0 { return true }
            try checkStillConnected(result)
            if context.unansweredRounds > unansweredBefore {
                log.debug("keyboard-interactive: no one to ask")
                state.secretsAsked -= 1
                return false
            }
        }
        return false
    }

    private func password(_ state: inout State) throws(SSHError) -> Bool {
        while state.secretsAsked < Self.secretAttempts {
            if state.secretsAsked > 0 { prompter.notify("Permission denied, please try again.") }
            guard let secret = prompter.ask("\(user)@\(endpoint.host)'s password: ", echo: false) else {
                log.debug("password: no one to ask")
                return false
            }
            state.secretsAsked += 1
            session.context.promptFinished = .now
            let result = try session.perform("authentication") {
                libssh2_userauth_password_ex(
                    session.raw, user, UInt32(user.utf8.count), secret, UInt32(secret.utf8.count), nil)
            }
            if result == 0 { return true }
            try checkStillConnected(result)
            if result == LIBSSH2_ERROR_PASSWORD_EXPIRED {
                log.warn("rterm: the password of \(user)@\(endpoint.host) has expired; change it with ssh or passwd")
                return false
            }
        }
        return false
    }
}
