import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// `Include` against real files in a temporary home directory. The expectations were
/// checked against OpenSSH 9.2's `ssh -G` on the same files.
struct SSHConfigIncludeTests {
    func context(home: String) -> SSHLocalContext {
        var context = SSHConfigTestSupport.context
        context.homeDirectory = home
        return context
    }

    func resolve(_ host: String, home: TemporaryDirectory, configFile: String? = nil) throws
        -> SSHSettings
    {
        try SSHConfigResolver.resolve(
            host: host, commandLine: SSHConfigValues(), configFile: configFile,
            context: context(home: home.path),
            systemConfigPath: home.path + "/no-system-config")
    }

    func makeHome() throws -> TemporaryDirectory {
        let home = try TemporaryDirectory()
        try home.write(
            """
            Host a
              Include conf.d/*.conf
            Host *
              User fromuser
            Host b
              Include conf.d/b.inc
            """, to: ".ssh/config")
        try home.write("Port 11\nHost zzz\n  User z\n", to: ".ssh/conf.d/1.conf")
        try home.write("IdentityFile ~/.ssh/second\n", to: ".ssh/conf.d/2.conf")
        try home.write("HostName bb\nPort 12\n", to: ".ssh/conf.d/b.inc")
        return home
    }

    @Test func includeInAnActiveBlockReadsTheGlobInOrder() throws {
        let home = try makeHome()
        defer { home.remove() }
        let settings = try resolve("a", home: home)
        #expect(settings.user == "fromuser")  // the Host zzz inside 1.conf ended only that file's block
        #expect(settings.port == 11)
        #expect(settings.identityFiles == [home.path + "/.ssh/second"])
    }

    @Test func includeInAnInactiveBlockNeverMatches() throws {
        let home = try makeHome()
        defer { home.remove() }
        let settings = try resolve("zzz", home: home)
        #expect(settings.user == "fromuser")
        #expect(settings.port == 22)
    }

    @Test func includeOfASingleRelativeFile() throws {
        let home = try makeHome()
        defer { home.remove() }
        let settings = try resolve("b", home: home)
        #expect(settings.hostName == "bb")
        #expect(settings.port == 12)
    }

    @Test func includeThatMatchesNothingIsANote() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write("Include ~/.ssh/none/*\nInclude /nonexistent/file\nPort 3\n", to: ".ssh/config")
        let settings = try resolve("h", home: home)
        #expect(settings.port == 3)
        #expect(settings.notes.count == 2)
        #expect(
            settings.notes[0].hasSuffix("line 1: Include \(home.path)/.ssh/none/* matched no files"))
    }

    @Test func includeLoopIsStopped() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write("Include config\n", to: ".ssh/config")
        #expect(throws: SSHConfigError.includeTooDeep(file: home.path + "/.ssh/config", line: 1)) {
            _ = try resolve("h", home: home)
        }
    }

    @Test func configFileOptionReplacesBothFiles() throws {
        let home = try makeHome()
        defer { home.remove() }
        try home.write("Port 4\n", to: "other_config")
        let settings = try resolve("a", home: home, configFile: home.path + "/other_config")
        #expect(settings.port == 4)
        #expect(settings.user == "alice")
        let none = try resolve("a", home: home, configFile: "none")
        #expect(none.port == 22)
        #expect(throws: SSHConfigError.cannotOpen(path: home.path + "/missing", reason: "no such file")) {
            _ = try resolve("a", home: home, configFile: home.path + "/missing")
        }
    }

    @Test func groupWritableUserConfigIsRefused() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write("Port 1\n", to: ".ssh/config")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o664], ofItemAtPath: home.path + "/.ssh/config")
        #expect(throws: SSHConfigError.badPermissions(path: home.path + "/.ssh/config")) {
            _ = try resolve("h", home: home)
        }
    }

    @Test func systemConfigComesAfterTheUserConfig() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try home.write("Port 1\n", to: ".ssh/config")
        try home.write("Port 2\nUser fromsystem\n", to: "ssh_config")
        let settings = try SSHConfigResolver.resolve(
            host: "h", commandLine: SSHConfigValues(), configFile: nil, context: context(home: home.path),
            systemConfigPath: home.path + "/ssh_config")
        #expect(settings.port == 1)
        #expect(settings.user == "fromsystem")
    }
}
