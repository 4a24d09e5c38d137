import RemoteTerm

/// The text of `rterm -h`.
enum Help {
    static let text = """
        \(SSHCommandLine.usage)

        Other forms:
          rterm [options] --local [options] [-- command [args ...]]
                    run your shell or a command on a local pty (options, in any
                    order: the bar's, --reader, --predict, -e, -n, -t, -v, -E, -q)
          rterm --hosts FILE [ssh options]
                    one session per line of FILE in one screen: ~n ~p ~1..~9 switch,
                    ~c opens another
          rterm [ssh options] --hosts FILE [options] COMMAND
                    COMMAND on every host of FILE from one process: -j N at once (32),
                    --merge, --failed-hosts F, --junit F, --tap, --shard K/N|auto
                    (docs/fleet.md)
          rterm render [options] [FILE|-]
                    replay bytes through the terminal engine (rterm render --help)
          rterm script FILE [options] -- TARGET
                    run a smoke-test script (rterm script --help, docs/script-format.md)
          rterm record FILE [--] TARGET
                    use the session as usual while FILE gets a script that replays it
          rterm mcp [ssh options]
                    let agents drive sessions: an MCP server on stdio (docs/mcp.md)
          rterm cp [-r] [-a] [-p] [-q] [ssh options] SOURCE... TARGET
                    copy files over SFTP, scp's way ([user@]host:path on one side)
          rterm report merge REPORT.xml ...
                    one summary of a sharded run's JUnit reports

        A login shell reconnects when the link drops: the screen stays, the bar says
        what is tried and offers [Reconnect now] and [Quit]; ~. quits. With --resume
        NAME the shell runs in tmux session NAME on the server, so a reconnect lands
        in the same shell.

        Exit status: the remote command's status; 255 when the connection, host key
        check or authentication fails (one 'rterm:' line says why) or the remote
        command was killed by a signal; 2 for a usage error. See docs/ssh.md and
        rterm(1).
        """
}
