import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Shuts down the TCP connections a fetch opened, from outside URLSession.
///
/// FoundationNetworking runs a transfer on one serial queue and cancels it through the same
/// queue. When a server sends faster than the body is written to disk, curl asks to be called
/// again at once after every read, that queue never empties, and `cancel()` waits behind it for
/// as long as the server keeps sending: a body with no end fills the disk. Shutting the socket
/// down ends the transfer from below (curl reads the end of the stream), and the queue drains.
///
/// Only connections that were not open when the fetch began (`OpenDescriptors.Snapshot`) and
/// whose peer is the host and port being fetched are touched. Linux only (it reads
/// `/proc/self/fd`); elsewhere `cut` finds nothing.
enum ConnectionCutter {
    /// A host's numeric addresses and a port: the far end of the connections to cut. Resolved
    /// once, then cut as often as needed.
    struct Target: Sendable {
        var addresses: Set<String>
        var port: Int

        init(host: String, port: Int) {
            addresses = ConnectionCutter.addresses(of: host, port: port)
            self.port = port
        }
    }

    /// Shuts down (both ways) each TCP connection to `target` opened since `before`; returns
    /// how many.
    @discardableResult
    static func cut(_ target: Target, openedSince before: OpenDescriptors.Snapshot) -> Int {
        guard !target.addresses.isEmpty else { return 0 }
        var count = 0
        for socket in OpenDescriptors.opened(since: before) where socket.target.hasPrefix("socket:[") {
            guard let peer = peer(of: socket.fd), peer.port == target.port, target.addresses.contains(peer.address) else { continue }
            if shutdown(socket.fd, Int32(SHUT_RDWR)) == 0 { count += 1 }
        }
        return count
    }

    /// The numeric address and port a connected TCP socket talks to; nil for anything else.
    private static func peer(of fd: Int32) -> (address: String, port: Int)? {
        var type: Int32 = 0
        var typeSize = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &typeSize) == 0, type == Int32(SOCK_STREAM.rawValue) else { return nil }
        var storage = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &size) }
        }
        guard got == 0 else { return nil }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { numeric($0, size) }
        }
    }

    /// The numeric addresses `host` resolves to.
    private static func addresses(of host: String, port: Int) -> Set<String> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(bare, String(port), &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var found: Set<String> = []
        var node = list
        while let info = node {
            if let address = info.pointee.ai_addr, let peer = numeric(address, info.pointee.ai_addrlen) { found.insert(peer.address) }
            node = info.pointee.ai_next
        }
        return found
    }

    /// An IPv4 or IPv6 socket address as text and a port; IPv4-mapped IPv6 addresses as IPv4.
    private static func numeric(_ address: UnsafePointer<sockaddr>, _ size: socklen_t) -> (address: String, port: Int)? {
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        guard getnameinfo(address, size, &host, socklen_t(host.count), &service, socklen_t(service.count),
                          NI_NUMERICHOST | NI_NUMERICSERV) == 0 else { return nil }
        var text = host.withUnsafeBufferPointer { String(decoding: UnsafeRawBufferPointer($0).prefix { $0 != 0 }, as: UTF8.self) }
        if text.hasPrefix("::ffff:"), text.contains(".") { text.removeFirst("::ffff:".count) }
        let port = service.withUnsafeBufferPointer { Int(String(decoding: UnsafeRawBufferPointer($0).prefix { $0 != 0 }, as: UTF8.self)) }
        guard let port else { return nil }
        return (text, port)
    }
}

/// This process's open file descriptors and what each names, from `/proc/self/fd`: a path, or
/// `socket:[inode]`. Empty where there is no `/proc`. A fetch takes a `Snapshot` when it begins
/// and looks among the descriptors opened since for its connection (`ConnectionCutter`) and the
/// file its body goes to (`DownloadPart`).
enum OpenDescriptors {
    /// The descriptors open at one moment, each as its number and what it names.
    struct Snapshot: Sendable {
        var open: Set<String>
    }

    static func snapshot() -> Snapshot {
        Snapshot(open: Set(list().map(key)))
    }

    /// The descriptors open now that were not open (or named something else) at `before`.
    static func opened(since before: Snapshot) -> [(fd: Int32, target: String)] {
        list().filter { !before.open.contains(key($0)) }
    }

    private static func key(_ descriptor: (fd: Int32, target: String)) -> String {
        "\(descriptor.fd) \(descriptor.target)"
    }

    private static func list() -> [(fd: Int32, target: String)] {
        guard let dir = opendir("/proc/self/fd") else { return [] }
        defer { closedir(dir) }
        var found: [(fd: Int32, target: String)] = []
        var link = [CChar](repeating: 0, count: 4096)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name) else { continue }
            let n = readlink("/proc/self/fd/\(name)", &link, link.count - 1)
            guard n > 0 else { continue }
            found.append((fd, link.prefix(n).withUnsafeBufferPointer { String(decoding: UnsafeRawBufferPointer($0), as: UTF8.self) }))
        }
        return found
    }
}
