import Foundation
import CSSH2
import Testing

@testable import RemoteTermFront

#if canImport(Glibc)
    import Glibc
#endif

/// Reader mode's local terminal on a pseudo-terminal of the test's own, not on standard
/// input: raw while it runs, given back on suspend (`~^Z`) and restore, raw again on resume,
/// always on the terminal it was made for.
@Suite struct ReaderScreenTests {
    /// A new pseudo-terminal: its master and its slave (the terminal a program reads).
    static func pseudoTerminal() throws -> (master: Int32, slave: Int32) {
        // posix_openpt and its kin are behind _XOPEN_SOURCE: the C shim's, as rterm opens one.
        var name = [CChar](repeating: 0, count: 256)
        let master = rterm_open_pty_master(&name, name.count)
        try #require(master >= 0)
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(path, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        return (master, slave)
    }

    /// Whether `descriptor`'s terminal reads keys one by one (canonical mode off).
    static func isRaw(_ descriptor: Int32) -> Bool {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON) == 0
    }

    @Test func resumeMakesItsOwnInputRawAgainNotStandardInput() throws {
        let terminal = try Self.pseudoTerminal()
        defer {
            close(terminal.slave)
            close(terminal.master)
        }
        #expect(!Self.isRaw(terminal.slave))
        let screen = try #require(ReaderScreen(input: terminal.slave, output: terminal.slave))
        #expect(Self.isRaw(terminal.slave))
        screen.suspend()
        #expect(!Self.isRaw(terminal.slave), "given back while rterm is stopped")
        screen.resume()
        #expect(Self.isRaw(terminal.slave), "raw again on resume")
        screen.restore()
        #expect(!Self.isRaw(terminal.slave))
    }
}
