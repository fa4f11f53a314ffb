import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Limits for fetching a remote table.
public struct FetchOptions: Hashable, Sendable {
    /// Seconds for the whole fetch, redirects and body included.
    public var timeout: Double
    /// Largest body accepted, checked while it streams in.
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
/// the total timeout, and stops reading once the body passes `maxBytes` (with or without a
/// Content-Length). The only networking in the library.
public struct RemoteFetcher: Sendable {
    public var options: FetchOptions

    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
    }

    /// The body of `link`'s export URL, checked to be CSV text rather than a sign-in page.
    public func fetch(_ link: RemoteLink) throws(FetchError) -> Data {
        let address = link.fetchURL(base: options.sheetsBaseURL)
        guard let url = URL(string: address) else { throw FetchError(.http, "\(address) is not a valid URL") }
        let (status, contentType, body) = try get(url)
        try RemoteFetcher.check(status: status, contentType: contentType, body: body, link: link, url: address)
        return body
    }

    /// Decides from the final response whether the body is the table.
    static func check(status: Int, contentType: String?, body: Data, link: RemoteLink, url: String) throws(FetchError) {
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
        if body.contains(0) || type.hasPrefix("image/") || type.contains("pdf") || type.contains("zip")
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

    /// GETs `url`, returning the final status, content type and body.
    func get(_ url: URL) throws(FetchError) -> (Int, String?, Data) {
        let delegate = FetchDelegate(maxBytes: options.maxBytes, maxRedirects: options.maxRedirects)
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

/// Collects one task's answer; URLSession calls it on its own queue, the caller waits on `done`.
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private let maxBytes: Int
    private let maxRedirects: Int
    private var body = Data()
    private var response: HTTPURLResponse?
    private var failure: FetchError?
    private var transportError: Error?
    private var redirects = 0

    init(maxBytes: Int, maxRedirects: Int) {
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
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
        let scheme = request.url?.scheme?.lowercased()
        if count > maxRedirects {
            // Refusing the redirect ends the task with the 3xx answer; cancelling it here as well
            // makes FoundationNetworking trap ("Received callback for HTTP redirection …").
            fail(FetchError(.tooManyRedirects, "more than \(maxRedirects) redirects (a redirect loop?); open the link in a browser to check it"))
            completionHandler(nil)
        } else if scheme != "http" && scheme != "https" {
            fail(FetchError(.badRedirect, "the server redirected to \(request.url?.absoluteString ?? "an unknown address"), which is not an http(s) link"))
            completionHandler(nil)
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        body.removeAll()
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
        body.append(data)
        let over = body.count > maxBytes
        lock.unlock()
        if over {
            fail(tooLarge(announced: nil))
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

    func result(url: URL, timeout: Double) throws(FetchError) -> (Int, String?, Data) {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
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
        return (response.statusCode, response.value(forHTTPHeaderField: "Content-Type"), body)
    }
}
