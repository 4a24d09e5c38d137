import Foundation
import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Checks the known_hosts code against the files `Scripts/test-sshd start DIR` writes for the
/// integration suite's server (keys from a real sshd, lines written and hashed by OpenSSH's
/// tools). Needs no connection.
extension SSHIntegrationTests {
@Suite struct TestSSHDKnownHostsTests {
    let directory: String

    init() throws {
        directory = try #require(TestSSHD.current, "the test sshd is not running").directory
    }

    func environmentValue(_ name: String) throws -> String {
        try #require(TestSSHD.current)[name]
    }

    func hostKey(_ type: String) throws -> (type: String, blob: [UInt8]) {
        let text = try String(
            contentsOfFile: directory + "/hostkeys/ssh_host_\(type)_key.pub", encoding: .utf8)
        let fields = text.split(separator: " ")
        let blob = try #require(Data(base64Encoded: String(fields[1])))
        return (String(fields[0]), [UInt8](blob))
    }

    @Test func plainHashedAndWrongFiles() throws {
        let port = try #require(Int(try environmentValue("PORT")))
        let key = try hostKey("ed25519")
        for file in ["known_hosts", "known_hosts_hashed"] {
            let (knownHosts, _) = KnownHostsFile.load(paths: [directory + "/" + file])
            let result = knownHosts.lookup(
                host: "127.0.0.1", port: port, keyType: key.type, keyBlob: key.blob)
            guard case .match = result else {
                Issue.record("\(file): expected a match, got \(result)")
                continue
            }
        }
        let (wrong, _) = KnownHostsFile.load(paths: [directory + "/known_hosts_wrong"])
        #expect(
            wrong.lookup(host: "127.0.0.1", port: port, keyType: key.type, keyBlob: key.blob)
                == .mismatch(
                    KnownHostsLocation(file: directory + "/known_hosts_wrong", line: 1),
                    knownType: "ssh-ed25519"))
        // The server also has an ecdsa key; known_hosts only holds ed25519, which must come first.
        let ecdsa = try hostKey("ecdsa")
        let (plain, _) = KnownHostsFile.load(paths: [directory + "/known_hosts"])
        #expect(
            plain.lookup(host: "127.0.0.1", port: port, keyType: ecdsa.type, keyBlob: ecdsa.blob)
                == .notFound(otherKnownTypes: ["ssh-ed25519"]))
        #expect(
            plain.preferredHostKeyAlgorithms(host: "127.0.0.1", port: port).hasPrefix("ssh-ed25519,"))
    }

    @Test func fingerprintMatchesSSHKeygen() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        process.arguments = [
            "-l", "-E", "sha256", "-f", directory + "/hostkeys/ssh_host_ed25519_key.pub",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(output.split(separator: " ")[1])
        #expect(SSHFingerprint.sha256(ofKeyBlob: try hostKey("ed25519").blob) == printed)
    }
}
}
