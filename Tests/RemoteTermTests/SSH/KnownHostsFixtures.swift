import Foundation

@testable import RemoteTermBatch
@testable import RemoteTermCore
@testable import RemoteTermEngine
@testable import RemoteTermFront
@testable import RemoteTermLoop
@testable import RemoteTermSSH

/// Real keys and hashed lines made with ssh-keygen (OpenSSH 9.2) for the tests.
enum KnownHostsFixtures {
    /// `ssh-keygen -t ed25519`: the key the "server" presents in most tests.
    static let ed25519 = "AAAAC3NzaC1lZDI1NTE5AAAAIMNX5TSeifdzTGlus5D8AgWGAGscrIaQ2fHuIaP5OENP"
    /// Another ed25519 key: a changed host key.
    static let otherEd25519 = "AAAAC3NzaC1lZDI1NTE5AAAAIFQimFSyPyGrSkIlL26/NJpIgSFlKraMUXLusOXtA2cr"
    /// `ssh-keygen -t ecdsa` (nistp256).
    static let ecdsa =
        "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBJY8xarbBoBOuR6mHaNTN6rbQOSSGhkK4kXDptyuBpXzp0bHAZDXOfAxIOFz8fuyU/8gFVZ3+PMU2dcW3EnwA8k="

    /// `ssh-keygen -H` of "example.com <ed25519>" (line 1) and "[example.com]:2222 <ed25519>"
    /// (line 2); `ssh-keygen -F example.com` and `-F '[example.com]:2222'` find them.
    static let hashedFile = """
        |1|Wy5EhQV15FURrrfA3c38qQHiFGs=|QGbrvRxK0J/VmCtytuTlf31SWd4= ssh-ed25519 \(ed25519)
        |1|VDSWD7NVdiGG8NHvQTaX5UNzRGo=|p12KIP+Pwg5o5kk+wyyST1a+jTA= ssh-ed25519 \(ed25519)
        """

    static func blob(_ base64: String) -> [UInt8]? {
        Data(base64Encoded: base64).map { [UInt8]($0) }
    }

    static var ed25519Blob: [UInt8] { blob(ed25519)! }
    static var ecdsaBlob: [UInt8] { blob(ecdsa)! }
    static var otherEd25519Blob: [UInt8] { blob(otherEd25519)! }
}
