import Foundation

/// Reads a transaction table's rows on a second thread, a batch at a time, while the caller
/// classifies the batch before: tokenising, dates and amounts overlap the merchant work. The
/// rows come out in the table's order, so the import's output does not change.
final class ReadAhead: @unchecked Sendable {
    private let condition = NSCondition()
    /// Batches read and not yet taken, oldest first; guarded by `condition`.
    private var ready: [[ByteItem]] = []
    private var finished = false
    private var batch: [ByteItem] = []
    private var index = 0
    /// Rows a batch holds: enough that the threads meet rarely, few enough that the rows in
    /// flight pin little of the reader's buffer.
    static let batchSize = 1024
    /// Batches the reader may run ahead.
    static let depth = 4

    /// Starts reading `table`, which nothing else may read until `next()` returns nil.
    init(_ table: TransactionTable) {
        let handed = Handed(table: table)
        let thread = Thread { [self] in self.read(handed.table) }
        thread.start()
    }

    /// The table, handed to the reading thread whole: the caller gives up reading it.
    private struct Handed: @unchecked Sendable {
        let table: TransactionTable
    }

    private func read(_ table: TransactionTable) {
        var batch: [ByteItem] = []
        batch.reserveCapacity(ReadAhead.batchSize)
        while let item = table.nextBytes() {
            batch.append(item)
            guard batch.count == ReadAhead.batchSize else { continue }
            hand(batch)
            batch = []
            batch.reserveCapacity(ReadAhead.batchSize)
        }
        hand(batch)
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func hand(_ batch: [ByteItem]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        while ready.count >= ReadAhead.depth { condition.wait() }
        ready.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The next row, nil after the last; call from one thread only.
    func next() -> ByteItem? {
        if index < batch.count {
            defer { index += 1 }
            return batch[index]
        }
        condition.lock()
        while ready.isEmpty && !finished { condition.wait() }
        guard !ready.isEmpty else {
            condition.unlock()
            return nil
        }
        batch = ready.removeFirst()
        condition.broadcast()
        condition.unlock()
        index = 1
        return batch[0]
    }
}
