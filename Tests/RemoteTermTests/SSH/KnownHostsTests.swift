import Testing

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

struct KnownHostsTests {
    typealias F = KnownHostsFixtures

    struct LookupCase: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var host: String
        var port: Int = 22
        var keyType = "ssh-ed25519"
        var key = F.ed25519
        var expected: KnownHostsLookupResult
        var testDescription: String { name }
    }

    static func at(_ line: Int) -> KnownHostsLocation { KnownHostsLocation(file: "", line: line) }

    static let lookupCases: [LookupCase] = [
        LookupCase(
            name: "plain host", file: "example.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .match(at(1))),
        LookupCase(
            name: "names compare case-insensitively", file: "Example.COM ssh-ed25519 \(F.ed25519)",
            host: "EXAMPLE.com", expected: .match(at(1))),
        LookupCase(
            name: "comma list", file: "foo,example.com,10.0.0.1 ssh-ed25519 \(F.ed25519)",
            host: "10.0.0.1", expected: .match(at(1))),
        LookupCase(
            name: "[host]:port for a non-default port",
            file: "[example.com]:2222 ssh-ed25519 \(F.ed25519)",
            host: "example.com", port: 2222, expected: .match(at(1))),
        LookupCase(
            name: "[host]:port does not apply to port 22",
            file: "[example.com]:2222 ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "[host]:port of another port", file: "[example.com]:2200 ssh-ed25519 \(F.ed25519)",
            host: "example.com", port: 2222, expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "plain host accepted for another port (OpenSSH: matching key w/out port)",
            file: "example.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", port: 2222, expected: .match(at(1))),
        LookupCase(
            name: "plain host with another key is ignored for another port",
            file: "example.com ssh-ed25519 \(F.otherEd25519)",
            host: "example.com", port: 2222, expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "wildcard *", file: "*.example.com ssh-ed25519 \(F.ed25519)",
            host: "db.example.com", expected: .match(at(1))),
        LookupCase(
            name: "wildcard * needs the dot", file: "*.example.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "wildcard ? is one character", file: "web?.lan ssh-ed25519 \(F.ed25519)",
            host: "web1.lan", expected: .match(at(1))),
        LookupCase(
            name: "wildcard ? is not two", file: "web?.lan ssh-ed25519 \(F.ed25519)",
            host: "web10.lan", expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "wildcard inside [host]:port", file: "[127.0.0.*]:2222 ssh-ed25519 \(F.ed25519)",
            host: "127.0.0.1", port: 2222, expected: .match(at(1))),
        LookupCase(
            name: "negation excludes a host",
            file: "*.example.com,!bad.example.com ssh-ed25519 \(F.ed25519)",
            host: "bad.example.com", expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "negation first excludes too",
            file: "!bad.example.com,*.example.com ssh-ed25519 \(F.ed25519)",
            host: "bad.example.com", expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "negation leaves the others",
            file: "*.example.com,!bad.example.com ssh-ed25519 \(F.ed25519)",
            host: "good.example.com", expected: .match(at(1))),
        LookupCase(
            name: "negated line does not hide a later one",
            file: "*,!example.com ssh-ed25519 \(F.otherEd25519)\nexample.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .match(at(2))),
        LookupCase(
            name: "hashed host", file: F.hashedFile, host: "example.com", expected: .match(at(1))),
        LookupCase(
            name: "hashed host, upper case", file: F.hashedFile, host: "EXAMPLE.COM",
            expected: .match(at(1))),
        LookupCase(
            name: "hashed [host]:port", file: F.hashedFile, host: "example.com", port: 2222,
            expected: .match(at(2))),
        LookupCase(
            name: "hashed, other host", file: F.hashedFile, host: "example.org",
            expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "IPv6 [host]:port", file: "[::1]:2222 ssh-ed25519 \(F.ed25519)",
            host: "::1", port: 2222, expected: .match(at(1))),
        LookupCase(
            name: "@revoked wins over a match",
            file: "example.com ssh-ed25519 \(F.ed25519)\n@revoked * ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .revoked(at(2))),
        LookupCase(
            name: "@revoked of another key does not matter",
            file: "@revoked * ssh-ed25519 \(F.otherEd25519)\nexample.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .match(at(2))),
        LookupCase(
            name: "@revoked for another host does not matter",
            file: "@revoked other.com ssh-ed25519 \(F.ed25519)\nexample.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .match(at(2))),
        LookupCase(
            name: "@revoked on the plain name refuses another port too",
            file: "@revoked example.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", port: 2222, expected: .revoked(at(1))),
        LookupCase(
            name: "@cert-authority is not a host key",
            file: "@cert-authority *.example.com ssh-ed25519 \(F.ed25519)",
            host: "db.example.com", expected: .notFound(otherKnownTypes: [])),
        LookupCase(
            name: "lines not understood are skipped, later ones still count",
            file: """
                this is not a known_hosts line
                example.com ssh-foo AAAA
                example.com ssh-ed25519 !!notbase64!!
                example.com ssh-ed25519
                @unknown-marker example.com ssh-ed25519 \(F.ed25519)
                @revoked @cert-authority example.com ssh-ed25519 \(F.ed25519)
                example.com ssh-rsa \(F.ed25519)
                example.com 2048 35 123456789
                |1|bad|hash ssh-ed25519 \(F.ed25519)
                example.com ssh-ed25519 \(F.ed25519)
                """,
            host: "example.com", expected: .match(at(10))),
        LookupCase(
            name: "changed key: same type, other key", file: "example.com ssh-ed25519 \(F.otherEd25519)",
            host: "example.com", expected: .mismatch(at(1), knownType: "ssh-ed25519")),
        LookupCase(
            name: "changed key reports its own line",
            file: """
                # my hosts
                other.com ssh-ed25519 \(F.ed25519)

                example.com ecdsa-sha2-nistp256 \(F.ecdsa)
                example.com ssh-ed25519 \(F.otherEd25519)
                """,
            host: "example.com", expected: .mismatch(at(5), knownType: "ssh-ed25519")),
        LookupCase(
            name: "changed key for [host]:port", file: "[example.com]:2222 ssh-ed25519 \(F.otherEd25519)",
            host: "example.com", port: 2222, expected: .mismatch(at(1), knownType: "ssh-ed25519")),
        LookupCase(
            name: "a matching line wins over a changed one",
            file: "example.com ssh-ed25519 \(F.otherEd25519)\nexample.com ssh-ed25519 \(F.ed25519)",
            host: "example.com", expected: .match(at(2))),
        LookupCase(
            name: "only another key type is known", file: "example.com ecdsa-sha2-nistp256 \(F.ecdsa)",
            host: "example.com", expected: .notFound(otherKnownTypes: ["ecdsa-sha2-nistp256"])),
        LookupCase(
            name: "ecdsa key matches", file: "example.com ecdsa-sha2-nistp256 \(F.ecdsa)",
            host: "example.com", keyType: "ecdsa-sha2-nistp256", key: F.ecdsa, expected: .match(at(1))),
        LookupCase(
            name: "CRLF, leading blanks and a trailing comment",
            file: "# hosts\r\n   example.com ssh-ed25519 \(F.ed25519) added by hand\r\n",
            host: "example.com", expected: .match(at(2))),
    ]

    @Test(arguments: lookupCases)
    func lookup(_ testCase: LookupCase) throws {
        let knownHosts = KnownHosts(text: testCase.file)
        let blob = try #require(F.blob(testCase.key))
        let result = knownHosts.lookup(
            host: testCase.host, port: testCase.port, keyType: testCase.keyType, keyBlob: blob)
        #expect(result == testCase.expected)
    }

    @Test func parsesEntryFields() throws {
        let text = """
            # comment
            @revoked a.com,b.com ssh-ed25519 \(F.ed25519) old key
            \(F.hashedFile)
            garbage
            """
        let knownHosts = KnownHosts(text: text, file: "/k")
        #expect(knownHosts.entries.count == 3)
        #expect(knownHosts.unparsedLines == [KnownHostsLocation(file: "/k", line: 5)])
        let revoked = knownHosts.entries[0]
        #expect(revoked.marker == .revoked)
        #expect(revoked.hostNames == .patterns("a.com,b.com"))
        #expect(revoked.keyType == "ssh-ed25519")
        #expect(revoked.keyBlob == F.ed25519Blob)
        #expect(revoked.comment == "old key")
        #expect(revoked.location.description == "/k:2")
        guard case .hashed(let salt, let hash) = knownHosts.entries[1].hostNames else {
            Issue.record("expected a hashed entry")
            return
        }
        #expect(salt.count == 20 && hash.count == 20)
    }

    @Test func mergesFilesKeepingTheirLocations() {
        var knownHosts = KnownHosts(text: "a.com ssh-ed25519 \(F.otherEd25519)", file: "/one")
        knownHosts.append(
            contentsOf: KnownHosts(text: "\nexample.com ssh-ed25519 \(F.otherEd25519)", file: "/two"))
        let result = knownHosts.lookup(
            host: "example.com", port: 22, keyType: "ssh-ed25519", keyBlob: F.ed25519Blob)
        #expect(
            result == .mismatch(KnownHostsLocation(file: "/two", line: 2), knownType: "ssh-ed25519"))
        #expect(KnownHostsLocation(file: "/two", line: 2).description == "/two:2")
    }

    struct PreferenceCase: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var host = "example.com"
        var port = 22
        var expectedFirst: [String]
        var testDescription: String { name }
    }

    static let preferenceCases: [PreferenceCase] = [
        PreferenceCase(name: "nothing known: default order", file: "", expectedFirst: ["ssh-ed25519"]),
        PreferenceCase(
            name: "ecdsa known: ecdsa first", file: "example.com ecdsa-sha2-nistp256 \(F.ecdsa)",
            expectedFirst: ["ecdsa-sha2-nistp256", "ssh-ed25519"]),
        PreferenceCase(
            name: "ed25519 known for [host]:port", file: "[example.com]:2222 ssh-ed25519 \(F.ed25519)",
            port: 2222, expectedFirst: ["ssh-ed25519", "ecdsa-sha2-nistp256"]),
        PreferenceCase(
            name: "plain name counts for another port",
            file: "example.com ecdsa-sha2-nistp256 \(F.ecdsa)",
            port: 2222, expectedFirst: ["ecdsa-sha2-nistp256", "ssh-ed25519"]),
        PreferenceCase(
            name: "another host does not count", file: "other.com ecdsa-sha2-nistp256 \(F.ecdsa)",
            expectedFirst: ["ssh-ed25519", "ecdsa-sha2-nistp256"]),
        PreferenceCase(
            name: "revoked and CA keys do not count",
            file:
                "@revoked * ecdsa-sha2-nistp256 \(F.ecdsa)\n@cert-authority * ecdsa-sha2-nistp256 \(F.ecdsa)",
            expectedFirst: ["ssh-ed25519", "ecdsa-sha2-nistp256"]),
        PreferenceCase(
            name: "both known: default order among them",
            file: "example.com ecdsa-sha2-nistp256 \(F.ecdsa)\nexample.com ssh-ed25519 \(F.ed25519)",
            expectedFirst: ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384"]),
    ]

    @Test(arguments: preferenceCases)
    func hostKeyAlgorithmPreference(_ testCase: PreferenceCase) {
        let preference = KnownHosts(text: testCase.file)
            .preferredHostKeyAlgorithms(host: testCase.host, port: testCase.port)
        let algorithms = preference.split(separator: ",").map(String.init)
        #expect(Array(algorithms.prefix(testCase.expectedFirst.count)) == testCase.expectedFirst)
        #expect(Set(algorithms) == Set(KnownHosts.supportedHostKeyAlgorithms))
        #expect(algorithms.count == KnownHosts.supportedHostKeyAlgorithms.count)
    }

    @Test func rsaKnownPutsAllRSAAlgorithmsFirst() {
        let rsaBlob = [0, 0, 0, 7] + Array("ssh-rsa".utf8) + [0, 0, 0, 1, 3]
        let line = KnownHosts.appendEntry(
            host: "old.example.com", port: 22, keyType: "ssh-rsa", keyBlob: rsaBlob)
        let preference = KnownHosts(text: line).preferredHostKeyAlgorithms(
            host: "old.example.com", port: 22)
        #expect(preference.hasPrefix("rsa-sha2-512,rsa-sha2-256,ssh-rsa,ssh-ed25519,"))
    }

    @Test func knownKeyTypes() {
        let knownHosts = KnownHosts(
            text:
                "example.com ecdsa-sha2-nistp256 \(F.ecdsa)\n[example.com]:2222 ssh-ed25519 \(F.ed25519)")
        #expect(
            knownHosts.knownKeyTypes(host: "example.com", port: 2222) == [
                "ssh-ed25519", "ecdsa-sha2-nistp256",
            ])
        #expect(knownHosts.knownKeyTypes(host: "example.com", port: 22) == ["ecdsa-sha2-nistp256"])
    }

    @Test(arguments: [
        ("example.com", 22, "example.com ssh-ed25519 \(F.ed25519)"),
        ("Example.COM", 22, "example.com ssh-ed25519 \(F.ed25519)"),
        ("127.0.0.1", 2222, "[127.0.0.1]:2222 ssh-ed25519 \(F.ed25519)"),
        ("::1", 2200, "[::1]:2200 ssh-ed25519 \(F.ed25519)"),
    ])
    func appendEntryLine(host: String, port: Int, expected: String) {
        let line = KnownHosts.appendEntry(
            host: host, port: port, keyType: "ssh-ed25519", keyBlob: F.ed25519Blob)
        #expect(line == expected)
        // What is appended is found again.
        let found = KnownHosts(text: line).lookup(
            host: host, port: port, keyType: "ssh-ed25519", keyBlob: F.ed25519Blob)
        #expect(found == .match(Self.at(1)))
    }
}
