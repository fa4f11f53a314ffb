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
public struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case notShared, notFound, unreachable, timeout, tooLarge, tooManyRedirects, badRedirect, notCSV, http
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Fetches a remote CSV with URLSession: follows at most `maxRedirects` http(s) redirects, stops at
/// the total timeout, and streams the body (decoded) to a temporary file, stopping once it passes
/// `maxBytes` (with or without a Content-Length), so memory stays flat whatever the server
/// sends. The only networking in the library.
public struct RemoteFetcher: Sendable {
    public var options: FetchOptions

    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
    }

    /// The body of `link`'s export URL in a temporary file (the caller removes it), checked to
    /// be CSV text rather than a sign-in page.
    public func fetch(_ link: RemoteLink) throws(FetchError) -> TemporaryFile {
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

    /// GETs `url`, writing the body to `file`; returns the final status, content type and the
    /// body's first bytes.
    func get(_ url: URL, into file: TemporaryFile) throws(FetchError) -> FetchDelegate.Answer {
        let delegate = FetchDelegate(maxBytes: options.maxBytes, maxRedirects: options.maxRedirects, file: file)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.timeoutIntervalForResource = options.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        var request = URLRequest(url: url)
        request.setValue("text/csv, text/plain;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        task.resume()
        let waited = delegate.done.wait(timeout: .now() + options.timeout)
        if waited == .timedOut {
            delegate.stop()
            task.cancel()
            session.invalidateAndCancel()
            throw FetchError(.timeout, "no complete answer from \(url.host ?? "the server") within \(RemoteFetcher.seconds(options.timeout)) s; "
                + "check your connection, or pass a longer --timeout")
        }
        session.finishTasksAndInvalidate()
        return try delegate.result(url: url, timeout: options.timeout)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Writes one task's answer to a file as it arrives; URLSession calls it on its own queue, the
/// caller waits on `done`. Once the body passes the limit (or the caller gave up), the rest is
/// dropped and the task cancelled.
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Answer {
        var status: Int
        var contentType: String?
        /// The body's first 512 bytes.
        var head: Data
        var hasNUL: Bool
    }

    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let maxBytes: Int
    private let maxRedirects: Int
    private let file: TemporaryFile
    private var received = 0
    private var head = Data()
    private var hasNUL = false
    /// Set when the body is no longer wanted: over the limit, a failure, or an error status.
    private var stopped = false
    private var response: HTTPURLResponse?
    private var failure: FetchError?
    private var transportError: Error?
    private var redirects = 0

    init(maxBytes: Int, maxRedirects: Int, file: TemporaryFile) {
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.file = file
    }

    /// Drops whatever still arrives.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private func fail(_ error: FetchError) {
        lock.lock()
        if failure == nil { failure = error }
        stopped = true
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
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        lock.lock()
        self.response = http
        // An error page's body is not wanted: its status says it all.
        if let status = http?.statusCode, !(200..<300).contains(status) { stopped = true }
        lock.unlock()
        if response.expectedContentLength > Int64(maxBytes) {
            fail(tooLarge(announced: response.expectedContentLength))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        if stopped {
            lock.unlock()
            dataTask.cancel()
            return
        }
        received += data.count
        let over = received > maxBytes
        if !over {
            if head.count < 512 { head.append(data.prefix(512 - head.count)) }
            if !hasNUL { hasNUL = data.contains(0) }
        }
        lock.unlock()
        if over {
            fail(tooLarge(announced: nil))
            dataTask.cancel()
            return
        }
        let written = data.withUnsafeBytes { raw in Result { () throws(ReadError) in try file.write(raw, what: "") } }
        if case .failure(let error) = written {
            fail(FetchError(.unreachable, "cannot keep the download: \(error.message)"))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        transportError = error
        lock.unlock()
        done.signal()
    }

    private func tooLarge(announced: Int64?) -> FetchError {
        let size = announced.map { " (\($0) bytes announced)" } ?? ""
        return FetchError(.tooLarge, "the file is larger than the limit of \(maxBytes) bytes\(size); pass a larger --max-bytes if it is really that big")
    }

    func result(url: URL, timeout: Double) throws(FetchError) -> Answer {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        // An error status ends the task early on purpose: the status is the answer.
        if let response, !(200..<300).contains(response.statusCode) {
            return Answer(status: response.statusCode, contentType: response.value(forHTTPHeaderField: "Content-Type"), head: Data(), hasNUL: false)
        }
        if let error = transportError {
            let host = url.host ?? "the server"
            let code = (error as? URLError)?.code
            if code == .timedOut {
                throw FetchError(.timeout, "no complete answer from \(host) within \(RemoteFetcher.seconds(timeout)) s; "
                    + "check your connection, or pass a longer --timeout")
            }
            throw FetchError(.unreachable, "cannot reach \(host) (\(error.localizedDescription)); check your network connection and the link")
        }
        guard let response else { throw FetchError(.unreachable, "no answer from \(url.host ?? "the server")") }
        return Answer(status: response.statusCode, contentType: response.value(forHTTPHeaderField: "Content-Type"), head: head, hasNUL: hasNUL)
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
public final class FetchedLinks: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String: any Error] = [:]

    public init() {}

    /// Remembers why `link` failed; returns the error, for throwing.
    @discardableResult
    public func failed(_ link: String, _ error: any Error) -> any Error {
        lock.lock()
        defer { lock.unlock() }
        failures[link] = error
        return error
    }

    public func failure(_ link: String) -> (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failures[link]
    }
}
