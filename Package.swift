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
            dependencies: ["RemoteTerm"],
            path: "Tests/Benchmarks"
        ),
        .testTarget(
            name: "RemoteTermTests",
            dependencies: ["RemoteTerm"],
            // Read through #filePath, not as bundle resources.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
