import Foundation
import Glibc

/// A tiny HTTP/1.1 server on 127.0.0.1 and a random port, so fetch tests never touch the
/// internet. Each connection gets one request and one answer from `route`. The server stops on
/// `stop()` or by itself after `lifetime` seconds, whichever comes first.
final class LoopbackServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        /// Path and query as sent (`/spreadsheets/d/ID/export?format=csv&gid=0`).
        var target: String
        var path: String { String(target.prefix { $0 != "?" }) }
    }

    /// Writes the answer to the client socket.
    struct Connection {
        let fd: Int32

        /// False once the client has gone away.
        @discardableResult
        func send(_ bytes: [UInt8]) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { return false }
                sent += n
            }
            return true
        }

        @discardableResult
        func send(_ text: String) -> Bool { send(Array(text.utf8)) }

        /// A whole answer with a Content-Length.
        func respond(_ status: String, headers: [String: String] = [:], body: String = "") {
            var head = "HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            send(head + "\r\n" + body)
        }

        func redirect(to location: String) {
            respond("302 Found", headers: ["Location": location, "Content-Type": "text/html"], body: "<a href=\"\(location)\">moved</a>")
        }
    }

    typealias Route = @Sendable (Request, Connection) -> Void

    let port: UInt16
    var base: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    private let route: Route
    private let lock = NSLock()
    private var stopped = false
    private var targets: [String] = []

    /// How many requests have come for paths starting with `prefix`.
    func requests(_ prefix: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return targets.filter { $0.hasPrefix(prefix) }.count
    }

    init(lifetime: TimeInterval = 30, route: @escaping Route) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket() failed") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw ServerError("bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        self.route = route
        let deadline = Date().addingTimeInterval(lifetime)
        let thread = Thread { [self] in acceptLoop(until: deadline) }
        thread.start()
    }

    deinit { stop() }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop(until deadline: Date) {
        defer { close(listener) }
        while !isStopped, Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            let route = self.route
            Thread {
                defer { close(client) }
                guard let request = LoopbackServer.readRequest(client) else { return }
                self.lock.lock()
                self.targets.append(request.path)
                self.lock.unlock()
                route(request, Connection(fd: client))
            }.start()
        }
        stop()
    }

    /// Reads up to the end of the request head (GET requests carry no body).
    private static func readRequest(_ fd: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            bytes += buffer[..<n]
            if let text = String(bytes: bytes, encoding: .utf8), text.contains("\r\n\r\n") {
                let words = text.prefix { $0 != "\r" }.split(separator: " ")
                guard words.count >= 2 else { return nil }
                return Request(method: String(words[0]), target: String(words[1]))
            }
        }
        return nil
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
