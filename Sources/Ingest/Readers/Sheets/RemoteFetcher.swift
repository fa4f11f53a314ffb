import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limits for fetching a remote table.
package struct FetchOptions: Hashable, Sendable {
    /// Seconds for the whole fetch, redirects and body included.
    package var timeout: Double
    /// Largest body accepted, counted after decoding (gzip) while it streams to a file.
    package var maxBytes: Int
    package var maxRedirects: Int
    /// Replaces `https://docs.google.com` in export URLs (tests, mirrors); nil for Google itself.
    package var sheetsBaseURL: String?

    package init(timeout: Double = 20, maxBytes: Int = 50_000_000, maxRedirects: Int = 5, sheetsBaseURL: String? = nil) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.sheetsBaseURL = sheetsBaseURL
    }
}

/// Why a remote table could not be fetched, in words that say what to do.
package struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case notShared, notFound, unreachable, timeout, tooLarge, tooManyRedirects, badRedirect, notCSV, http
    }

    package var kind: Kind
    package var message: String
    package var remedy: Issue.Remedy?

    package init(_ kind: Kind, _ message: String, remedy: Issue.Remedy? = nil) {
        self.kind = kind
        self.message = message
        self.remedy = remedy
    }

    package var description: String { message }
}

/// Fetches a remote CSV with URLSession: follows at most `maxRedirects` http(s) redirects, stops at
/// the total timeout, and streams the body (decoded) to a temporary file, stopping once it passes
/// `maxBytes` (with or without a Content-Length), so memory stays flat whatever the server
/// sends. The only networking in the library.
package struct RemoteFetcher: Sendable {
    package var options: FetchOptions

    package init(options: FetchOptions = FetchOptions()) {
        self.options = options
    }

    /// The body of `link`'s export URL in a temporary file (the caller removes it), checked to
    /// be CSV text rather than a sign-in page.
    package func fetch(_ link: RemoteLink) throws(FetchError) -> TemporaryFile {
        let address = link.fetchURL(base: options.sheetsBaseURL)
        guard let url = URL(string: address) else { throw FetchError(.http, "\(address) is not a valid URL") }
        let file: TemporaryFile
        do {
            file = try TemporaryFile(prefix: "ingest-fetch", what: address)
        } catch {
            throw FetchError(.unreachable, error.message)
        }
        do {
            let answer = try get(url, into: file)
            try RemoteFetcher.check(status: answer.status, contentType: answer.contentType, head: answer.head,
                                    hasNUL: answer.hasNUL, link: link, url: address)
        } catch {
            file.remove()
            throw error
        }
        file.finishWriting()
        return file
    }

    /// Decides from the final response and the body's first bytes whether the body is the table.
    static func check(status: Int, contentType: String?, head body: Data, hasNUL: Bool, link: RemoteLink, url: String) throws(FetchError) {
        let isSheets: Bool
        if case .sheets = link { isSheets = true } else { isSheets = false }
        switch status {
        case 200..<300: break
        case 401, 403:
            throw notShared(isSheets: isSheets, url: url)
        case 404, 410:
            throw FetchError(.notFound, isSheets
                ? "no such spreadsheet or tab (HTTP \(status)); check the link, and that the tab still exists"
                : "no file at \(url) (HTTP \(status)); check the link")
        default:
            throw FetchError(.http, "the server answered HTTP \(status) for \(url); try again later or download the file")
        }
        let head = String(decoding: body.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let type = contentType?.lowercased() ?? ""
        // Google answers a private sheet with a redirect to a sign-in page: a 200 HTML page.
        if type.contains("html") || head.hasPrefix("<!doctype html") || head.hasPrefix("<html") {
            throw notShared(isSheets: isSheets, url: url)
        }
        if hasNUL || type.hasPrefix("image/") || type.contains("pdf") || type.contains("zip")
            || type.contains("json") || type.contains("spreadsheetml") {
            throw FetchError(.notCSV, "the answer is not CSV text (\(type.isEmpty ? "binary data" : type)); "
                + (isSheets ? "link the sheet itself, or publish it as CSV (File → Share → Publish to web → CSV)"
                            : "link a .csv file"))
        }
    }

    static func notShared(isSheets: Bool, url: String) -> FetchError {
        FetchError(.notShared, isSheets
            ? "the sheet is not shared publicly (Google answered with a sign-in page); in Google Sheets choose "
                + "File → Share → Anyone with the link (Viewer), or File → Share → Publish to web → CSV, then paste that link"
            : "\(url) answered with a web page, not a CSV file; link the file itself, shared publicly")
    }

    /// GETs `url`, the body going to `file`; returns the final status, content type and the
    /// body's first bytes.
    ///
    /// A download task with a completion handler writes the body to a part file as it arrives;
    /// the session's delegate only vets redirects. A download delegate would be told of every
    /// piece written through its queue, and each message keeps its piece in memory until
    /// delivered, so a queue that fell behind on a busy machine held hundreds of MiB. This
    /// thread meanwhile measures the part file (`DownloadPart`) every 50 ms and gives up once it
    /// passes the limit or the time is up. Where there is no `/proc` (Apple platforms) the part
    /// is not found, and the limit is checked once the body is in.
    func get(_ url: URL, into file: TemporaryFile) throws(FetchError) -> Answer {
        // One fetch at a time in a process: the part file is told apart from other downloads
        // only by having been opened since this fetch began.
        RemoteFetcher.oneAtATime.lock()
        defer { RemoteFetcher.oneAtATime.unlock() }
        let redirects = RedirectGuard(url: url, maxRedirects: options.maxRedirects)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.timeoutIntervalForResource = options.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: redirects, delegateQueue: nil)
        var request = URLRequest(url: url)
        request.setValue("text/csv, text/plain;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        ReadProgress.start(url.host ?? url.absoluteString, total: 0)
        let opened = OpenDescriptors.snapshot()
        let outcome = Outcome()
        let target = file.path
        let task = session.downloadTask(with: request) { location, response, error in
            guard let location, let response else { return outcome.end(.failure(error ?? URLError(.unknown))) }
            // Moved over the caller's empty file before the session may remove it; not once the
            // fetch was given up, when the caller may have removed its file already.
            let kept = outcome.unlessAbandoned { rename(location.path, target) == 0 || RemoteFetcher.copy(location.path, to: file) } ?? false
            if !kept { unlink(location.path) }
            outcome.end(.success((kept, response)))
        }
        task.resume()
        let deadline = DispatchTime.now() + options.timeout
        var part: String?
        while outcome.ended.wait(timeout: min(.now() + 0.05, deadline)) == .timedOut {
            if let found = DownloadPart.find(openedSince: opened) {
                part = found.path
                ReadProgress.set(found.size, total: 0)
                if found.size > options.maxBytes {
                    abandon(session, redirects, outcome, opened: opened, part: part)
                    throw tooLarge
                }
            }
            if DispatchTime.now() >= deadline {
                abandon(session, redirects, outcome, opened: opened, part: part)
                throw timedOut(url)
            }
        }
        session.finishTasksAndInvalidate()
        let kept: Bool, response: URLResponse
        switch outcome.result {
        case .success(let done)?:
            (kept, response) = done
        case .failure(let error)?:
            if let path = part { unlink(path) }
            if let refused = redirects.failure { throw refused }
            throw transportError(error, url: url)
        case nil:
            throw FetchError(.unreachable, "no answer from \(url.host ?? "the server")")
        }
        guard kept else {
            throw FetchError(.unreachable, "cannot keep the download in \(file.path); free some disk space or set TMPDIR")
        }
        if let refused = redirects.failure { throw refused }
        let (size, head, hasNUL) = RemoteFetcher.inspect(file.path)
        guard size <= options.maxBytes else { throw tooLarge }
        let http = response as? HTTPURLResponse
        return Answer(status: http?.statusCode ?? 0, contentType: http?.value(forHTTPHeaderField: "Content-Type"), head: head, hasNUL: hasNUL)
    }

    /// The final status, content type and the body's first 512 bytes.
    struct Answer {
        var status: Int
        var contentType: String?
        var head: Data
        var hasNUL: Bool
    }

    /// Serialises fetches within a process (`get`).
    private static let oneAtATime = SpinningLock()

    private var tooLarge: FetchError {
        FetchError(.tooLarge, "the file is larger than the limit of \(options.maxBytes) bytes",
                   remedy: .raiseLimit(.downloadBytes, current: options.maxBytes))
    }

    private func transportError(_ error: Error, url: URL) -> FetchError {
        if (error as? URLError)?.code == .timedOut { return timedOut(url) }
        return FetchError(.unreachable, "cannot reach \(url.host ?? "the server") (\(error.localizedDescription)); check your network connection and the link")
    }

    private func timedOut(_ url: URL) -> FetchError {
        FetchError(.timeout, "no complete answer from \(url.host ?? "the server") within \(RemoteFetcher.seconds(options.timeout)) s; "
            + "check your connection", remedy: .longerTimeout)
    }

    /// Cancels a download the caller gives up on, waits (a while) for it to end, and removes
    /// its part file.
    ///
    /// The cancel runs on a thread of its own: it waits for the session's queue, which a server
    /// sending faster than the body is written keeps busy for as long as it sends. So the
    /// fetch's connection is also shut down under the task (`ConnectionCutter`), at once and
    /// then every 100 ms for ten seconds while the task has not ended: no body outlives its limit
    /// by more than a moment's transfer.
    private func abandon(_ session: URLSession, _ redirects: RedirectGuard, _ outcome: Outcome,
                         opened: OpenDescriptors.Snapshot, part: String?) {
        outcome.abandon()
        let cancelling = Thread { session.invalidateAndCancel() }
        cancelling.start()
        let target = redirects.currentURL.flatMap { url in
            url.host.map { ConnectionCutter.Target(host: $0, port: url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)) }
        }
        for _ in 0..<100 {
            if let target { ConnectionCutter.cut(target, openedSince: opened) }
            if outcome.ended.wait(timeout: .now() + 0.1) == .success { break }
        }
        if let part { unlink(part) }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// How a download ended: whether its body was kept in the caller's file, and the response; or
/// the error. `ended` is signalled once.
private final class Outcome: @unchecked Sendable {
    let ended = DispatchSemaphore(value: 0)
    private let lock = SpinningLock()
    private var stored: Result<(Bool, URLResponse), Error>?

    private var abandoned = false

    func end(_ result: Result<(Bool, URLResponse), Error>) {
        lock.withLock { stored = result }
        ended.signal()
    }

    /// The fetch gives up: no body is kept from here on.
    func abandon() {
        lock.withLock { abandoned = true }
    }

    /// `body`'s answer, run under the lock unless the fetch gave up (nil then).
    func unlessAbandoned(_ body: () -> Bool) -> Bool? {
        lock.withLock { abandoned ? nil : body() }
    }

    var result: Result<(Bool, URLResponse), Error>? {
        lock.withLock { stored }
    }
}

/// Vets each redirect of a fetch: only http(s), at most `maxRedirects`; remembers the address
/// fetched now and why a redirect was refused. URLSession calls it on its own queue.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = SpinningLock()
    private let maxRedirects: Int
    private var redirects = 0
    private var url: URL?
    private var refusal: FetchError?

    init(url: URL, maxRedirects: Int) {
        self.url = url
        self.maxRedirects = maxRedirects
    }

    /// The address being fetched now: the first, or the last redirect followed.
    var currentURL: URL? {
        lock.withLock { url }
    }

    /// Why a redirect was refused, if one was.
    var failure: FetchError? {
        lock.withLock { refusal }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let count = lock.withLock {
            redirects += 1
            return redirects
        }
        // FoundationNetworking turns a Location of another scheme (`file:///etc/passwd`) into a
        // path on the same server, so the header itself is checked.
        let location = response.value(forHTTPHeaderField: "Location")
        let target = location.flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
        let scheme = (target?.scheme ?? request.url?.scheme)?.lowercased()
        if scheme != "http" && scheme != "https" {
            refuse(FetchError(.badRedirect, RemoteFetcher.badRedirect(location ?? request.url?.absoluteString)))
            completionHandler(nil)
        } else if count > maxRedirects {
            // Refusing the redirect ends the task with the 3xx answer.
            refuse(FetchError(.tooManyRedirects, "more than \(maxRedirects) redirects (a redirect loop?); open the link in a browser to check it"))
            completionHandler(nil)
        } else {
            lock.withLock { url = request.url ?? url }
            completionHandler(request)
        }
    }

    private func refuse(_ error: FetchError) {
        lock.withLock { if refusal == nil { refusal = error } }
    }
}

extension RemoteFetcher {
    /// Copies a download that could not be moved (another file system), then removes it.
    static func copy(_ path: String, to file: TemporaryFile) -> Bool {
        defer { unlink(path) }
        guard let input = fopen(path, "rb") else { return false }
        defer { fclose(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, input)
            if n == 0 { return ferror(input) == 0 }
            let piece = buffer.withUnsafeBytes { raw in Result { () throws(ReadError) in try file.write(UnsafeRawBufferPointer(rebasing: raw[..<n]), what: "") } }
            if case .failure = piece { return false }
        }
    }

    /// The file's size, its first 512 bytes, and whether it holds a NUL byte anywhere.
    static func inspect(_ path: String) -> (Int, Data, Bool) {
        guard let input = fopen(path, "rb") else { return (0, Data(), false) }
        defer { fclose(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var size = 0
        var head = Data()
        var hasNUL = false
        while true {
            let n = fread(&buffer, 1, buffer.count, input)
            if n == 0 { break }
            if head.count < 512 { head.append(contentsOf: buffer[..<min(n, 512 - head.count)]) }
            if !hasNUL { hasNUL = buffer.withUnsafeBytes { memchr($0.baseAddress!, 0, n) != nil } }
            size += n
        }
        return (size, head, hasNUL)
    }
}

extension RemoteFetcher {
    /// Why a redirect to anything but http(s) is refused, naming its scheme.
    static func badRedirect(_ target: String?) -> String {
        guard let target, let colon = target.firstIndex(of: ":") else {
            return "the server redirected to an address that is not an http(s) link, refused"
        }
        let scheme = target[..<colon].lowercased()
        let shown = target.count > 80 ? String(target.prefix(80)) + "…" : target
        return "the server redirected to a \(scheme): URL (\(shown)), refused: only http and https links are followed"
    }
}

/// The links an import failed on, with the error: the import reads its inputs in two passes,
/// and a link that failed in the first is not fetched again in the second (a slow server would
/// cost the timeout twice).
package final class FetchedLinks: @unchecked Sendable {
    private let lock = SpinningLock()
    private var failures: [String: any Error] = [:]

    package init() {}

    /// Remembers why `link` failed; returns the error, for throwing.
    @discardableResult
    package func failed(_ link: String, _ error: any Error) -> any Error {
        lock.lock()
        defer { lock.unlock() }
        failures[link] = error
        return error
    }

    package func failure(_ link: String) -> (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failures[link]
    }
}
