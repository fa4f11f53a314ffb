// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ingest",
    // The Ingest library builds for Apple platforms too (the Linux-only calls sit behind
    // `#if os(Linux)`); TesseractOCR and the CLI are built and tested on Linux.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Ingest", targets: ["Ingest"]),
        .library(name: "TesseractOCR", targets: ["TesseractOCR"]),
        .executable(name: "ingest", targets: ["ingest"]),
    ],
    targets: [
        // zlib, for reading the ZIP files Notion exports (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Tesseract's C API and Leptonica (Debian: libtesseract-dev, libleptonica-dev; language
        // packs tesseract-ocr-eng, -deu, …). Only TesseractOCR imports it.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        .target(
            name: "Ingest",
            dependencies: ["CZlib"],
            resources: [.copy("Resources")],
            // iconv (text encodings) is part of the C library on Linux, its own library on Apple platforms.
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS, .iOS]))]
        ),
        // The OCR engine behind `TextRecognizer`: owns every Tesseract and Leptonica handle.
        .target(
            name: "TesseractOCR",
            dependencies: ["Ingest", "CTesseract"]
        ),
        .executableTarget(
            name: "ingest",
            dependencies: ["Ingest", "TesseractOCR"]
        ),
        // Sample values the library's and the CLI's tests share.
        .target(
            name: "IngestTestSupport",
            dependencies: ["Ingest"],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "IngestTests",
            dependencies: ["Ingest", "IngestTestSupport"]
        ),
        .testTarget(
            name: "TesseractOCRTests",
            dependencies: ["TesseractOCR", "Ingest"]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["ingest", "Ingest", "IngestTestSupport"]
        ),
    ]
)
