import Foundation
import Testing

/// Runs the `ingest` executable built next to the tests.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
        /// What the run left in its temporary folder (TMPDIR), which must be nothing; empty when
        /// the caller set TMPDIR itself.
        var leftovers: [String] = []
        /// Why the run was killed, when a `watch` given to `run` said so.
        var killed: String?
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The binary: beside the test bundle (the build's products folder), else in .build/debug.
    static let executable: URL = {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["INGEST_BIN"] { candidates.append(URL(fileURLWithPath: env)) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("ingest"))
            dir.deleteLastPathComponent()
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/ingest"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }
            ?? packageRoot.appendingPathComponent(".build/debug/ingest")
    }()

    /// Runs `ingest ARGS` in `folder` with `stdin` (or an empty standard input) and `environment` added.
    /// `watch`, asked every 20 ms while the run goes on with the run's temporary folder, may
    /// return why the run must be killed (too much on disk, too long).
    static func run(_ arguments: [String], in folder: URL? = nil, stdin: Data? = nil,
                    environment: [String: String] = [:], watch: ((URL) -> String?)? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        // Output goes to temporary files: no pipe can fill up and block the child.
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        // The child's temporary folder is inside the run's, so that whatever it leaves there goes
        // with it, and is reported: a run leaves its temporary folder as it found it.
        let childTemp = temp.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: childTemp, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = childTemp.path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let outURL = temp.appendingPathComponent("stdout"), errURL = temp.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        var killed: String?
        if let watch {
            while process.isRunning {
                if let problem = watch(childTemp) {
                    killed = problem
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
                usleep(20_000)
            }
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = try Data(contentsOf: outURL), err = try Data(contentsOf: errURL)
        let leftovers = environment["TMPDIR"] == nil ? try FileManager.default.contentsOfDirectory(atPath: childTemp.path) : []
        if !leftovers.isEmpty {
            Testing.Issue.record("ingest \(arguments.joined(separator: " ")) left \(leftovers.sorted()) in its temporary folder")
        }
        return Result(status: process.terminationStatus, stdout: out, stderr: err, leftovers: leftovers.sorted(), killed: killed)
    }
}

extension CLI {
    /// What `measured` tells of a run: its exit status, standard error and peak resident memory.
    struct Measured {
        var status: Int32
        var stderrText: String
        /// The run's own peak resident set, in KiB (`ru_maxrss`).
        var peakKiB: Int
    }

    /// Runs `ingest ARGS` with `environment` added and tells its peak memory. A process's peak
    /// counts its parent's memory at the moment it was started (Linux keeps the larger across
    /// `exec`), and this test process is large: so the run is started from a small Python
    /// process, which reads the run's peak from `wait4`. Standard output is thrown away.
    static func measured(_ arguments: [String], environment: [String: String] = [:]) throws -> Measured {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        let peakURL = temp.appendingPathComponent("peak"), errURL = temp.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let script = """
            import os, subprocess, sys
            child = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            open(sys.argv[1], "w").write(str(usage.ru_maxrss))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, peakURL.path, executable.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = temp.path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        try errHandle.close()
        let peak = Int((try? String(contentsOf: peakURL, encoding: .utf8)) ?? "") ?? 0
        return Measured(status: process.terminationStatus, stderrText: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "", peakKiB: peak)
    }
}
