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
        key.removeAll(keepingCapacity: true)
        append(t.bytes[t.type])
        append(t.bytes[t.payee])
        append(t.bytes[t.text])
        append(t.bytes[t.reference])
        var key: [UInt8] = []
        swap(&key, &self.key)
        defer { swap(&key, &self.key) }
        return key.withUnsafeBytes { key in
            let hash = ByteKeyTable<Entry>.hash(key)
            if let hit = recent.value(for: key, hash: hash) { return hit }
            let entry = older.value(for: key, hash: hash) ?? compute(t, encoding: encoding, keys: keys)
            if recent.isFull {
                swap(&recent, &older)
                recent.removeAll()
            }
            recent.insert(key, hash: hash, value: entry)
            return entry
        }
    }

    /// A field with its length in front, so the four fields never run into each other.
    private mutating func append(_ field: ArraySlice<UInt8>) {
        var count = UInt32(truncatingIfNeeded: field.count)
        withUnsafeBytes(of: &count) { key.append(contentsOf: $0) }
        key.append(contentsOf: field)
    }

    private mutating func compute(_ t: TransactionBytes, encoding: TextEncoding, keys: MerchantKey) -> Entry {
        let type = TransactionTable.decode(t.bytes[t.type], encoding: encoding), payee = TransactionTable.decode(t.bytes[t.payee], encoding: encoding)
        let text = TransactionTable.decode(t.bytes[t.text], encoding: encoding), reference = TransactionTable.decode(t.bytes[t.reference], encoding: encoding)
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
