import Foundation

/// Host key fingerprints in the form OpenSSH prints them.
package enum SSHFingerprint {
    /// `SHA256:` followed by the unpadded base64 of SHA-256(key blob), exactly as
    /// `ssh-keygen -lf` and OpenSSH's host key prompt show it.
    package static func sha256(ofKeyBlob keyBlob: [UInt8]) -> String {
        var encoded = Data(SHA256.hash(keyBlob)).base64EncodedString()
        while encoded.hasSuffix("=") { encoded.removeLast() }
        return "SHA256:" + encoded
    }

    /// The short upper-case key kind OpenSSH uses in messages ("ED25519 key fingerprint is ...").
    package static func displayName(ofKeyType keyType: String) -> String {
        switch keyType {
        case "ssh-ed25519": return "ED25519"
        case "ssh-rsa", "rsa-sha2-256", "rsa-sha2-512": return "RSA"
        case "ssh-dss": return "DSA"
        case "sk-ssh-ed25519@openssh.com": return "ED25519-SK"
        case "sk-ecdsa-sha2-nistp256@openssh.com": return "ECDSA-SK"
        default:
            if keyType.hasPrefix("ecdsa-sha2-") { return "ECDSA" }
            return keyType.uppercased()
        }
    }
}
