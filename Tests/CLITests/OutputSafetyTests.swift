import Foundation
import Testing

/// No file the user did not name as output is ever changed: an output that is a folder, or one
/// of the inputs, or the same file as another output, is a usage error (exit 2) before anything
/// is read; a run that fails or is stopped leaves neither its temporary file nor a half output.
@Suite struct OutputSafetyTests {
    /// A command that must be refused, run in a folder holding `in.csv` (a Notion export),
    /// `d.json` (drafts written from it), `s.png` (a screenshot), `folder/` with a file in it,
    /// `link.csv` (a link to `in.csv`) and `sub/` (an empty folder).
    struct Refused: Sendable, CustomTestStringConvertible {
        let args: String
        let message: String
        var testDescription: String { args }
    }

    static let refused: [Refused] = [
        .init(args: "import in.csv --accept all -o folder", message: "-o folder is a folder"),
        .init(args: "import in.csv --accept all -o folder/", message: "-o folder/ is a folder"),
        .init(args: "import in.csv --accept all -o missing/", message: "-o missing/ names a folder"),
        .init(args: "import in.csv --accept all -o .", message: "-o . is a folder"),
        .init(args: "import in.csv --accept all -o sub", message: "-o sub is a folder"),
        .init(args: "import in.csv --drafts folder", message: "--drafts folder is a folder"),
        .init(args: "import in.csv --accept all --merge-into folder", message: "--merge-into folder is a folder"),
        .init(args: "validate in.csv -o folder", message: "-o folder is a folder"),
        .init(args: "accept d.json -o folder", message: "-o folder is a folder"),
        .init(args: "accept d.json --merge-into folder", message: "--merge-into folder is a folder"),
        .init(args: "ocr s.png --debug-image folder", message: "--debug-image folder is a folder"),
        .init(args: "import in.csv --accept all -o in.csv", message: "-o in.csv is also the input in.csv"),
        .init(args: "import in.csv --accept all -o ./in.csv", message: "-o ./in.csv is also the input in.csv"),
        .init(args: "import in.csv --accept all -o link.csv", message: "-o link.csv is also the input in.csv"),
        .init(args: "import link.csv --accept all -o in.csv", message: "-o in.csv is also the input link.csv"),
        .init(args: "import in.csv --drafts in.csv", message: "--drafts in.csv is also the input in.csv"),
        .init(args: "import in.csv --drafts X --accept all -o X", message: "-o X and --drafts X name the same file"),
        .init(args: "import in.csv --accept all --merge-into in.csv", message: "--merge-into in.csv is also the input in.csv"),
        .init(args: "import in.csv --accept all --merge-into m.json --drafts m.json", message: "--drafts m.json is also the --merge-into m.json"),
        .init(args: "accept d.json -o d.json", message: "-o d.json is also the drafts file d.json"),
        .init(args: "accept d.json --merge-into d.json", message: "--merge-into d.json is also the drafts file d.json"),
        .init(args: "import in.csv --accept all --rates in.csv -o in.csv", message: "is also the"),
        .init(args: "validate in.csv -o in.csv", message: "-o in.csv is also the input in.csv"),
        .init(args: "validate . -o in.csv", message: "-o in.csv is also the input"),
        .init(args: "ocr s.png --debug-image s.png", message: "--debug-image s.png is also the input s.png"),
    ]

