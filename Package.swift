// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rterm",
    products: [
        .executable(name: "rterm", targets: ["rterm"]),
        .library(name: "RemoteTerm", targets: ["RemoteTerm"]),
    ],
    targets: [
        .systemLibrary(name: "CSSH2", pkgConfig: "libssh2", providers: [.apt(["libssh2-1-dev"])]),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "RemoteTerm", dependencies: ["CSSH2"]),
        .executableTarget(name: "rterm", dependencies: ["RemoteTerm", "CNcurses"]),
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
            dependencies: ["RemoteTerm", "RemoteTermFuzz"],
            // Read through #filePath, not as bundle resources.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
