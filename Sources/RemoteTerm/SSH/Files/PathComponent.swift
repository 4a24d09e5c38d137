import RemoteTermEngine

/// One name inside a directory, checked: never empty, `.` or `..`, and holding neither `/`
/// nor NUL, so that it names an entry of the directory it is used in and nothing above or
/// beside it. Every name a server lists becomes one of these before rterm writes anything
/// under it (`LocalDirectory` takes nothing else), as scp refuses such names since
/// CVE-2019-6111 and OpenSSH's sftp drops them.
///
/// The check is on the bytes the server sent: a NUL would end the name early in a system
/// call (`..\0x` would be `..`), and bytes that are not UTF-8 could not be written back
/// under the same name, so both are refused rather than changed.
package struct PathComponent: Hashable, Sendable, CustomStringConvertible {
    /// The name, as the file system gets it.
    package let name: String

    /// Why a name was refused.
    package enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case empty, dot, dotDot, slash, nul, notUTF8

        package var description: String {
            switch self {
            case .empty: return "an empty name"
            case .dot: return "the name ."
            case .dotDot: return "the name .."
            case .slash: return "a name holding /"
            case .nul: return "a name holding NUL"
            case .notUTF8: return "a name that is not UTF-8"
            }
        }
    }

    /// The name made of `bytes`, or why it cannot be one.
    package static func checking<Bytes: Collection>(bytes: Bytes) -> Result<PathComponent, Refusal>
    where Bytes.Element == UInt8 {
        if bytes.isEmpty { return .failure(.empty) }
        if bytes.contains(0) { return .failure(.nul) }
        if bytes.contains(UInt8(ascii: "/")) { return .failure(.slash) }
        if bytes.count <= 2, bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            return .failure(bytes.count == 1 ? .dot : .dotDot)
        }
        guard let name = String(validating: bytes, as: UTF8.self) else { return .failure(.notUTF8) }
        return .success(PathComponent(name: name))
    }

    /// `name` checked (a String cannot hold bytes that are not UTF-8, but may hold NUL).
    package static func checking(_ name: String) -> Result<PathComponent, Refusal> {
        checking(bytes: Array(name.utf8))
    }

    /// `name` if it is one component, else nil.
    package init?(_ name: String) {
        guard case .success(let component) = Self.checking(name) else { return nil }
        self = component
    }

    private init(name: String) { self.name = name }

    package var description: String { name }

    /// The one line a refused name is said in: the name with its controls made visible
    /// (`\033`…, never raw), and why.
    package static func refusalLine(directory: String, name: String, _ refusal: Refusal) -> String {
        "\(InertText.make(directory)): the server listed \"\(InertText.make(name))\", \(refusal): not copied"
    }
}
