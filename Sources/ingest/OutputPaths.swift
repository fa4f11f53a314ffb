import Foundation
import Ingest

/// Checks, before anything is read, that the files a command will write are safe to write: an
/// output is a file (not a folder), it is none of the command's inputs (also through a link),
/// and no two outputs are the same file. A mistake is a usage error (exit 2) and nothing is
/// touched.
struct OutputPaths {
    /// A path the command writes, with the flag that named it (`-o`, `--drafts`).
    struct Output {
        var flag: String
        var path: String
        /// A file name to suggest when the path is a folder; nil for the flag's usual one.
        var example: String? = nil
    }

    var outputs: [Output] = []
    /// Paths the command reads: input files, `--rates`, `--config`, a drafts file.
    var inputs: [(flag: String?, path: String)] = []
    /// Pairs of flags allowed to name the same file (`--merge-into F -o F` updates F).
    var sameFileAllowed: [(String, String)] = []

    mutating func output(_ flag: String, _ path: String?, example: String? = nil) {
        guard let path, path != "-" else { return }
        outputs.append(Output(flag: flag, path: path, example: example))
    }

    mutating func input(_ path: String?, flag: String? = nil) {
        guard let path, path != "-", !RemoteLink.isRemote(path) else { return }
        inputs.append((flag, path))
    }

    func check() throws(UsageError) {
        for output in outputs {
            try Self.checkIsFileName(output)
        }
        for output in outputs {
            let key = FileIdentity(output.path)
            for input in inputs where FileIdentity(input.path) == key {
                if let flag = input.flag, isAllowed(flag, output.flag) { continue }
                let named = input.flag.map { "\($0) \(input.path)" } ?? "input \(input.path)"
                throw UsageError("\(output.flag) \(output.path) is also the \(named): writing it would overwrite what is being read; choose another output file")
            }
        }
        for (i, a) in outputs.enumerated() {
            for b in outputs[(i + 1)...] where FileIdentity(a.path) == FileIdentity(b.path) && !isAllowed(a.flag, b.flag) {
                throw UsageError("\(a.flag) \(a.path) and \(b.flag) \(b.path) name the same file: give each output its own file")
            }
        }
    }

    private func isAllowed(_ a: String, _ b: String) -> Bool {
        sameFileAllowed.contains { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) }
    }

    /// An output must name a file: not an existing folder, not a name ending in `/`.
    static func checkIsFileName(_ output: Output) throws(UsageError) {
        let path = output.path
        guard !path.isEmpty else { throw UsageError("\(output.flag) needs a file name") }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw UsageError("\(output.flag) \(path) is a folder: give a file name, e.g. \(Self.suggestion(inFolder: path, flag: output.flag, example: output.example))")
        }
        if path.hasSuffix("/") {
            throw UsageError("\(output.flag) \(path) names a folder: give a file name, e.g. \(Self.suggestion(inFolder: path, flag: output.flag, example: output.example))")
        }
    }

    private static func suggestion(inFolder folder: String, flag: String, example: String?) -> String {
        let usual = switch flag {
        case "--drafts": "drafts.json"
        case "--debug-image": "boxes.png"
        default: "output.json"
        }
        let name = example ?? usual
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// Which file a path names: the device and inode when it exists (so links and other spellings
/// of one file compare equal), else the absolute path of its folder and its name.
enum FileIdentity: Equatable {
    case existing(dev_t, ino_t)
    case planned(String)

    init(_ path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            self = .existing(info.st_dev, info.st_ino)
            return
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path
        self = .planned(folder + "/" + url.lastPathComponent)
    }
}
