// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ingest",
    products: [
        .library(name: "Ingest", targets: ["Ingest"]),
        .executable(name: "ingest", targets: ["ingest"]),
    ],
    targets: [
        // zlib, for reading the ZIP files Notion exports (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "Ingest",
            dependencies: ["CZlib"],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "ingest",
            dependencies: ["Ingest"]
        ),
        .testTarget(
            name: "IngestTests",
            dependencies: ["Ingest"]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["ingest"]
        ),
    ]
)
