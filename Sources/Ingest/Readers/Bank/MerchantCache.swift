/// Remembers the merchant and the transfer or bill words of each descriptor seen, up to a
/// bound, so repeated descriptors are cleaned and classified once. Two generations: when the
/// recent one is full it becomes the older one, and an older entry used again moves back, so
/// a flood of one-off descriptors never evicts the ones that recur.
///
/// Keys are the bytes of the row's type, payee, description and reference, so a row whose
/// descriptor was seen before is classified without decoding a `String`; merchants and word
/// kinds are interned to small numbers, so an entry is two integers.
struct MerchantCache {
    struct Entry {
        /// Index in `merchants`.
        var merchant: Int32
        /// Index in `kinds`.
        var words: Int32
    }

    /// Every merchant met, each once, by the number entries and ledgers use.
    private(set) var merchants: [Merchant] = []
    private var merchantNumbers: [String: Int32] = [:]
    /// The transfer or bill words found (nil for none), each once.
    private(set) var kinds: [TransactionKind?] = []
    private var kindNumbers: [TransactionKind?: Int32] = [:]

    private var recent: ByteKeyTable<Entry>
    private var older: ByteKeyTable<Entry>
    private var memo = MerchantKey.Memo()
    /// The key being looked up, reused from row to row.
    private var key: [UInt8] = []
    /// Entries per generation.
    static let limit = 4096

    init(limit: Int = MerchantCache.limit) {
        recent = ByteKeyTable(capacity: limit)
        older = ByteKeyTable(capacity: limit)
    }

    mutating func entry(for t: TransactionBytes, encoding: TextEncoding, keys: MerchantKey) -> Entry {
        var key: [UInt8] = []
        swap(&key, &self.key)
        defer { swap(&key, &self.key) }
        key.removeAll(keepingCapacity: true)
        MerchantCache.appendKey(of: t, to: &key)
        return key.withUnsafeBytes { key in
            entry(key: key, hash: ByteKeyTable<Entry>.hash(key), encoding: encoding, keys: keys)
        }
    }

    /// The entry for a key `appendKey` made, whose `ByteKeyTable` hash is `hash`.
    mutating func entry(key: UnsafeRawBufferPointer, hash: UInt64, encoding: TextEncoding, keys: MerchantKey) -> Entry {
        if let hit = recent.value(for: key, hash: hash) { return hit }
        let entry = older.value(for: key, hash: hash) ?? compute(key, encoding: encoding, keys: keys)
        if recent.isFull {
            swap(&recent, &older)
            recent.removeAll()
        }
        recent.insert(key, hash: hash, value: entry)
        return entry
    }

    /// The key of a row: its type, payee, description and reference, each after its length, so
    /// the four fields never run into each other.
    static func appendKey(of t: TransactionBytes, to key: inout [UInt8]) {
        func append(_ field: Range<Int>) {
            var count = UInt32(truncatingIfNeeded: field.count)
            withUnsafeBytes(of: &count) { key.append(contentsOf: $0) }
            key.append(contentsOf: t.bytes[field])
        }
        append(t.type)
        append(t.payee)
        append(t.text)
        append(t.reference)
    }

    /// The four fields of a key, in the order `appendKey` wrote them.
    static func fields(of key: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        var fields: [UnsafeRawBufferPointer] = []
        var at = 0
        for _ in 0..<4 {
            let count = Int(key.loadUnaligned(fromByteOffset: at, as: UInt32.self))
            fields.append(UnsafeRawBufferPointer(rebasing: key[(at + 4)..<(at + 4 + count)]))
            at += 4 + count
        }
        return fields
    }

    private mutating func compute(_ key: UnsafeRawBufferPointer, encoding: TextEncoding, keys: MerchantKey) -> Entry {
        var at = 0
        func next() -> String {
            let count = Int(key.loadUnaligned(fromByteOffset: at, as: UInt32.self))
            let field = UnsafeRawBufferPointer(rebasing: key[(at + 4)..<(at + 4 + count)])
            at += 4 + count
            return encoding == .windows1252 ? Windows1252.decode(ArraySlice(field)) : String(decoding: field, as: UTF8.self)
        }
        let type = next(), payee = next(), text = next(), reference = next()
        let merchant = keys.merchant(payee: payee, text: text, reference: reference, memo: &memo)
        let words = TransactionClassifier.words(type: type, payee: payee, text: text, reference: reference)
        let merchantNumber: Int32
        if let known = merchantNumbers[merchant.key] {
            merchantNumber = known
        } else {
            merchantNumber = Int32(merchants.count)
            merchants.append(merchant)
            merchantNumbers[merchant.key] = merchantNumber
        }
        let kindNumber: Int32
        if let known = kindNumbers[words] {
            kindNumber = known
        } else {
            kindNumber = Int32(kinds.count)
            kinds.append(words)
            kindNumbers[words] = kindNumber
        }
        return Entry(merchant: merchantNumber, words: kindNumber)
    }
}
