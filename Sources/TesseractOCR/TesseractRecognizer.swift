import Dispatch
import Foundation
import Ingest

/// Reads screenshots with Tesseract. Engines (one per language set, loaded once) are kept in a
/// pool and reused; a batch is recognised on all cores, one engine per worker.
///
/// Unchecked `Sendable`: every mutable member is guarded by `lock` or `results`' condition, and
/// an engine is only ever used by the one thread that took it from the pool.
public final class TesseractRecognizer: TextRecognizer, @unchecked Sendable {
    public let configuration: OCRConfiguration
    private let rules = PreparationRules()
    private let reread: ScriptReread?
    private let lock = NSLock()
    /// Engines not in use, by language spec.
    private var idle: [String: [TesseractEngine]] = [:]
    private var setup: Result<Tessdata, OCRSetupError>?
    /// Engines are created one at a time: Tesseract's initialisation touches global settings.
    private let creation = NSLock()
    private let results = NSCondition()
    private var prefetched: [OCRInput: Result<RecognizedPage, any Error>] = [:]
    private var inFlight: Set<OCRInput> = []
    /// Background batches started by `prefetch` and not finished yet.
    private let background = DispatchGroup()

    public convenience init(configuration: OCRConfiguration = OCRConfiguration()) {
        self.init(configuration: configuration, rereading: true)
    }

    /// `rereading` false: without the second reading of `ScriptReread`, to measure what it adds.
    init(configuration: OCRConfiguration, rereading: Bool) {
        self.configuration = configuration
        reread = rereading ? ScriptReread(languages: configuration.languages) : nil
    }

    /// Finds the language data and checks the packs once; later calls give the same answer.
    public func checkSetup() throws(OCRSetupError) -> Tessdata {
        lock.lock()
        defer { lock.unlock() }
        if let setup { return try setup.get() }
        let result = Result<Tessdata, OCRSetupError> { () throws(OCRSetupError) -> Tessdata in
            guard let packs = OCRLanguages.parse(configuration.languages) else {
                throw OCRSetupError("OCR language \"\(configuration.languages)\" is not a Tesseract language list (expected e.g. eng or eng+deu)")
            }
            let tessdata = try Tessdata.locate(explicit: configuration.tessdataDirectory, environment: configuration.environment)
            try tessdata.check(packs)
            return tessdata
        }
        setup = result
        return try result.get()
    }

    /// The words of one image: the prefetched result when there is one, else read now.
    public func recognize(path: String, name: String) throws -> RecognizedPage {
        let input = OCRInput(path: path, name: name)
        results.lock()
        while inFlight.contains(input) { results.wait() }
        let ready = prefetched[input]
        results.unlock()
        if let ready { return try ready.get() }
        return try recognizeNow(input)
    }

    /// Recognises `inputs` in parallel on all cores; the results come back in input order.
    public func recognizeAll(_ inputs: [OCRInput]) -> [Result<RecognizedPage, any Error>] {
        prefetch(inputs)
        return inputs.map { input in Result { try recognize(path: input.path, name: input.name) } }
    }

    /// Starts recognising `inputs` in the background, in parallel; `recognize` then waits for
    /// (and returns) these results instead of starting again. For batches read one by one.
    public func prefetch(_ inputs: [OCRInput]) {
        results.lock()
        let fresh = Array(Set(inputs).subtracting(inFlight).subtracting(prefetched.keys))
        let ordered = inputs.filter(Set(fresh).contains).reduce(into: [OCRInput]()) { if !$0.contains($1) { $0.append($1) } }
        inFlight.formUnion(ordered)
        results.unlock()
        guard !ordered.isEmpty else { return }
        background.enter()
        DispatchQueue.global().async {
            defer { self.background.leave() }
            DispatchQueue.concurrentPerform(iterations: ordered.count) { index in
                let input = ordered[index]
                let result = Result { try self.recognizeNow(input) }
                self.results.lock()
                self.prefetched[input] = result
                self.inFlight.remove(input)
                self.results.broadcast()
                self.results.unlock()
            }
        }
    }

    /// `prefetch(_:)` for `TextRecognizer`, with images given as paths and names.
    public func prefetch(_ images: [(path: String, name: String)]) {
        prefetch(images.map { OCRInput(path: $0.path, name: $0.name) })
    }

    /// Waits for background recognition to finish and frees the engines. Call it before the
    /// process exits: Tesseract tears down its shared dictionaries at exit and complains about
    /// (or crashes on) engines still alive. The recognizer stays usable; it starts new engines.
    public func close() {
        background.wait()
        lock.lock()
        idle.removeAll()
        lock.unlock()
    }

    /// Reads, prepares and recognises one image on the calling thread.
    func recognizeNow(_ input: OCRInput) throws -> RecognizedPage {
        let original = try ImageLoader(maxPixels: configuration.maxPixels).load(path: input.path, name: input.name)
        let prepared = try rules.prepare(original, name: input.name)
        let engine = try takeEngine(configuration.languages)
        defer { giveBack(engine) }
        var words = try engine.words(in: prepared, name: input.name)
        if let reread { words = read(words, again: reread, in: prepared, name: input.name) }
        return RecognizedPage(image: input.name, width: prepared.originalWidth, height: prepared.originalHeight,
                              words: words, inverted: prepared.inverted)
    }

    /// `words` with each doubtful word replaced by what the script's pack alone reads there,
    /// when `reread` prefers it. The second reading only improves a page already read: where it
    /// fails, the first reading stays.
    private func read(_ words: [RecognizedWord], again reread: ScriptReread, in prepared: PreparedImage,
                      name: String) -> [RecognizedWord] {
        let doubtful = reread.doubtful(words)
        guard !doubtful.isEmpty, let engine = try? takeEngine(reread.pack) else { return words }
        defer { giveBack(engine) }
        var replaced: [Int: [RecognizedWord]] = [:]
        for index in doubtful {
            let region = reread.region(of: words[index], width: prepared.originalWidth, height: prepared.originalHeight)
            guard let again = try? engine.lineWords(in: prepared, region: region, name: name) else { continue }
            if let better = reread.replacement(for: words[index], reread: again) { replaced[index] = better }
        }
        return words.indices.flatMap { replaced[$0] ?? [words[$0]] }
    }

    private func takeEngine(_ languages: String) throws(OCRSetupError) -> TesseractEngine {
        lock.lock()
        if let engine = idle[languages]?.popLast() {
            lock.unlock()
            return engine
        }
        lock.unlock()
        let tessdata = try checkSetup()
        creation.lock()
        defer { creation.unlock() }
        return try TesseractEngine(tessdata: tessdata, languages: languages,
                                   pageSegmentation: configuration.pageSegmentation)
    }

    private func giveBack(_ engine: TesseractEngine) {
        lock.lock()
        idle[engine.languages, default: []].append(engine)
        lock.unlock()
    }
}
