// libFuzzer's entry points. The target is chosen by RTERM_FUZZ_TARGET (`Scripts/fuzz` sets
// it); a broken invariant stops the run so libFuzzer saves the input.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

nonisolated(unsafe) private var selectedTarget: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    guard let name = ProcessInfo.processInfo.environment["RTERM_FUZZ_TARGET"], let target = FuzzTarget(rawValue: name)
    else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        printToStandardError("rterm-fuzz: set RTERM_FUZZ_TARGET to one of: \(names)")
        exit(2)
    }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = selectedTarget else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = target.run(bytes, timed: true)
    if !violations.isEmpty {
        printToStandardError("rterm-fuzz: \(target.rawValue): invariant broken:\n  " + violations.prefix(5).joined(separator: "\n  "))
        abort()
    }
    return 0
}

private func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