    /// Every file's path and bytes under `folder`, and every folder's path.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var seen: [String: Data] = [:]
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for path in paths {
            let url = folder.appendingPathComponent(path)
            var info = stat()
            lstat(url.path, &info)
            switch info.st_mode & S_IFMT {
            case S_IFREG: seen[path] = try Data(contentsOf: url)
            case S_IFLNK: seen[path] = Data(("link → " + (try FileManager.default.destinationOfSymbolicLink(atPath: url.path))).utf8)
            default: seen[path + "/"] = Data()
            }
        }
        return seen
    }

    static func workspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-safety-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("keep me\n".utf8).write(to: folder.appendingPathComponent("folder/notes.txt"))
        try fm.copyItem(at: CLI.packageRoot.appendingPathComponent("Samples/notion-export.csv"), to: folder.appendingPathComponent("in.csv"))
        try fm.copyItem(at: CLI.packageRoot.appendingPathComponent("Samples/app-store-subscriptions.png"), to: folder.appendingPathComponent("s.png"))
        try fm.createSymbolicLink(atPath: folder.appendingPathComponent("link.csv").path, withDestinationPath: "in.csv")
        let drafts = try CLI.run(["import", "in.csv", "--drafts", "d.json", "--today", "2026-11-30", "-q"], in: folder)
        #expect(drafts.status == 0, "\(drafts.stderrText)")
        return folder
    }

    @Test(arguments: refused)
    func refusedBeforeAnythingIsTouched(_ c: Refused) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.snapshot(folder)
        let result = try CLI.run(c.args.split(separator: " ").map(String.init), in: folder)
        #expect(result.status == 2, "exit \(result.status); stderr:\n\(result.stderrText)")
        #expect(result.stderrText.contains(c.message), "stderr:\n\(result.stderrText)")
        #expect(result.stdout.isEmpty)
        #expect(try Self.snapshot(folder) == before, "the folder changed")
    }

    /// `--merge-into F -o F` updates F in place: that is what it is for.
    @Test func mergeIntoItselfIsAllowed() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(["import", "in.csv", "--accept", "all", "--today", "2026-11-30", "-q", "--merge-into", "m.json"], in: folder)
        #expect(first.status == 0, "\(first.stderrText)")
        let before = try Data(contentsOf: folder.appendingPathComponent("m.json"))
        let again = try CLI.run(["import", "in.csv", "--accept", "all", "--today", "2026-11-30", "-q", "--merge-into", "m.json", "-o", "m.json"], in: folder)
        #expect(again.status == 0, "\(again.stderrText)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("m.json")) == before)
        #expect(try Self.temporaryFiles(in: folder).isEmpty)
    }

    /// An output through a link replaces the file the link points to and keeps the link; an
    /// existing output keeps its permissions.
    @Test func linkAndPermissionsKept() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("folder/out.json")
        try Data("old\n".utf8).write(to: target)
        chmod(target.path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out.json").path, withDestinationPath: "folder/out.json")
        let result = try CLI.run(["import", "in.csv", "--accept", "all", "--today", "2026-11-30", "-q", "-o", "out.json"], in: folder)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("out.json").path) == "folder/out.json")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("\"schema\""))
        var info = stat()
        stat(target.path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
    }

    /// A temporary file left by a run that was killed (`kill -9` cannot be caught), even one in
    /// the way as a folder, is neither tripped on nor removed by the next run.
    @Test func leftoversAreNeitherUsedNorRemoved() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("out.json.ingest-tmp"), withIntermediateDirectories: true)
        try Data("half".utf8).write(to: folder.appendingPathComponent(".out.json.abc123.ingest-tmp"))
        let result = try CLI.run(["import", "in.csv", "--accept", "all", "--today", "2026-11-30", "-q", "-o", "out.json"], in: folder)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(fm.fileExists(atPath: folder.appendingPathComponent("out.json").path))
        #expect(try Self.temporaryFiles(in: folder).sorted() == [".out.json.abc123.ingest-tmp", "out.json.ingest-tmp"])
    }

    /// An input that fails part-way leaves no output and no temporary file.
    @Test func failedRunLeavesNothing() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["import", "in.csv", "missing.csv", "--accept", "all", "-q", "-o", "out.json"], in: folder)
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
        #expect(try Self.temporaryFiles(in: folder).isEmpty)
    }

    /// Ctrl-C or `kill` while the output is being written removes the temporary file.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func stoppedRunLeavesNothing(_ sig: Int32) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.bigTable().utf8).write(to: folder.appendingPathComponent("big.csv"))
        let stopped = try Self.stop(["import", "big.csv", "--accept", "all", "--today", "2026-11-30", "-q", "-o", "out.json"],
                                    in: folder, with: sig) { try !Self.temporaryFiles(in: folder).isEmpty }
        guard stopped else { return }
        #expect(try Self.temporaryFiles(in: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    /// Ctrl-C while a ZIP member is being read removes the member's temporary file.
    @Test func stoppedArchiveReadLeavesNothing() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let temp = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        try Data(Self.bigTable().utf8).write(to: folder.appendingPathComponent("Subscriptions 1a2b.csv"))
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zip.arguments = ["python3", "-c", "import zipfile; z = zipfile.ZipFile('export.zip', 'w', zipfile.ZIP_DEFLATED); z.write('Subscriptions 1a2b.csv'); z.close()"]
        zip.currentDirectoryURL = folder
        try zip.run()
        zip.waitUntilExit()
        guard zip.terminationStatus == 0 else { return }  // no Python here: nothing to zip with
        let stopped = try Self.stop(["import", "export.zip", "--accept", "all", "--today", "2026-11-30", "-q", "-o", "out.json"],
                                    in: folder, environment: ["TMPDIR": temp.path], with: SIGINT) {
            try Self.filesInside(temp).contains { $0.hasPrefix("ingest-member") }
        }
        guard stopped else { return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == [])
        #expect(try Self.temporaryFiles(in: folder).isEmpty)
    }

    /// Ctrl-C or `kill` while standard input is being spooled removes the spool.
    @Test(arguments: [SIGINT, SIGTERM])
    func stoppedStandardInputLeavesNothing(_ sig: Int32) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let temp = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        // Kept open: the run waits for more input until it is stopped.
        let input = Pipe()
        input.fileHandleForWriting.write(Data("Name,Price\nNetflix,9.99 USD\n".utf8))
        let stopped = try Self.stop(["import", "-", "--accept", "all", "-q", "-o", "out.json"], in: folder,
                                    environment: ["TMPDIR": temp.path], standardInput: input, with: sig) {
            try Self.filesInside(temp).contains { $0.hasPrefix("ingest-stdin") }
        }
        try? input.fileHandleForWriting.close()
        guard stopped else { return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == [])
    }

    /// 300,000 rows: an import long enough to be stopped part-way.
    static func bigTable() -> String {
        var text = "Name,Price,Billing cycle,Next renewal\n"
        for i in 0..<300_000 { text += "Service \(i),\(i % 90).99 EUR,monthly,2027-01-\(10 + i % 18)\n" }
        return text
    }

    /// Starts `ingest ARGS`, sends `sig` once `ready` holds, and waits for the end. False (with
    /// an issue recorded) when the run ended before `ready` held; else the run must have been
    /// ended by the signal.
    static func stop(_ args: [String], in folder: URL, environment: [String: String] = [:], standardInput: Pipe? = nil,
                     with sig: Int32, when ready: () throws -> Bool) throws -> Bool {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = args
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let standardInput { process.standardInput = standardInput }
        try process.run()
        var seen = false
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            if try ready() { seen = true; break }
            usleep(2_000)
        }
        guard seen else {
            process.waitUntilExit()
            Issue.record("the import ended before its temporary file was seen; make the input bigger")
            return false
        }
        kill(process.processIdentifier, sig)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        return true
    }

    /// The names of the files in `folder` and in the folders inside it (a run's own temporary
    /// folder is made inside TMPDIR).
    static func filesInside(_ folder: URL) throws -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walk.compactMap { ($0 as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
    }

    static func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ingest-tmp") }
    }
}
