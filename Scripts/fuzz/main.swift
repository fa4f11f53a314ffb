import Foundation

// libFuzzer's entry points for the fuzz targets in `FuzzTargets` (Tests/IngestTests), which
// this file is compiled with by `Scripts/fuzz.sh`. The target is named by INGEST_FUZZ_TARGET.

/// The target every input of this process goes to.
nonisolated(unsafe) var fuzzTarget = ""

/// Called once before the first input: checks the target name.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>,
                           _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    fuzzTarget = ProcessInfo.processInfo.environment["INGEST_FUZZ_TARGET"] ?? ""
    guard FuzzTargets.names.contains(fuzzTarget) else {
        FileHandle.standardError.write(Data("INGEST_FUZZ_TARGET must be one of: \(FuzzTargets.names.joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return 0
}

/// Called for each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.run(fuzzTarget, UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
