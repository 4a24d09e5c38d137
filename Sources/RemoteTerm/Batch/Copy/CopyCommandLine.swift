/// `rterm cp [-r] [-a] [-p] [-q] [ssh options] SOURCE… TARGET`, read as scp reads its
/// arguments: one side remote (`[user@]host:path`), the other local; `-P` is the port (`-p`
/// keeps times and modes, as in scp); `-F`, `-i`, `-J`, `-o`, `-c`, `-v`, `-C`, `-4`, `-6`
/// and `-B` (batch mode) mean what they mean to ssh.
package struct CopyCommandLine: Equatable, Sendable {
    package enum Direction: Equatable, Sendable { case upload, download }

    /// `-r`: directories, their files, links and modes.
    package var recursive = false
    /// `-a`: a file already partly there is completed, once its last part matches the source.
    package var resume = false
    /// `-p`: modification and access times and modes kept.
    package var preserve = false
    /// `-q`: no progress line.
    package var quiet = false
    /// The options for the connection, as ssh words.
    package var sshOptions: [String] = []
    package var sources: [CopyLocation] = []
    package var target = CopyLocation.local("")

    package static let usage =
        "usage: rterm cp [-r] [-a] [-p] [-q] [-v] [-P port] [-i identity] [-F config] [-J jump] [-o option] "
        + "SOURCE... TARGET"

    /// `rterm cp --help`: every option, both forms, in 80 columns.
    package static let help = """
        usage: rterm cp [options] SOURCE... [user@]host:TARGET      (upload)
               rterm cp [options] [user@]host:SOURCE... TARGET      (download)
               rterm cp --hosts FILE [-j N] [--failed-hosts FILE] [options]
                        SOURCE... :TARGET           (upload to every host; %h: its name)

        Copies files over SFTP, as scp does, connecting as rterm host does (config,
        jump hosts, host keys, agent and keys; a password asked on the terminal).

          -r          directories, their files, links and modes
          -a          complete a file already partly there (resume an interrupted copy)
          -p          keep modification and access times and modes
          -q          no progress line
          -P PORT     the port to connect to (-p keeps times, as in scp)
          -i FILE     identity file          -F FILE   ssh config file
          -J HOST     jump host              -o OPTION an ssh option (-o Port=2222)
          -c CIPHER   cipher    -v verbose   -C compress   -4 / -6   -B batch mode
          --hosts FILE         upload to every host of FILE, one per line
                               ([ssh options] [user@]host, as rterm --hosts reads)
          -j N                 that many hosts at a time (10)
          --failed-hosts FILE  the hosts whose copy failed, one per line

        Exit status: 0; 1 when a file failed; 2 for a usage mistake; 255 when the
        connection failed. See docs/files.md.
        """

    /// Which way the files go: to the remote host, or from it.
    package var direction: Direction { target.isRemote ? .upload : .download }

    /// The remote side's `[user@]host`, as ssh's destination word.
    package var destination: String {
        let remote = target.isRemote ? target : sources.first ?? target
        guard case .remote(let user, let host, _) = remote else { return "" }
        let name = host.contains(":") ? "[\(host)]" : host
        return user.map { "\($0)@\(name)" } ?? name
    }

    /// The words of the connection, as `rterm host` takes them: the options, then the host
    /// (`-T`: an SFTP channel gets no pseudo-terminal).
    package var sshWords: [String] { sshOptions + ["-T", destination] }

    package init() {}

    /// Parses the words after `rterm cp`; a mistake is one line that ends with the usage.
    package static func parse(_ arguments: [String]) throws(CopyUsageError) -> CopyCommandLine {
        var line = CopyCommandLine()
        var operands: [String] = []
        var index = 0
        let withValue: [Character: String] = ["F": "-F", "i": "-i", "J": "-J", "o": "-o", "P": "-p", "c": "-c"]
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                operands += arguments[index...]
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                operands.append(word)
                continue
            }
            var letters = Substring(word.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                switch letter {
                case "r": line.recursive = true
                case "a": line.resume = true
                case "p": line.preserve = true
                case "q": line.quiet = true
                case "v", "C", "4", "6": line.sshOptions.append("-\(letter)")
                case "B": line.sshOptions += ["-o", "BatchMode=yes"]
                default:
                    guard let sshOption = withValue[letter] else {
                        throw CopyUsageError("rterm cp: unknown option -\(letter)")
                    }
                    var value = String(letters)
                    letters = ""
                    if value.isEmpty {
                        guard index < arguments.count else { throw CopyUsageError("rterm cp: -\(letter) needs a value") }
                        value = arguments[index]
                        index += 1
                    }
                    line.sshOptions += [sshOption, value]
                }
            }
        }
        guard operands.count >= 2 else { throw CopyUsageError("rterm cp: give at least one SOURCE and a TARGET") }
        line.sources = operands.dropLast().map(CopyLocation.init)
        line.target = CopyLocation(operands[operands.count - 1])
        if line.destination.hasPrefix("-") { throw CopyUsageError("rterm cp: '\(line.destination)' is not a host name") }
        let remoteSources = line.sources.filter(\.isRemote)
        if line.target.isRemote {
            guard remoteSources.isEmpty else {
                throw CopyUsageError(
                    "rterm cp: both sides are remote; copies between two hosts go through this machine: download, then upload")
            }
        } else {
            guard !remoteSources.isEmpty else {
                throw CopyUsageError("rterm cp: no remote side: write one side as [user@]host:path")
            }
            guard remoteSources.count == line.sources.count else {
                throw CopyUsageError("rterm cp: the sources mix local and remote paths: copy one way at a time")
            }
            let hosts = Set(remoteSources.map { CopyCommandLine(sourcesOf: $0).destination })
            guard hosts.count == 1 else {
                throw CopyUsageError("rterm cp: the sources are on more than one host: copy from one host at a time")
            }
        }
        return line
    }

    private init(sourcesOf location: CopyLocation) {
        self.sources = [location]
    }
}

/// A mistake on `rterm cp`'s command line (exit status 2).
package struct CopyUsageError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message + "\n" + CopyCommandLine.usage }
}
