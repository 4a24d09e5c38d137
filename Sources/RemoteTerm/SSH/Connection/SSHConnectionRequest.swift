/// Everything `SSHTransport.connect` needs: the resolved settings of the destination and
/// of each jump host, what to run, and whether to ask for a pseudo-terminal.
package struct SSHConnectionRequest: Sendable {
    /// The destination's settings.
    package var destination: SSHSettings
    /// The jump hosts' settings, the first connected to first (empty: direct).
    package var jumpHosts: [SSHSettings]
    /// The remote command, nil for a login shell.
    package var command: String?
    /// The pseudo-terminal to request, nil for none.
    package var terminal: SSHTerminalRequest?
    /// The local environment: `SendEnv` values and `SSH_AUTH_SOCK` come from here.
    package var environment: [String: String]
    /// How to ask the user for secrets and host key confirmations.
    package var prompter: SSHPrompter

    /// A request.
    package init(
        destination: SSHSettings, jumpHosts: [SSHSettings] = [], command: String?,
        terminal: SSHTerminalRequest?, environment: [String: String], prompter: SSHPrompter
    ) {
        self.destination = destination
        self.jumpHosts = jumpHosts
        self.command = command
        self.terminal = terminal
        self.environment = environment
        self.prompter = prompter
    }

    /// How long rterm waits for any one answer from a server when ConnectTimeout is not
    /// set. OpenSSH waits for the TCP timeout; rterm prefers a bounded wait so that a peer
    /// that accepts and then says nothing cannot hang it.
    package static let defaultAnswerTimeout = 60
}

/// The pseudo-terminal asked for: its type and exact size.
package struct SSHTerminalRequest: Sendable, Equatable {
    /// `TERM` for the remote side; rterm's engine emulates xterm-256color.
    package var term: String
    /// Rows.
    package var rows: Int
    /// Columns.
    package var columns: Int

    /// A request for a `term` terminal of `rows` x `columns`.
    package init(term: String = "xterm-256color", rows: Int, columns: Int) {
        self.term = term
        self.rows = rows
        self.columns = columns
    }
}
