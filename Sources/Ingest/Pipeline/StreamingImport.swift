import Foundation

/// Where a streamed import writes the subscriptions its policy accepts, in input order.
package protocol SubscriptionSink {
    mutating func add(_ subscription: Subscription) throws
    /// True for a sink that writes a row that read cleanly from its list entry and charge
    /// alone (`add(_:entry:)`), so the reader need not keep the row's `Subscription`.
    var takesEntries: Bool { get }
    /// Adds a row that read cleanly, given the list entry `SubscriptionJSONWriter.writeInList`
    /// writes of it, made ahead on the thread that read the row. Its `subscription` is there
    /// unless `takesEntries`.
    mutating func add(_ row: PlainRow, entry: ArraySlice<UInt8>) throws
}

extension SubscriptionSink {
    package var takesEntries: Bool { false }

    package mutating func add(_ row: PlainRow, entry: ArraySlice<UInt8>) throws {
        guard let subscription = row.subscription else {
            preconditionFailure("a sink that does not take list entries is given each row's subscription")
        }
        try add(subscription)
    }
}

/// Subscriptions kept in memory, in the order they were accepted.
package struct SubscriptionList: SubscriptionSink {
    package var subscriptions: [Subscription] = []

    package init() {}

    package mutating func add(_ subscription: Subscription) throws {
        subscriptions.append(subscription)
    }
}

extension CanonicalStreamWriter: SubscriptionSink {
    package var takesEntries: Bool { true }
}

/// What an import tells about each input while it runs: the CLI prints it, a test records it.
package protocol ImportObserver {
    /// A draft as its reader made it, before duplicates are folded or a policy decides.
    mutating func read(_ draft: ImportDraft)
    /// A draft of a streamed import after its duplicates were folded, before the policy decides.
    mutating func folded(_ draft: ImportDraft)
    /// An input was read to its end.
    mutating func finished(_ report: ImportReport)
    /// An input could not be read (`ReadError`) or its columns not chosen (`MappingError`);
    /// the other inputs are read all the same. `name` is the input as the user gave it.
    mutating func failed(_ name: String, error: any Error)
}

extension ImportObserver {
    package mutating func read(_ draft: ImportDraft) {}
    package mutating func folded(_ draft: ImportDraft) {}
    package mutating func finished(_ report: ImportReport) {}
    package mutating func failed(_ name: String, error: any Error) {}
}

/// An observer that is told nothing worth keeping.
package struct SilentObserver: ImportObserver {
    package init() {}
}

/// The import of a list of inputs: each input is resolved once (standard input spooled to a
/// file), read in two passes (the first counts service names, so that duplicates are folded
/// as they stream past; the second builds the drafts), and what the accept policy takes is
/// written to a `SubscriptionSink`. `drafts` reads the same inputs into drafts for review.
package struct StreamingImport {
    package var options: ImportOptions
    /// `all`, `confident` or `none`: which drafts become subscriptions.
    package var policy: AcceptPolicy
    /// Also write drafts marked inactive.
    package var includeInactive = false
    /// Write duplicates as they are instead of folding them (one pass per input).
    package var keepDuplicates = false
    /// Whether rows that read cleanly skip the draft (`PlainRowBuilder`); off only to check that
    /// they come out as their drafts do.
    var readsPlainRows = true
    /// Given every draft in output order, folded and decided, before the sink takes what the
    /// policy accepts: a drafts file written as the import streams. Every row is then a draft.
    package var decided: ((ImportDraft) throws -> Void)?

    package init(options: ImportOptions, policy: AcceptPolicy, includeInactive: Bool = false, keepDuplicates: Bool = false) {
        self.options = options
        self.policy = policy
        self.includeInactive = includeInactive
        self.keepDuplicates = keepDuplicates
    }

    /// Imports `inputs` (paths, links or `-`) into `sink`. Returns false when an input could
    /// not be read (the observer was told); the others were written all the same.
    package func run(_ inputs: [String], into sink: inout some SubscriptionSink, observer: inout some ImportObserver) throws -> Bool {
        // The bundled brand catalog (about 10 ms to build) is made on the other core while this
        // one looks for the header and chooses the columns; the first pass needs it after.
        let options = self.options
        DispatchQueue.global(qos: .userInitiated).async { _ = options.catalog }
        var files: [InputFile] = []
        defer { for file in files { file.remove() } }
        for input in inputs { files.append(try InputFile.resolve(input, limits: options.limits)) }
        // Touched per row from the passes' closures: boxed so that no access is checked at run
        // time (`UncheckedBox`).
        let counter = UncheckedBox(DuplicateCounter())
        var recorded: [Int: RecordedImport] = [:]
        if !keepDuplicates {
            for (i, file) in files.enumerated() {
                do { recorded[i] = try Importer(options: options).runNames(path: file.path, name: file.name) { counter.value.observe(hash: $0) } }
                catch is ReadError, is MappingError { continue }
            }
        }
        let folder = UncheckedBox(DuplicateFolder(counter.value, catalog: options.catalog, holdLimit: DuplicateFolder.holdLimit,
                                                  spillDirectory: options.spoolDirectory))
        counter.value = DuplicateCounter()  // what the folder needs of it is in the folder now
        let out = UncheckedBox(sink)
        let watcher = UncheckedBox(observer)
        defer {
            sink = out.value
            observer = watcher.value
        }
        let policy = self.policy, includeInactive = self.includeInactive, decided = self.decided
        func emit(_ draft: ImportDraft) throws {
            var draft = draft
            watcher.value.folded(draft)
            draft.status = policy.decide(draft)
            try decided?(draft)
            if AcceptPolicy.isOutput(draft, includeInactive: includeInactive), let sub = Subscription(draft: draft) { try out.value.add(sub) }
        }
        // Rows that read cleanly are accepted by both policies that accept anything: they are
        // written as they come, without becoming drafts, unless their duplicates are open.
        let plain = policy == .none || !readsPlainRows || decided != nil ? nil : PlainSink(keepsSubscriptions: !sink.takesEntries, folded: folder.value.foldedWhole) { row, entry in
            guard folder.value.passesThrough(row) else { return false }
            try out.value.add(row, entry: entry)
            return true
        }
        var allRead = true
        for (i, file) in files.enumerated() {
            allRead = try read(file, replaying: recorded.removeValue(forKey: i), plain: plain, observer: &watcher.value) { draft in
                for ready in folder.value.add(draft) { try emit(ready) }
            } && allRead
        }
        for ready in folder.value.finish() { try emit(ready) }
        return allRead
    }

    /// Every draft of `inputs` in input order, neither folded nor decided: for a review, a
    /// preview or a drafts file. `failed` is true when an input could not be read.
    package static func drafts(_ inputs: [String], options: ImportOptions,
                               observer: inout some ImportObserver) throws -> (drafts: [ImportDraft], failed: Bool) {
        let engine = StreamingImport(options: options, policy: .none)
        var drafts: [ImportDraft] = []
        var allRead = true
        for input in inputs {
            let file = try InputFile.resolve(input, limits: options.limits)
            defer { file.remove() }
            allRead = try engine.read(file, replaying: nil, plain: nil, observer: &observer) { drafts.append($0) } && allRead
        }
        return (drafts, !allRead)
    }

    /// Reads one input, or hands on `recorded` when the duplicate-counting pass already read
    /// it; tells the observer each draft and the end. False when it could not be read.
    private func read(_ file: InputFile, replaying recorded: RecordedImport?, plain: PlainSink?,
                      observer: inout some ImportObserver, emit: (ImportDraft) throws -> Void) throws -> Bool {
        do {
            let report: ImportReport
            if case .finished(let drafts, let finished)? = recorded {
                for draft in drafts {
                    observer.read(draft)
                    try emit(draft)
                }
                report = finished
            } else {
                var prepared: PreparedTable?, archive: PreparedExport?
                if case .prepared(let table)? = recorded { prepared = table }
                if case .archive(let export)? = recorded { archive = export }
                report = try Importer(options: options).run(path: file.path, name: file.name, prepared: prepared, archive: archive,
                                                            plain: plain) { draft in
                    observer.read(draft)
                    try emit(draft)
                }
            }
            observer.finished(report)
            return true
        } catch let error as ReadError {
            observer.failed(file.name, error: error)
        } catch let error as MappingError {
            observer.failed(file.name, error: error)
        }
        return false
    }
}

