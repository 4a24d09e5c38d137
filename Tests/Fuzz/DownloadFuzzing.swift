// The download target: what a hostile SFTP server could make rterm write. The input is a
// sequence of listings' entries (a kind, a name of any bytes, a link's target), replayed
// through the name check (`PathComponent`) and the descriptor-held directory a download
// writes under (`LocalDirectory`), in a scratch directory of its own beside a sibling
// `outside`. Whatever the names and their order (a link, then a file or a directory of the
// same name; names of `..`, `/`, NUL), nothing is written outside the target: `outside`
// stays empty, and the scratch directory holds nothing else.

import Foundation
import RemoteTerm

#if canImport(Glibc)
    import Glibc
#endif

enum DownloadFuzzing {
    /// Targets a link may get: leading out of the target in every way a server might try.
    static let linkTargets = ["../outside", "../../", "/", "..", ".", "../outside/x", "sub", "a/b/c", ""]

    static func run(_ data: [UInt8]) -> [String] {
        var template = Array((NSTemporaryDirectory() + "rterm-fuzz-download-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return [] }
        let scratch = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for name in ["target", "outside"] { mkdir(scratch + "/" + name, 0o700) }
        // Every link target names the outside by its absolute path too.
        let targets = linkTargets + [scratch + "/outside", scratch + "/outside/planted"]
        var violations: [String] = []
        guard let root = try? LocalDirectory.open(scratch + "/target") else { return ["the target did not open"] }
        var stack = [root]
        var index = 0
        func next() -> UInt8? {
            guard index < data.count else { return nil }
            defer { index += 1 }
            return data[index]
        }
        while let operation = next() {
            let length = Int(next() ?? 0) % 12
            let end = min(index + length, data.count)
            let bytes = Array(data[index..<end])
            index = end
            let directory = stack[stack.count - 1]
            switch operation % 6 {
            case 5:
                if stack.count > 1 { stack.removeLast() }
                continue
            default: break
            }
            let component: PathComponent
            switch PathComponent.checking(bytes: bytes) {
            case .failure(let refusal):
                if let problem = refusalProblem(bytes, refusal) { violations.append(problem) }
                continue
            case .success(let checked):
                component = checked
                if let problem = acceptanceProblem(bytes) { violations.append(problem) }
            }
            switch operation % 6 {
            case 0, 1:
                // A directory, entered (0) or only made (1).
                if let (inner, _) = try? directory.subdirectory(component, permissions: 0o700, replacingLinks: true),
                    operation % 6 == 0, stack.count < 16
                {
                    stack.append(inner)
                }
            case 2:
                if let file = try? directory.newFile(component, permissions: 0o600) {
                    _ = try? Array("x".utf8).withUnsafeBytes { try file.write($0) }
                    try? file.commit(permissions: 0o7777, times: nil)
                }
            case 3:
                let target = targets[Int(next() ?? 0) % targets.count]
                try? directory.makeSymlink(component, pointingTo: target)
            case 4:
                if let file = try? directory.fileInPlace(component, permissions: 0o600) { close(file) }
                if let file = try? directory.existingFile(component) { close(file) }
            default: break
            }
        }
        let outside = (try? FileManager.default.contentsOfDirectory(atPath: scratch + "/outside")) ?? ["?"]
        if !outside.isEmpty { violations.append("written outside the target: \(outside)") }
        let beside = ((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).sorted()
        if beside != ["outside", "target"] { violations.append("written beside the target: \(beside)") }
        if let problem = setuidProblem(scratch + "/target") { violations.append(problem) }
        return violations
    }

    /// A refusal must be for what the bytes hold.
    static func refusalProblem(_ bytes: [UInt8], _ refusal: PathComponent.Refusal) -> String? {
        let holds: Bool
        switch refusal {
        case .empty: holds = bytes.isEmpty
        case .dot: holds = bytes == [0x2E]
        case .dotDot: holds = bytes == [0x2E, 0x2E]
        case .slash: holds = bytes.contains(0x2F)
        case .nul: holds = bytes.contains(0)
        case .notUTF8: holds = String(validating: bytes, as: UTF8.self) == nil
        }
        return holds ? nil : "\(bytes) refused as \(refusal)"
    }

    /// A name accepted is one component.
    static func acceptanceProblem(_ bytes: [UInt8]) -> String? {
        let bad = bytes.isEmpty || bytes == [0x2E] || bytes == [0x2E, 0x2E] || bytes.contains(0x2F) || bytes.contains(0)
        return bad ? "\(bytes) accepted as one component" : nil
    }

    /// No file made under the target has setuid, setgid or sticky (links not followed: one
    /// may lead to /).
    static func setuidProblem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK { return nil }
        if info.st_mode & 0o7000 != 0 { return "\(path) has mode \(String(info.st_mode & 0o7777, radix: 8))" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            if let problem = setuidProblem(path + "/" + name) { return problem }
        }
        return nil
    }
}
