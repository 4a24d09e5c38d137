// swift-tools-version:6.0
import PackageDescription

// The library is layered, and each layer is a target, so that an upward dependency does not
// compile (docs/architecture.md has the picture):
//
//   RemoteTermEngine  Parser, Terminal, Input encoding, Text, the text/ANSI/SVG dumps. Pure.
//   RemoteTermLoop    the event loop, its clock and sources (signals through CSystem).
//   RemoteTermSSH     transports: SSH (libssh2), a local pty, memory; ssh_config; host keys.
//   RemoteTermCore    Session, its link and reconnection, prediction, the session factory.
//   RemoteTermFront   the key bar, the front's decisions, the frame, the workspace.
//   RemoteTermBatch   scripts, fleets, the session pump, reports, host lists: rterm without a
//                     screen, on the front's own key-bar and controller logic.
//   RemoteTermNcurses the ncurses screen (NcursesScreen, a LocalScreen) that draws frames; the
//                     front that runs on the loop and drives it is RemoteTermFront's
//                     InteractiveFront, which the executable puts on this screen.
//
// `RemoteTerm` re-exports every layer but the ncurses one. What a layer uses of another is
// `package`; `public` is only what other packages may use, the engine docs/library.md lists.
let package = Package(
    name: "rterm",
    products: [
        .executable(name: "rterm", targets: ["rterm"]),
        .library(name: "RemoteTerm", targets: ["RemoteTerm"]),
    ],
    targets: [
        .systemLibrary(name: "CSSH2", pkgConfig: "libssh2", providers: [.apt(["libssh2-1-dev"])]),
        // No pkgConfig: ncursesw.pc adds -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, flags SwiftPM
        // refuses with a warning on every build; the shim defines what ncurses needs.
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CSystem", path: "Sources/RemoteTerm/CSystem"),
        .target(name: "RemoteTermEngine", path: "Sources/RemoteTerm/Engine"),
        .target(name: "RemoteTermLoop", dependencies: ["CSystem"], path: "Sources/RemoteTerm/Loop"),
        .target(
            name: "RemoteTermSSH", dependencies: ["RemoteTermEngine", "RemoteTermLoop", "CSSH2", "CSystem"],
            path: "Sources/RemoteTerm/SSH"),
        .target(
            name: "RemoteTermCore", dependencies: ["RemoteTermEngine", "RemoteTermLoop", "RemoteTermSSH"],
            path: "Sources/RemoteTerm/Core"),
        .target(
            name: "RemoteTermFront",
            dependencies: ["RemoteTermEngine", "RemoteTermLoop", "RemoteTermSSH", "RemoteTermCore"],
            path: "Sources/RemoteTerm/Front"),
        .target(
            name: "RemoteTermBatch",
            dependencies: ["RemoteTermEngine", "RemoteTermLoop", "RemoteTermSSH", "RemoteTermCore", "RemoteTermFront"],
            path: "Sources/RemoteTerm/Batch"),
        .target(
            name: "RemoteTermNcurses", dependencies: ["RemoteTermFront", "CNcurses"],
            path: "Sources/RemoteTerm/Ncurses"),
        .target(
            name: "RemoteTerm",
            dependencies: [
                "RemoteTermEngine", "RemoteTermLoop", "RemoteTermSSH", "RemoteTermCore", "RemoteTermFront",
                "RemoteTermBatch",
            ],
            path: "Sources/RemoteTerm",
            exclude: ["CSystem", "Engine", "Loop", "SSH", "Core", "Front", "Batch", "Ncurses"],
            sources: ["RemoteTerm.swift"]),
        .executableTarget(name: "rterm", dependencies: ["RemoteTerm", "RemoteTermNcurses", "CNcurses"]),
        .executableTarget(
            name: "rterm-bench",
            dependencies: ["RemoteTerm", "RemoteTermFuzz"],
            path: "Tests/Benchmarks"
        ),
        // Fuzz targets: built into a libFuzzer binary by Scripts/fuzz (`make fuzz`), and
        // replayed over their corpus by the tests.
        .target(
            name: "RemoteTermFuzz",
            dependencies: ["RemoteTerm"],
            path: "Tests/Fuzz",
            exclude: ["Corpus", "Regressions"]
        ),
        .testTarget(
            name: "RemoteTermTests",
            dependencies: ["RemoteTerm", "RemoteTermNcurses", "RemoteTermFuzz"],
            // Read through #filePath, not as bundle resources.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
