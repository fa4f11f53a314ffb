import Foundation
import Testing
@testable import Ingest

/// `TableImporter.pipeline` hands every batch on once, in order, whichever thread made it. The
/// calling thread makes queued batches itself while the one it hands on next is not made yet;
/// here the making thread is slowed down so that it must.
@Suite struct PipelineTests {
    /// What was made of a batch, and whether the calling thread made it.
    struct Made: Sendable {
        var rows: [Int]
        var byCaller: Bool
    }

    /// Counts the batches made, by which thread.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [[Int]] = []
        private(set) var byCaller = 0

        func record(_ rows: [Int], byCaller caller: Bool) {
            lock.lock()
            defer { lock.unlock() }
            made.append(rows)
            if caller { byCaller += 1 }
        }

        var all: [[Int]] {
            lock.lock()
            defer { lock.unlock() }
            return made
        }
    }

    /// Runs `pipeline` over the rows `0..<rows` in batches of `batchSize`, the rows read `step`
    /// at a time; the making thread (not the caller) takes `delay` seconds a batch.
    static func run(rows: Int, batchSize: Int, step: Int, delay: TimeInterval) throws -> (handed: [Made], tally: Tally) {
        let caller = pthread_self()
        let tally = Tally()
        var next = 0
        var handed: [Made] = []
        try TableImporter.pipeline(batchSize: batchSize, nextRows: { limit in
            let end = min(rows, next + min(limit, step))
            defer { next = end }
            return Array(next..<end)
        }, makeBatch: { batch in
            let byCaller = pthread_equal(pthread_self(), caller) != 0
            if !byCaller, delay > 0 { Thread.sleep(forTimeInterval: delay) }
            tally.record(batch, byCaller: byCaller)
            return Made(rows: batch.map { $0 * 2 }, byCaller: byCaller)
        }, emit: { batch, made in
            #expect(made.rows == batch.map { $0 * 2 }, "what was made of a batch comes with that batch")
            handed.append(made)
        })
        return (handed, tally)
    }

    @Test(arguments: [
        // rows, batch size, rows per read
        (0, 8, 8), (5, 8, 8), (8, 8, 3), (9, 8, 8), (200, 8, 8), (203, 8, 5), (64, 1, 1),
    ])
    func everyBatchIsHandedOnOnceInOrder(rows: Int, batchSize: Int, step: Int) throws {
        let (handed, tally) = try Self.run(rows: rows, batchSize: batchSize, step: step, delay: 0.001)
        let expected = stride(from: 0, to: rows, by: batchSize).map { Array($0..<min(rows, $0 + batchSize)) }
        #expect(handed.map { $0.rows.map { $0 / 2 } } == (rows == 0 ? [[]] : expected))
        #expect(tally.all.count == handed.count, "each batch made once")
    }

    @Test func theCallerMakesBatchesWhileTheMakingThreadIsBusy() throws {
        let (handed, tally) = try Self.run(rows: 400, batchSize: 8, step: 8, delay: 0.002)
        #expect(handed.count == 50)
        // How many the making thread gets depends on how the threads are scheduled (with many
        // tests running, it may get none); the caller, which never waits while a batch it could
        // make is queued, always gets some.
        #expect(tally.byCaller > 0, "the caller took part of the making")
        #expect(handed.filter(\.byCaller).count == tally.byCaller)
    }

    struct Stop: Error {}

    @Test func aHandOnThatThrowsStopsThePipeline() {
        var handed = 0, read = 0
        #expect(throws: Stop.self) {
            try TableImporter.pipeline(batchSize: 4, nextRows: { limit in
                defer { read += limit }
                return read < 400 ? Array(read..<(read + limit)) : []
            }, makeBatch: { $0.count }, emit: { _, _ in
                handed += 1
                if handed == 3 { throw Stop() }
            })
        }
        #expect(handed == 3)
        #expect(read < 400, "reading stops with it")
    }
}
