import Foundation
import Testing

/// Issue 45 item 2: writing to a closed pipe ends rterm quietly with its status, never with
/// a trap and a backtrace (Foundation's FileHandle.write trapped on EPIPE: exit 132).
@Suite struct ClosedPipeTests {
    /// rterm with standard output and error on a pipe whose reader is already gone.
    static func runIntoClosedPipe(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RTermProcess.executable)
        process.arguments = arguments
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(arguments: [
        (["--lcoal"], 2), (["-v"], 2), (["cp"], 2),
        (["render", "--format", "ansi", TestSSHD.packageRoot + "/Tests/RemoteTermTests/Fixtures/Golden/vim-syntax-c.bytes"], 0),
    ] as [([String], Int32)])
    func aClosedPipeEndsRTermWithItsStatus(_ arguments: [String], _ status: Int32) throws {
        #expect(try Self.runIntoClosedPipe(arguments) == status)
    }
}
