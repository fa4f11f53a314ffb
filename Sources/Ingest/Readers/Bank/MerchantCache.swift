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
    /// Keys of the merchants a row of which names a SEPA mandate or creditor id.
    private(set) var mandated: Set<String> = []
    private var kindNumbers: [TransactionKind?: Int32] = [:]

    private var recent: ByteKeyTable<Entry>
    private var older: ByteKeyTable<Entry>
    /// Entries by pattern (see `pattern(of:into:)`), in two generations as well.
    private var recentPatterns: ByteKeyTable<Entry>
    private var olderPatterns: ByteKeyTable<Entry>
    private var memo = MerchantKey.Memo()
    /// The key being looked up, reused from row to row.
    private var key: [UInt8] = []
    /// The pattern being looked up, reused.
    private var patternKey: [UInt8] = []
    /// Entries per generation.
    static let limit = 4096

    init(limit: Int = MerchantCache.limit) {
        recent = ByteKeyTable(capacity: limit)
        older = ByteKeyTable(capacity: limit)
        recentPatterns = ByteKeyTable(capacity: limit)
        olderPatterns = ByteKeyTable(capacity: limit)
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
        let entry = older.value(for: key, hash: hash) ?? patterned(key, encoding: encoding, keys: keys)
        if recent.isFull {
            swap(&recent, &older)
            recent.removeAll()
        }
        recent.insert(key, hash: hash, value: entry)
        return entry
    }

    /// The entry of a key not met yet: from an earlier key of the same pattern when there is
    /// one, else computed (and remembered by its pattern when the pattern decides it).
    private mutating func patterned(_ key: UnsafeRawBufferPointer, encoding: TextEncoding, keys: MerchantKey) -> Entry {
        var pattern: [UInt8] = []
        swap(&pattern, &patternKey)
        defer { swap(&pattern, &patternKey) }
        guard let text = MerchantCache.pattern(of: key, into: &pattern) else { return compute(key, encoding: encoding, keys: keys) }
        return pattern.withUnsafeBytes { pattern in
            let hash = ByteKeyTable<Entry>.hash(pattern)
            if let hit = recentPatterns.value(for: pattern, hash: hash) { return hit }
            if let hit = olderPatterns.value(for: pattern, hash: hash) {
                rememberPattern(pattern, hash: hash, entry: hit)
                return hit
            }
            let entry = compute(key, encoding: encoding, keys: keys)
            // The merchant is the pattern's only when the description keeps words of its own.
            if !MerchantKey.clean(String(decoding: UnsafeRawBufferPointer(rebasing: key[text]), as: UTF8.self)).isEmpty {
                rememberPattern(pattern, hash: hash, entry: entry)
            }
            return entry
        }
    }

    private mutating func rememberPattern(_ pattern: UnsafeRawBufferPointer, hash: UInt64, entry: Entry) {
        if recentPatterns.isFull {
            swap(&recentPatterns, &olderPatterns)
            recentPatterns.removeAll()
        }
        recentPatterns.insert(pattern, hash: hash, value: entry)
    }

    /// Card descriptors often end their merchant's words with a star and a token of the
    /// charge's own (`AMZN Mktp US*2K4L19LB3`): each is a new key, but the merchant and the
    /// words are those of every other token. The pattern of such a key is the key with that
    /// token replaced by `0`; nil for other keys. It stands for the key exactly when:
    /// - every field is ASCII, the description has no carriage return, and there is no payee:
    ///   the description names the merchant and `MerchantKey.cleanASCII` and
    ///   `PhraseIndex.kind(ofLatin:)` read it;
    /// - the text before the first star is neither empty nor a payment processor, nor ends in
    ///   one: `cleanASCII` then drops the first word after the star whatever it is, and the
    ///   descriptor is no middleman's (it has a star);
    /// - that word has letters or digits, and none of its tokens is a word of any transfer or
    ///   bill phrase: it takes part in no phrase, nor does `0`, so no phrase match changes.
    /// The merchant then follows from the cleaned words alone, if there are any: the caller
    /// checks that before it remembers an entry by its pattern. Returns where the description
    /// lies in `key`.
    static func pattern(of key: UnsafeRawBufferPointer, into pattern: inout [UInt8]) -> Range<Int>? {
        var fields: [Range<Int>] = []
        var at = 0
        for _ in 0..<4 {
            let count = Int(key.loadUnaligned(fromByteOffset: at, as: UInt32.self))
            fields.append((at + 4)..<(at + 4 + count))
            at += 4 + count
        }
        guard fields[1].isEmpty, !fields.contains(where: { key[$0].contains { $0 >= 0x80 } }) else { return nil }
        let text = fields[2]
        guard let star = key[text].firstIndex(of: 0x2A), !key[text].contains(0x0D) else { return nil }
        func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
        var lo = text.lowerBound, hi = star
        while lo < hi, key[lo] == 0x20 || key[lo] == 0x09 { lo += 1 }
        while hi > lo, key[hi - 1] == 0x20 || key[hi - 1] == 0x09 { hi -= 1 }
        guard lo < hi else { return nil }
        var wordStart = hi
        while wordStart > lo, key[wordStart - 1] != 0x20 { wordStart -= 1 }
        func isProcessor(_ range: Range<Int>) -> Bool {
            MerchantKey.processors.contains(String(decoding: key[range].map(upper), as: UTF8.self))
        }
        guard !isProcessor(lo..<hi), !isProcessor(wordStart..<hi) else { return nil }
        var start = star + 1
        while start < text.upperBound, key[start] == 0x20 { start += 1 }
        var end = start
        while end < text.upperBound, key[end] != 0x20 { end += 1 }
        // Its tokens as `PhraseIndex` makes them: runs of letters and digits, lower-cased.
        var tokens = 0
        var token: [UInt8] = []
        for i in start...end {
            let byte: UInt8 = i < end ? key[i] : 0x20
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                token.append(lower)
            } else if !token.isEmpty {
                guard !TransactionClassifier.phraseIndex.words.contains(String(decoding: token, as: UTF8.self)) else { return nil }
                tokens += 1
                token.removeAll(keepingCapacity: true)
            }
        }
        guard tokens > 0 else { return nil }
        pattern.removeAll(keepingCapacity: true)
        pattern.append(contentsOf: UnsafeRawBufferPointer(rebasing: key[0..<start]))
        pattern.append(0x30)
        pattern.append(contentsOf: UnsafeRawBufferPointer(rebasing: key[end..<key.count]))
        // The description's length in front of it changes with the token.
        var count = UInt32(truncatingIfNeeded: text.count - (end - start) + 1)
        withUnsafeBytes(of: &count) { bytes in
            for (i, byte) in bytes.enumerated() { pattern[text.lowerBound - 4 + i] = byte }
        }
        return text
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
            return encoding.isSingleByte ? encoding.decodeSingleByte(ArraySlice(field)) : String(decoding: field, as: UTF8.self)
        }
        var type = next(), payee = next(), text = next(), reference = next()
        // Structured descriptor text (ABN AMRO's `/TRTP/…/NAME/…/REMI/…`, SEPA `EREF+ … SVWZ+`)
        // is read into its parts, as the structured file formats are: the name as the payee,
        // the purpose and the mandate and creditor ids as the reference.
        if payee.isEmpty, DescriptorFields.isStructured(text) {
            let fields = DescriptorFields(text)
            if !fields.name.isEmpty {
                payee = fields.name
                reference = [fields.remittance, fields.reference, reference].filter { !$0.isEmpty }.joined(separator: " ")
                text = ""
                if type.isEmpty { type = fields.bookingText }
            }
        }
        let merchant = keys.merchant(payee: payee, text: text, reference: reference, memo: &memo)
        if !mandated.contains(merchant.key), DescriptorFields.namesMandate(text) || DescriptorFields.namesMandate(reference) {
            mandated.insert(merchant.key)
        }
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
