import Foundation

/// What `ingest validate` was asked: the reference day, settings from the command line (they win
/// over `ingest.json`), and an explicit config file.
package struct ValidateOptions: Sendable {
    package var today: CalendarDate
    package var commandLine: SettingsLayer
    /// `--config FILE`; nil: look for `ingest.json` from each file's folder upwards.
    package var configPath: String?
    /// Caps on a table's cells, rows and columns (`--max-cell-bytes`, `--max-columns`).
    package var limits = ReadLimits()
    /// `--from`: the reader for every file; nil to choose per file, as import does.
    package var kind: SourceKind?
    /// `--encoding`: the text encoding of every file; nil to tell from the bytes.
    package var encoding: TextEncoding?
    /// `--warnings-as-errors`: every finding that would be a warning is an error.
    package var warningsAsErrors = false

    package init(today: CalendarDate, commandLine: SettingsLayer = SettingsLayer(), configPath: String? = nil) {
        self.today = today
        self.commandLine = commandLine
        self.configPath = configPath
    }
}

/// Validates files on all cores and gathers the results in path order.
package struct ValidationRun: Sendable {
    package static let configName = "ingest.json"

    package var options: ValidateOptions

    package init(options: ValidateOptions) {
        self.options = options
    }

    /// Reads the configs first (a bad one stops everything), then checks the files in parallel.
    /// `names` gives a file the name it is reported and configured under (`<stdin>` for the
    /// temporary copy of standard input, configured from the current folder).
    /// `fileDone` is called (from any thread) as each file is finished, for a progress line.
    package func run(files: [String], names: [String: String] = [:],
                     fileDone: @escaping @Sendable () -> Void = {}) throws(ConfigError) -> ValidationReport {
        var loader = ConfigLoader()
        var explicit: ValidateConfig?
        if let path = options.configPath { explicit = try loader.load(path) }
        var perFile: [ValidateSettings] = []
        perFile.reserveCapacity(files.count)
        for file in files {
            var fileSettings = ValidateSettings()
            var config = explicit
            let name = names[file] ?? file
            if config == nil { config = try loader.nearest(to: name) }
            if let config {
                for layer in config.layers(for: ConfigLoader.relative(name, to: config.directory)) { fileSettings.apply(layer) }
                fileSettings.remembered = config.mappings
            }
            fileSettings.apply(options.commandLine)
            fileSettings.warningsAsErrors = options.warningsAsErrors
            perFile.append(fileSettings)
        }
        let settings = perFile
        let slots = ResultSlots(count: files.count)
        let options = self.options
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            var validator = FileValidator(settings: settings[index], today: options.today)
            validator.kind = options.kind
            validator.encoding = options.encoding
            validator.limits = options.limits
            slots.set(index, validator.validate(file: files[index], name: names[files[index]]))
            fileDone()
        }
        let results = slots.results.enumerated().map { $0.element ?? FileResult(path: names[files[$0.offset]] ?? files[$0.offset]) }
        return ValidationReport(files: results.sorted { $0.path < $1.path })
    }
}

/// One result per file, written from many threads.
private final class ResultSlots: @unchecked Sendable {
    private let lock = SpinningLock()
    private var items: [FileResult?]

    init(count: Int) { items = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: FileResult) {
        lock.lock()
        items[index] = result
        lock.unlock()
    }

    var results: [FileResult?] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

/// Finds and parses `ingest.json` files, each folder looked at once.
package struct ConfigLoader {
    package init() {}

    private var byFolder: [String: ValidateConfig?] = [:]
    private var byFile: [String: ValidateConfig] = [:]

    mutating func load(_ path: String) throws(ConfigError) -> ValidateConfig {
        let absolute = ConfigLoader.absolute(path)
        if let known = byFile[absolute] { return known }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, "cannot read the config file (check the path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, "the config file is not UTF-8 text")
        }
        let config = try ValidateConfig.parse(text, path: path, directory: (absolute as NSString).deletingLastPathComponent)
        byFile[absolute] = config
        return config
    }

    /// The `ingest.json` in the file's folder or the nearest folder above it.
    package mutating func nearest(to file: String) throws(ConfigError) -> ValidateConfig? {
        var folder = (ConfigLoader.absolute(file) as NSString).deletingLastPathComponent
        var visited: [String] = []
        var found: ValidateConfig?
        while true {
            if let known = byFolder[folder] { found = known; break }
            visited.append(folder)
            let candidate = (folder as NSString).appendingPathComponent(ValidationRun.configName)
            if FileManager.default.fileExists(atPath: candidate) {
                found = try load(ConfigLoader.display(candidate))
                break
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        for folder in visited { byFolder[folder] = .some(found) }
        return found
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A config path for messages: relative to the working folder when it lies below it.
    static func display(_ absolutePath: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }

    /// `file` relative to `folder`, for matching rule patterns.
    static func relative(_ file: String, to folder: String) -> String {
        let path = absolute(file)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
