import CSSH2

/// Facts about the libssh2 rterm runs with.
package enum SSHLibrary {
    /// The runtime version, e.g. `1.10.0`.
    package static let version: String = libssh2_version(0).map { String(cString: $0) } ?? "?"

    /// Whether the library rterm was built against signs RSA keys with SHA-2
    /// (rsa-sha2-256/512, libssh2 1.11 and later). Without it, OpenSSH 8.8+ servers refuse
    /// RSA user keys, and rterm explains that instead of a bare "authentication failed".
    package static let signsRSAWithSHA2 = rterm_libssh2_version_num() >= 0x01_0B_00

    /// Initialises libssh2's global state. Call once, before any session, from the main
    /// thread (libssh2_init is not thread-safe); returns false if it failed.
    package static func initialize() -> Bool {
        libssh2_init(0) == 0
    }
}
