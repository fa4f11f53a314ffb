// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ingest",
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
            resources: [.copy("Resources")]
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
        .testTarget(
            name: "IngestTests",
            dependencies: ["Ingest"]
        ),
        .testTarget(
            name: "TesseractOCRTests",
            dependencies: ["TesseractOCR", "Ingest"]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["ingest"]
        ),
    ]
)
