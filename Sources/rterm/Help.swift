import RemoteTerm

/// The text of `rterm -h`.
enum Help {
    static let text = """
        \(SSHCommandLine.usage)

        Other forms:
          rterm --local [-- command [args ...]]   run your shell or a command on a local pty
          rterm render [options] [FILE|-]          replay bytes through the terminal engine
                                                   (rterm render --help)

        Exit status: the remote command's status; 255 when the connection, host key check or
        authentication fails (one 'rterm:' line says why) or the remote command was killed by
        a signal; 2 for a usage error. See docs/ssh.md and rterm(1).
        """
}
