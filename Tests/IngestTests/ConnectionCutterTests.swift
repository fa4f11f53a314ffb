import Foundation
import Testing
@testable import Ingest

/// `ConnectionCutter` shuts down only the connections a fetch opened: to the host and port being
/// fetched, and opened after the snapshot taken when the fetch began.
@Suite struct ConnectionCutterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var host: String
        /// Cut to the listener's port, or to another.
        var samePort = true
        var cut: Int
        var testDescription: String { "\(host)\(samePort ? "" : " other port") → \(cut)" }
    }

    static let cases: [Case] = [
        Case(host: "127.0.0.1", cut: 1),
        Case(host: "localhost", cut: 1),
        Case(host: "127.0.0.1", samePort: false, cut: 0),
        Case(host: "127.0.0.2", cut: 0),
    ]

    @Test(arguments: cases)
    func cutsOnlyTheFetchsConnections(_ c: Case) throws {
        let (listener, port) = try Self.listen()
        defer { close(listener) }
        let before = try Self.connect(port)
        defer { close(before) }
        let snapshot = OpenDescriptors.snapshot()
        let after = try Self.connect(port)
        defer { close(after) }
        #expect(ConnectionCutter.cut(.init(host: c.host, port: c.samePort ? port : port &+ 1), openedSince: snapshot) == c.cut)
        // A connection shut down reads its end at once; one left alone has nothing to read yet.
        #expect(Self.readsEnd(after) == (c.cut == 1))
        #expect(!Self.readsEnd(before))
    }

    static func readsEnd(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    static func listen() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, size) == 0 && Glibc.listen(fd, 8) == 0 && getsockname(fd, $0, &size) == 0
            }
        }
        guard fd >= 0, ok else { throw CocoaError(.fileWriteUnknown) }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    static func connect(_ port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard fd >= 0, ok else { throw CocoaError(.fileWriteUnknown) }
        return fd
    }
}
