import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limits for fetching a remote table.
public struct FetchOptions: Hashable, Sendable {
    /// Seconds for the whole fetch, redirects and body included.
    public var timeout: Double
    /// Largest body accepted, counted after decoding (gzip) while it streams to a file.
    public var maxBytes: Int
    public var maxRedirects: Int
    /// Replaces `https://docs.google.com` in export URLs (tests, mirrors); nil for Google itself.
    public var sheetsBaseURL: String?

    public init(timeout: Double = 20, maxBytes: Int = 50_000_000, maxRedirects: Int = 5, sheetsBaseURL: String? = nil) {
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
    /// body's first bytes. A download task, because FoundationNetworking writes its body to disk
    /// as it arrives, where a data task queues every piece for its delegate with no limit (over
    /// a gigabyte for a fast endless body).
    func get(_ url: URL, into file: TemporaryFile) throws(FetchError) -> FetchDelegate.Answer {
        let delegate = FetchDelegate(url: url, maxBytes: options.maxBytes, maxRedirects: options.maxRedirects, file: file)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.timeoutIntervalForResource = options.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        var request = URLRequest(url: url)
        request.setValue("text/csv, text/plain;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        let task = session.downloadTask(with: request)
        ReadProgress.start(url.host ?? url.absoluteString, total: 0)
        let opened = ConnectionCutter.snapshot()
        task.resume()
        let waited = delegate.done.wait(timeout: .now() + options.timeout)
        if waited == .timedOut {
            abandon(task, session, delegate, opened: opened)
            throw FetchError(.timeout, "no complete answer from \(url.host ?? "the server") within \(RemoteFetcher.seconds(options.timeout)) s; "
                + "check your connection", remedy: .longerTimeout)
        }
        do {
            let answer = try delegate.result(url: url, timeout: options.timeout)
            session.finishTasksAndInvalidate()
            return answer
        } catch {
            abandon(task, session, delegate, opened: opened)
            throw error
        }
    }

    /// Cancels a download the caller gives up on and waits (a while) for its task to end.
    ///
    /// `cancel()` runs on a thread of its own: it waits for the session's queue, which a server
    /// sending faster than the body is written keeps busy for as long as it sends. So the
    /// fetch's connection is also shut down under the task (`ConnectionCutter`), at once and
    /// then every 100 ms for ten seconds while the task has not ended: no body outlives its limit
    /// by more than a moment's transfer.
    ///
    /// FoundationNetworking may leave the part it wrote as `<UUID>.tmp` in the temporary folder;
    /// it is not removed here, because nothing tells it apart from another process's download
    /// in progress. The command-line tool gives each run a temporary folder of its own
    /// (`TemporaryFiles.useOwnFolder`), removed with the part when the run ends.
    private func abandon(_ task: URLSessionTask, _ session: URLSession, _ delegate: FetchDelegate,
                         opened: ConnectionCutter.Snapshot) {
        let cancelling = Thread {
            task.cancel()
            session.invalidateAndCancel()
        }
        cancelling.start()
        let target = delegate.currentURL.flatMap { url in
            url.host.map { ConnectionCutter.Target(host: $0, port: url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)) }
        }
        for _ in 0..<100 {
            if let target { ConnectionCutter.cut(target, openedSince: opened) }
            if delegate.ended.wait(timeout: .now() + 0.1) == .success { return }
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Follows one download; URLSession calls it on its own queue, the caller waits on `done`.
/// Once the body passes the limit the task is cancelled.
final class FetchDelegate: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    struct Answer {
        var status: Int
        var contentType: String?
        /// The body's first 512 bytes.
        var head: Data
        var hasNUL: Bool
    }

    let done = DispatchSemaphore(value: 0)
    /// Signalled when the task has ended, however: nothing is written for it after that.
    let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let maxBytes: Int
    private let maxRedirects: Int
    private let file: TemporaryFile
    private var writtenBytes = 0
    /// Set once the task has been cancelled for its size or status; `done` is signalled then.
    private var stopped = false
    private var answer: Answer?
    private var failure: FetchError?
    private var transportError: Error?
    private var redirects = 0
    private var url: URL?

    init(url: URL, maxBytes: Int, maxRedirects: Int, file: TemporaryFile) {
        self.url = url
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.file = file
    }

    /// The address being fetched now: the first, or the last redirect followed.
    var currentURL: URL? {
        lock.lock()
        defer { lock.unlock() }
        return url
    }

    /// Body bytes written so far (decoded), as the session reports them.
    var written: Int {
        lock.lock()
        defer { lock.unlock() }
        return writtenBytes
    }

    private func fail(_ error: FetchError) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        // FoundationNetworking turns a Location of another scheme (`file:///etc/passwd`) into a
        // path on the same server, so the header itself is checked.
        let location = response.value(forHTTPHeaderField: "Location")
        let target = location.flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
        let scheme = (target?.scheme ?? request.url?.scheme)?.lowercased()
        if scheme != "http" && scheme != "https" {
            fail(FetchError(.badRedirect, RemoteFetcher.badRedirect(location ?? request.url?.absoluteString)))
            completionHandler(nil)
        } else if count > maxRedirects {
            // Refusing the redirect ends the task with the 3xx answer; cancelling it here as well
            // makes FoundationNetworking trap ("Received callback for HTTP redirection …").
            fail(FetchError(.tooManyRedirects, "more than \(maxRedirects) redirects (a redirect loop?); open the link in a browser to check it"))
            completionHandler(nil)
        } else {
            lock.lock()
            url = request.url ?? url
            lock.unlock()
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        lock.lock()
        writtenBytes = max(writtenBytes, Int(totalBytesWritten))
        let alreadyStopped = stopped
        lock.unlock()
        ReadProgress.set(Int(totalBytesWritten), total: Int(totalBytesExpectedToWrite))
        guard !alreadyStopped else { return }
        if totalBytesExpectedToWrite > Int64(maxBytes) {
            stop(failing: tooLarge(announced: totalBytesExpectedToWrite))
        } else if totalBytesWritten > Int64(maxBytes) {
            stop(failing: tooLarge(announced: nil))
        }
    }

    /// Lets the caller go on at once, to cancel the task. Nothing here may wait for the session:
    /// its queue is busy with the transfer, and every piece it reports while this queue is held
    /// up waits in memory.
    private func stop(failing error: FetchError) {
        lock.lock()
        let first = !stopped
        stopped = true
        if failure == nil { failure = error }
        lock.unlock()
        if first { done.signal() }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let response = downloadTask.response as? HTTPURLResponse
        // Moved over the caller's empty file, then measured and looked at here: no size reported
        // along the way is trusted.
        guard rename(location.path, file.path) == 0 || copy(location.path, to: file) else {
            unlink(location.path)
            fail(FetchError(.unreachable, "cannot keep the download in \(file.path); free some disk space or set TMPDIR"))
            return
        }
        let (size, head, hasNUL) = Self.inspect(file.path)
        lock.lock()
        writtenBytes = max(writtenBytes, size)
        if size > maxBytes, failure == nil { failure = tooLarge(announced: nil) }
        if answer == nil {
            answer = Answer(status: response?.statusCode ?? 0, contentType: response?.value(forHTTPHeaderField: "Content-Type"),
                            head: head, hasNUL: hasNUL)
        }
        lock.unlock()
    }

    /// Copies a download that could not be moved (another file system), then removes it.
    private func copy(_ path: String, to file: TemporaryFile) -> Bool {
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

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        transportError = error
        let signalled = stopped
        lock.unlock()
        if !signalled { done.signal() }
        ended.signal()
    }

    private func tooLarge(announced: Int64?) -> FetchError {
        let size = announced.map { " (\($0) bytes announced)" } ?? ""
        return FetchError(.tooLarge, "the file is larger than the limit of \(maxBytes) bytes\(size)",
                          remedy: .raiseLimit(.downloadBytes, current: maxBytes))
    }

    func result(url: URL, timeout: Double) throws(FetchError) -> Answer {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        // An error status may end the task early on purpose: the status is the answer.
        if let answer, !(200..<300).contains(answer.status) { return answer }
        if let error = transportError {
            let host = url.host ?? "the server"
            let code = (error as? URLError)?.code
            if code == .timedOut {
                throw FetchError(.timeout, "no complete answer from \(host) within \(RemoteFetcher.seconds(timeout)) s; "
                    + "check your connection", remedy: .longerTimeout)
            }
            throw FetchError(.unreachable, "cannot reach \(host) (\(error.localizedDescription)); check your network connection and the link")
        }
        guard let answer else { throw FetchError(.unreachable, "no answer from \(url.host ?? "the server")") }
        return answer
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
    private let lock = NSLock()
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
