import Foundation
import Testing
@testable import ingest

/// A long output whose writes turn slow is handed to the disk in steps from then on, and let go
/// from the page cache `lag` behind; outputs written fast, or shorter than `WriteBehind.start`,
/// are left alone. The bytes never change.
@Suite struct WriteBehindTests {
    static let mib = 1 << 20

    /// What the policy does over writes of 4 MiB up to `total` MiB, those ending past
    /// `slowFrom` MiB (and up to `slowUntil`) at 0.5 GB/s and the others at 3 GB/s: each
    /// action as (MiB written, range handed, range dropped), in MiB.
    static func actions(total: Int, slowFrom: Int, slowUntil: Int = .max) -> [(Int, Range<Int>?, Range<Int>?)] {
        var policy = WriteBehind()
        var done: [(Int, Range<Int>?, Range<Int>?)] = []
        func inMiB(_ range: Range<Int>?) -> Range<Int>? { range.map { ($0.lowerBound / mib)..<($0.upperBound / mib) } }
        for written in stride(from: 4, through: total, by: 4) {
            let rate = written > slowFrom && written <= slowUntil ? 0.5e9 : 3e9
            let (hand, drop) = policy.wrote(written * mib, seconds: Double(4 * mib) / rate)
            if hand != nil || drop != nil { done.append((written, inMiB(hand), inMiB(drop))) }
        }
        return done
    }

    static func same(_ a: [(Int, Range<Int>?, Range<Int>?)], _ b: [(Int, Range<Int>?, Range<Int>?)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }
    }

    @Test func fastWritesAreLeftAlone() {
        #expect(Self.actions(total: 400, slowFrom: .max).isEmpty)
        // Slow, but shorter than `start`: not even timed.
        #expect(Self.actions(total: 28, slowFrom: 0).isEmpty)
    }

    @Test func aSlowStepTurnsWritingBehindOnForGood() {
        // Steps are timed from 32 MiB: [32, 40), [40, 48) … The step [96, 104) is the first
        // slow one; from then on every step is handed, and let go 16 MiB behind, even once the
        // writes are fast again (the pages given back are what made them fast).
        let expected: [(Int, Range<Int>?, Range<Int>?)] = [
            (104, 96..<104, nil), (112, 104..<112, nil), (120, 112..<120, 96..<104),
            (128, 120..<128, 104..<112), (136, 128..<136, 112..<120),
        ]
        let done = Self.actions(total: 136, slowFrom: 96, slowUntil: 112)
        #expect(Self.same(done, expected), "\(done)")
        // Slow from the start: the first step timed is [32, 40).
        let early = Self.actions(total: 56, slowFrom: 0)
        #expect(Self.same(early, [(40, 32..<40, nil), (48, 40..<48, nil), (56, 48..<56, 32..<40)]), "\(early)")
    }

    /// Over a long run of uneven writes at uneven speeds: the ranges handed and dropped follow
    /// each other with no gap or overlap, nothing is dropped before it is handed and `lag`
    /// behind, and once on, all but the last step is handed.
    @Test func rangesFollowEachOther() {
        var policy = WriteBehind()
        var written = 0
        var handed: Int?, dropped: Int?
        var state: UInt64 = 7
        while written < 600 * Self.mib {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let size = Int(state >> 45) + 1
            written += size
            let rate = written < 150 * Self.mib ? 3e9 : (state & 1 == 0 ? 0.5e9 : 3e9)
            let (hand, drop) = policy.wrote(written, seconds: Double(size) / rate)
            if let hand {
                #expect(hand.lowerBound == handed ?? hand.lowerBound && hand.upperBound == written)
                if handed == nil { #expect(hand.lowerBound >= 150 * Self.mib - WriteBehind.step) }
                handed = hand.upperBound
            }
            if let drop {
                #expect(drop.lowerBound == dropped ?? drop.lowerBound && drop.upperBound <= handed! - WriteBehind.lag)
                dropped = drop.upperBound
            }
            if policy.isOn { #expect(written - handed! < WriteBehind.step) }
        }
        #expect(policy.isOn)
        #expect(dropped ?? 0 > 500 * Self.mib)
    }

    /// Pages of `path` in memory, a bit per page, from `mincore`.
    static func residentPages(_ fd: Int32, length: Int) -> [Bool] {
        guard let map = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { return [] }
        defer { munmap(map, length) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var bits = [UInt8](repeating: 0, count: (length + page - 1) / page)
        guard mincore(map, length, &bits) == 0 else { return [] }
        return bits.map { $0 & 1 != 0 }
    }

    /// Whether the temporary folder's file system lets clean cached pages go when asked (tmpfs
    /// does not): a MiB written, made durable and let go.
    static func cacheLetsGo(in folder: URL) -> Bool {
        let url = folder.appendingPathComponent("ingest-write-behind-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        guard FileManager.default.createFile(atPath: url.path, contents: Data(count: mib)) else { return false }
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        fsync(fd)
        posix_fadvise(fd, 0, off_t(mib), Int32(POSIX_FADV_DONTNEED))
        return residentPages(fd, length: mib).contains(false)
    }

    /// A real file written 4 MiB at a time, slowly, each write made durable before the policy
    /// is told (so the pages to drop are clean): where the file system lets cached pages go, the
    /// dropped ones are gone; the file holds every byte.
    @Test func fileKeepsItsBytesAndLetsTheCacheGo() throws {
        let folder = FileManager.default.temporaryDirectory
        let url = folder.appendingPathComponent("ingest-write-behind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let fd = open(url.path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        var policy = WriteBehind()
        let chunk = 4 * Self.mib, total = 64 * Self.mib
        var written = 0
        while written < total {
            let bytes = Data(repeating: UInt8(written / chunk), count: chunk)
            #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, chunk) } == chunk)
            written += chunk
            fsync(fd)
            // Timed as slow (0.5 GB/s), so that writing behind turns on at once.
            policy.wrote(written, seconds: Double(chunk) / 0.5e9, to: fd, origin: 0)
        }
        #expect(policy.isOn)
        #expect(policy.handed == total)
        // On from the step [32, 40) MiB: dropped from 32 MiB up to `lag` behind the end.
        #expect(policy.dropped == total - WriteBehind.lag)
        let checked = Self.cacheLetsGo(in: folder)
        if checked {
            let resident = Self.residentPages(fd, length: total)
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            try #require(resident.count == total / page)
            let (first, end) = (WriteBehind.start / page, policy.dropped / page)
            #expect(resident[first..<end].filter { $0 }.count == 0, "pages let go stay out of the cache")
            // That the pages before and after stay cached is the kernel's to decide (a machine
            // short of memory evicts them too), so it is only reported; the policy's own account
            // of what it let go is checked above.
            let kept = resident[..<first].filter { $0 }.count + resident[end...].filter { $0 }.count
            print("write-behind: \(kept) of \(first + resident.count - end) pages outside the dropped range still cached")
        }
        // Read last: reading brings the pages in again.
        let back = try Data(contentsOf: url)
        #expect(back.count == total)
        for i in 0..<(total / chunk) {
            #expect(back[(i * chunk)..<((i + 1) * chunk)] == Data(repeating: UInt8(i), count: chunk), "chunk \(i)")
        }
        print("write-behind: page cache \(checked ? "checked" : "not checked (the file system keeps its pages)")")
    }
}