/// An input as the readers take it: a path (or link) and the name messages use. Standard
/// input (`-`) is spooled to a temporary file first, because the table reader reads its input
/// twice; `remove` deletes that file.
package struct InputFile: Sendable {
    package let path: String
    package let name: String
    /// The spool of standard input, removed by `remove()` or on SIGINT, SIGTERM or SIGHUP.
    private let spool: TemporaryFile?

    /// `argument` as given (a path, a link, or `-`). The spool of standard input is capped
    /// (`ReadLimits.maxInputBytes`), and, unless `allowingBinary` (an image for `ocr -`, a file
    /// `validate -` reports on), input that starts with binary data (a `BinarySignature`, or a
    /// NUL byte in its first 64 KiB that is not UTF-16 text) is refused before it is spooled further.
    package static func resolve(_ argument: String, limits: ReadLimits = ReadLimits(), allowingBinary: Bool = false) throws -> InputFile {
        guard argument == "-" else { return InputFile(path: argument, name: argument, spool: nil) }
        let spool = try TemporaryFile(prefix: "ingest-stdin", what: "<stdin>")
        do {
            var total = 0
            var head: [UInt8] = []
            while true {
                let chunk = FileHandle.standardInput.readData(ofLength: 1 << 16)
                if chunk.isEmpty { break }
                if !allowingBinary, head.count < 1 << 16 {
                    head += chunk.prefix((1 << 16) - head.count)
                    if let signature = BinarySignature.sniff(head) { throw signature.error(file: "<stdin>") }
                    if let at = binaryAt(head) {
                        throw ReadError(file: "<stdin>", "looks like binary data, not a text table (a NUL byte at byte \(at))")
                    }
                }
                total += chunk.count
                guard total <= limits.maxInputBytes else {
                    throw ReadError(file: "<stdin>", "more than \(limits.maxInputBytes) bytes on standard input",
                                    remedy: .raiseLimit(.inputBytes, current: limits.maxInputBytes))
                }
                let written = chunk.withUnsafeBytes { bytes in Result { () throws(ReadError) in try spool.write(bytes, what: "<stdin>") } }
                try written.get()
            }
            spool.finishWriting()
        } catch {
            spool.remove()
            throw error
        }
        return InputFile(path: spool.path, name: "<stdin>", spool: spool)
    }

    /// Deletes the spool of standard input (nothing for any other input).
    package func remove() {
        spool?.remove()
    }

    /// The first NUL byte of the input's head, unless the head reads as UTF-16 (which holds
    /// NUL bytes in its ASCII characters).
    package static func binaryAt(_ head: [UInt8]) -> Int? {
        guard let at = head.firstIndex(of: 0) else { return nil }
        if TextEncoding.isUTF16(head) { return nil }
        return at
    }
}

/// A value that closures share and change, with its accesses left unchecked at run time: the
/// checks a captured `var` gets cost a few percent of a streamed import when made per row.
/// Only for values one thread touches, whose accesses never overlap.
final class UncheckedBox<Value> {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
