#if canImport(Glibc)
import Glibc
#endif

/// Hands every byte of `bytes` to the file descriptor `fd`, retrying short and interrupted
/// writes. Returns nil when all were written, else the `errno` of the write that failed.
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var done = 0
    while done < bytes.count {
        let n = write(fd, base + done, bytes.count - done)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return n < 0 ? errno : EIO }
        done += n
    }
    return nil
}
