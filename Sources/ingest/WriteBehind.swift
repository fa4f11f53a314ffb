import Foundation
import Ingest

/// How a long output file is written behind when the kernel is slow to find memory for it:
/// the output's writes are timed a `step` at a time, past its first `start` bytes, and once a
/// step is written slower than `slowBytesPerSecond` (fresh memory the machine must find or
/// reclaim: a virtual machine whose free memory went back to its host, a machine short of
/// memory), every `step` bytes written from then on are handed to the disk (`sync_file_range`,
/// which only starts the writing), and the pages `lag` bytes or more behind the last handed
/// are let go from the page cache (`posix_fadvise(DONTNEED)`, which drops only pages already
/// written). The next writes are then given those pages again. Where writing is fast, nothing
/// is done: handing the pages to the disk early would only add work to the run. Only ever a
/// hint to the kernel: the bytes written are the same either way.
struct WriteBehind: Sendable {
    static let start = 32 << 20
    static let step = 8 << 20
    static let lag = 16 << 20
    /// Writes slower than this turn writing behind on. Measured on a shared 2-core virtual
    /// machine: 2.3–3 GB/s where the memory is at hand, 0.6–0.9 GB/s where it went back to the
    /// host; a busy machine slows the fast case by a third at worst.
    static let slowBytesPerSecond = 1.2e9

    /// Whether a step was written slowly, which turns writing behind on for the rest of the output.
    private(set) var isOn = false
    /// Where the bytes handed to the disk so far end, and those let go from the cache; both
    /// start where the first slow step did.
    private(set) var handed = 0
    private(set) var dropped = 0
    /// Where the step being timed started (nil before `start`), and the seconds its writes
    /// took so far.
    private var stepStart: Int?
    private var stepSeconds = 0.0

    init() {}

    /// What to do once the output holds `written` bytes, the last write having taken `seconds`:
    /// the range to hand to the disk and the range to let go, each nil when there is nothing to
    /// do.
    mutating func wrote(_ written: Int, seconds: Double) -> (hand: Range<Int>?, drop: Range<Int>?) {
        guard written >= Self.start else { return (nil, nil) }
        // Timed from the first write past `start` on, that write not counted.
        guard let from = stepStart else {
            stepStart = written
            return (nil, nil)
        }
        stepSeconds += seconds
        guard written - from >= Self.step else { return (nil, nil) }
        let slow = Double(written - from) < Self.slowBytesPerSecond * stepSeconds
        stepStart = written
        stepSeconds = 0
        guard isOn || slow else { return (nil, nil) }
        if !isOn {
            // What was written before the slow step is left to the kernel.
            isOn = true
            (handed, dropped) = (from, from)
        }
        let hand = handed..<written
        handed = written
        let behind = handed - Self.lag
        guard behind - dropped >= Self.step else { return (hand, nil) }
        let drop = dropped..<behind
        dropped = behind
        return (hand, drop)
    }

    /// `wrote(_:seconds:)`, carried out on `fd`, whose output started at byte `origin` of the file.
    mutating func wrote(_ written: Int, seconds: Double, to fd: Int32, origin: Int) {
        let (hand, drop) = wrote(written, seconds: seconds)
        if let hand { _ = CLibrary.syncFileRange?(fd, off_t(origin + hand.lowerBound), off_t(hand.count), CLibrary.syncFileRangeWrite) }
        #if os(Linux)
        if let drop { _ = posix_fadvise(fd, off_t(origin + drop.lowerBound), off_t(drop.count), Int32(POSIX_FADV_DONTNEED)) }
        #else
        _ = drop
        #endif
    }
}
