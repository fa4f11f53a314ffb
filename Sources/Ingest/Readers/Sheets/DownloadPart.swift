import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The part file FoundationNetworking writes a download's body into (`<UUID>.tmp` in the
/// temporary folder), found among the files this process opened since a fetch began: its size
/// is the body received so far, decoded, whatever the session reports.
///
/// FoundationNetworking tells a download delegate about each piece it wrote through the
/// delegate's queue, each message holding on to the piece; when that queue falls behind (a busy
/// machine), every piece not yet reported waits in memory, hundreds of MiB for a large body. So
/// the fetch takes no per-piece messages and measures this file instead. Linux only (it reads
/// `/proc/self/fd`); elsewhere `find` finds nothing.
enum DownloadPart {
    /// The part file opened since `before`: its path and size; nil when there is none (yet).
    static func find(openedSince before: OpenDescriptors.Snapshot) -> (path: String, size: Int)? {
        var found: (path: String, size: Int)?
        for file in OpenDescriptors.opened(since: before) where file.target.hasPrefix("/") && isPartName(file.target) {
            var info = stat()
            guard fstat(file.fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if Int(info.st_size) >= found?.size ?? 0 { found = (file.target, Int(info.st_size)) }
        }
        return found
    }

    /// `<UUID>.tmp`, the name FoundationNetworking gives a download's part.
    static func isPartName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard name.hasSuffix(".tmp") else { return false }
        return UUID(uuidString: String(name.dropLast(4))) != nil
    }
}
