import Foundation

/// Rows of a transaction table packed for the importer, a batch at a time: per transaction its
/// day, amount, currency, row and line, the bytes of its merchant cache key (see
/// `MerchantCache.appendKey`) and of its status, and the key's hash. The bytes are copied out
/// of the tokenizer's memory, so a batch holds no reference to it and that memory is never
/// shared between the threads; the importer's loop retains nothing per row.
struct RowBatch {
    struct Row {
        /// Days since 1970-01-01.
        var day: Int
        var amount: Int64
        var currency: Currency?
        var row: Int
        var line: Int
        /// Where the row's key and status lie in `bytes`.
        var key: Range<Int>
        var status: Range<Int>
        var hash: UInt64
        /// The row's place in `skips` when it is a skip, else -1.
        var skip: Int
    }

    var rows: [Row] = []
    var bytes: [UInt8] = []
    var skips: [Skip] = []

    var count: Int { rows.count }

    init(capacity: Int = 0) {
        rows.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 64)
    }

    mutating func append(_ item: ByteItem) {
        switch item {
        case .skip(let skip):
            rows.append(Row(day: 0, amount: 0, currency: nil, row: 0, line: 0, key: 0..<0, status: 0..<0, hash: 0, skip: skips.count))
            skips.append(skip)
        case .transaction(let t):
            t.bytes.withUnsafeBytes { bytes in
                appendRow(day: t.date.dayNumber, amount: t.amount, currency: t.currency, row: t.row, line: t.line, bytes: bytes,
                          type: t.type, payee: t.payee, text: t.text, reference: t.reference, status: t.status)
            }
        }
    }

    /// A transaction whose text fields lie in `source`: its key as `MerchantCache.appendKey`
    /// makes it, then its status.
    mutating func appendRow(day: Int, amount: Int64, currency: Currency?, row: Int, line: Int, bytes source: UnsafeRawBufferPointer,
                            type: Range<Int>, payee: Range<Int>, text: Range<Int>, reference: Range<Int>, status: Range<Int>) {
        let start = bytes.count
        let keyLength = 16 + type.count + payee.count + text.count + reference.count
        // One growth of the buffer, then the fields copied into it.
        bytes.append(contentsOf: repeatElement(0, count: keyLength + status.count))
        let hash = bytes.withUnsafeMutableBytes { out -> UInt64 in
            var at = start
            func copy(_ field: Range<Int>, counted: Bool) {
                if counted {
                    out.storeBytes(of: UInt32(truncatingIfNeeded: field.count), toByteOffset: at, as: UInt32.self)
                    at += 4
                }
                if !field.isEmpty {
                    UnsafeMutableRawBufferPointer(rebasing: out[at..<(at + field.count)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[field]))
                }
                at += field.count
            }
            copy(type, counted: true)
            copy(payee, counted: true)
            copy(text, counted: true)
            copy(reference, counted: true)
            copy(status, counted: false)
            return ByteKeyTable<MerchantCache.Entry>.hash(UnsafeRawBufferPointer(rebasing: out[start..<(start + keyLength)]))
        }
        let end = start + keyLength
        rows.append(Row(day: day, amount: amount, currency: currency, row: row, line: line,
                        key: start..<end, status: end..<bytes.count, hash: hash, skip: -1))
    }
}

/// Reads a transaction table's rows on a second thread, a batch at a time, while the caller
/// classifies the batch before: tokenising, dates, amounts and the merchant keys' hashes
/// overlap the merchant work. The rows come out in the table's order, so the import's output
/// does not change.
final class ReadAhead: @unchecked Sendable {
    private let condition = NSCondition()
    /// Batches read and not yet taken, oldest first; guarded by `condition`.
    private var ready: [RowBatch] = []
    private var finished = false
    /// Rows a batch holds: enough that the threads meet rarely, few enough that the batches in
    /// flight take little memory.
    static let batchSize = 1024
    /// Batches the reader may run ahead.
    static let depth = 4

    /// Starts reading `table`, which nothing else may read until `nextBatch()` returns nil.
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
        var more = true
        while more {
            var batch = RowBatch(capacity: ReadAhead.batchSize)
            more = table.fill(&batch, limit: ReadAhead.batchSize)
            hand(batch)
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func hand(_ batch: RowBatch) {
        guard batch.count > 0 else { return }
        condition.lock()
        while ready.count >= ReadAhead.depth { condition.wait() }
        ready.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, nil after the last; call from one thread only.
    func nextBatch() -> RowBatch? {
        condition.lock()
        while ready.isEmpty && !finished { condition.wait() }
        guard !ready.isEmpty else {
            condition.unlock()
            return nil
        }
        let batch = ready.removeFirst()
        condition.broadcast()
        condition.unlock()
        return batch
    }
}
