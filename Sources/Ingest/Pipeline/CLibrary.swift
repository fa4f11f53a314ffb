import Foundation

/// Calls of the C library that the Glibc module does not bring into Swift, looked up by name
/// once; nil where the C library lacks them (they are only ever hints to the kernel), and
/// always nil off Linux.
package enum CLibrary {
    /// `fallocate(2)`.
    package static let fallocate: (@convention(c) (Int32, Int32, off_t, off_t) -> Int32)? = function("fallocate")
    /// `sync_file_range(2)`.
    package static let syncFileRange: (@convention(c) (Int32, off_t, off_t, UInt32) -> Int32)? = function("sync_file_range")
    /// `SYNC_FILE_RANGE_WRITE`, from <fcntl.h>: start writing the range's dirty pages.
    package static let syncFileRangeWrite: UInt32 = 2
    /// `malloc_trim(3)`: give the allocator's free pages back to the system.
    package static let mallocTrim: (@convention(c) (Int) -> Int32)? = function("malloc_trim")

    private static func function<F>(_ name: String) -> F? {
        #if os(Linux)
        guard let symbol = dlsym(nil, name) else { return nil }
        return unsafeBitCast(symbol, to: F.self)
        #else
        return nil
        #endif
    }
}
