import Foundation

/// Finds drafts of the same service within one import and merges them into one draft with all
/// their provenances, or flags them with `duplicate.conflict` when their prices or cycles differ.
///
/// Two drafts are the same service when their names match the same catalog brand
/// (`BrandCatalog.match`), else when their folded names are equal. Inactive and rejected drafts
/// and drafts without a name are never merged.
///
/// Within a group each draft is folded into the first earlier copy it agrees with (same price
/// and cycle where both have one), else it starts a new variant; a group that ends with one
/// variant is merged, one with several has every variant flagged `duplicate.conflict`.
///
/// The result takes the place of the group's *last* member, so a stream can be folded in one
/// pass once the group sizes are known (`DuplicateCounter`): memory holds one counter per
/// service key and, per open group, one draft per variant plus the members' provenances; a
/// streaming import writes open groups to a temporary file past `DuplicateFolder.holdLimit`
/// drafts, so that memory stays bounded when many groups are open at once.
///
/// A service listed at more than `DuplicateFolder.variantLimit` different prices or cycles is a
/// list of separate subscriptions (a team's seats, a ledger), not copies of one: once a group
/// passes the limit its variants are handed on unflagged and its later members pass through
/// as they are. This bounds what a group holds, whatever the input's size.
package enum DraftMerger {
    /// The key two drafts of the same service share, nil for drafts that are never merged.
    package static func key(_ draft: ImportDraft, catalog: BrandCatalog) -> String? {
        guard draft.status == .pending || draft.status == .accepted, let name = draft.name.value else { return nil }
        if let known = catalog.brandNameKeys[name] { return known }
        return key(name: name, index: catalog.index)
    }

    /// The key of a draft named `name`: the brand the name matches, else its folded words.
    static func key(name: String, index: BrandIndex) -> String? {
        if let brand = index.match(name), brand.confidence >= BrandMatch.listThreshold { return "brand:" + brand.brand.name }
        let folded = BrandCatalog.fold(name)
        return folded.isEmpty ? nil : "name:" + folded
    }

    /// FNV-1a of the key: a stable, compact stand-in for counting.
    package static func hash(_ key: String) -> UInt64 {
        FNV1a.hash(key)
    }

    /// Merges and flags duplicates in an in-memory list (the review paths): drafts of one
    /// service become one with all their sources, or are flagged `duplicate.conflict` when their
    /// prices or cycles differ.
    /// `catalog` tells services apart: pass the import's (`ImportOptions.catalog`).
    package static func merge(_ drafts: [ImportDraft], catalog: BrandCatalog) -> [ImportDraft] {
        merge(drafts, catalog: catalog, variantLimit: DuplicateFolder.variantLimit)
    }

    /// `merge`, with the most price variants a group keeps apart.
    package static func merge(_ drafts: [ImportDraft], catalog: BrandCatalog, variantLimit: Int) -> [ImportDraft] {
        var counter = DuplicateCounter()
        for draft in drafts { counter.observe(draft, catalog: catalog) }
        var folder = DuplicateFolder(counter, catalog: catalog, variantLimit: variantLimit)
        return drafts.flatMap { folder.add($0) } + folder.finish()
    }

    /// Whether two drafts could be one subscription: prices and cycles equal where both have one.
    package static func agree(_ a: ImportDraft, _ b: ImportDraft) -> Bool {
        if let p = a.price.value, let q = b.price.value, p != q { return false }
        if let c = a.cycle.value?.canonical, let d = b.cycle.value?.canonical, c != d { return false }
        return true
    }

    /// `b` folded into `a`: a value `a` lacks, or read less surely than `b` read it (a guessed
    /// currency that another copy states), is taken from `b`; provenances and issues appended.
    /// The name stays `a`'s.
    package static func fold(_ a: ImportDraft, _ b: ImportDraft) -> ImportDraft {
        var m = a
        var seen = Seen(m)
        fold(into: &m, b, seen: &seen)
        return m
    }

    /// What a merged draft holds already, so that folding another copy in costs the copy's
    /// size, not the merged draft's: a group of thousands of copies folds in linear time.
    struct Seen: Sendable {
        var provenance: Set<Provenance>
        var issues: Set<Issue>
        var priceHistory: Set<PricePoint>

        init(_ draft: ImportDraft) {
            provenance = Set(draft.provenance)
            issues = Set(draft.issues)
            priceHistory = Set(draft.priceHistory)
        }
    }

    /// `fold`, in place: `seen` is what `m` holds (`Seen(m)`), kept up to date.
    static func fold(into m: inout ImportDraft, _ b: ImportDraft, seen: inout Seen) {
        func better<V>(_ mine: DraftField<V>, _ theirs: DraftField<V>) -> DraftField<V> {
            guard theirs.value != nil else { return mine }
            return mine.value == nil || theirs.confidence > mine.confidence ? theirs : mine
        }
        m.price = better(m.price, b.price)
        m.cycle = better(m.cycle, b.cycle)
        m.nextRenewal = better(m.nextRenewal, b.nextRenewal)
        m.startDate = better(m.startDate, b.startDate)
        m.trialEnds = better(m.trialEnds, b.trialEnds)
        if m.category.value == nil || (m.category.value == .other && b.category.value != nil) { m.category = b.category }
        if m.notes.value == nil { m.notes = b.notes }
        if m.service == nil { m.service = b.service }
        if m.lifecycle == nil { m.lifecycle = b.lifecycle }
        for source in b.provenance where seen.provenance.insert(source).inserted { m.provenance.append(source) }
        for issue in b.issues where seen.issues.insert(issue).inserted { m.issues.append(issue) }
        for point in b.priceHistory where seen.priceHistory.insert(point).inserted { m.priceHistory.append(point) }
        if b.status == .accepted { m.status = .accepted }
    }

    /// A closed group: one variant is the merged draft; several are all flagged as conflicting.
    static func resolve(_ variants: [ImportDraft]) -> [ImportDraft] {
        let marked = markMerged(variants)
        guard marked.count > 1 else { return marked }
        // A message names at most four others (`list`), so only the first five are described:
        // a big group costs a line per variant, not one per pair.
        let named = marked.prefix(5).map { "\($0.provenance.first?.location() ?? "?") (\(describe($0)))" }
        return marked.enumerated().map { index, draft in
            var flagged = draft
            let others = named.indices.filter { $0 != index }.map { named[$0] }
            flagged.issues.append(Issue("duplicate.conflict", .warning,
                "\(draft.provenance.first?.location() ?? "?"): \(draft.name.value ?? "") (\(describe(draft))) is also listed as \(list(others, count: marked.count - 1)); keep the right one, reject the others"))
            return flagged
        }
    }

    /// Variants that folded several copies say so (`duplicate.merged`); the others stay as they are.
    static func markMerged(_ variants: [ImportDraft]) -> [ImportDraft] {
        variants.map { variant -> ImportDraft in
            guard variant.provenance.count > 1 else { return variant }
            var merged = variant
            merged.issues.append(Issue("duplicate.merged", .info,
                "found \(variant.provenance.count) times (\(list(variant.provenance.prefix(4).map { $0.location() }, count: variant.provenance.count))); merged into one"))
            return merged
        }
    }

    /// At most four items, then how many more: messages stay short for big groups.
    static func list(_ items: [String]) -> String {
        list(items, count: items.count)
    }

    /// `list` of `count` items of which only the first ones (at least four, or all) are given.
    static func list(_ items: [String], count: Int) -> String {
        count <= 4 ? items.prefix(count).joined(separator: ", ") : items.prefix(3).joined(separator: ", ") + " and \(count - 3) more"
    }

    static func describe(_ draft: ImportDraft) -> String {
        let price = draft.price.value.map { "\($0.amountText)\($0.currency.map { " \($0.code)" } ?? "")" } ?? "no price"
        return "\(price) / \(draft.cycle.value?.description ?? "no cycle")"
    }
}

/// First pass of streaming duplicate detection: how many drafts share each key (by hash).
package struct DuplicateCounter: Sendable {
    private var table = HashCounts()

    package init() {}

    /// Counts a draft by the key `catalog` gives it.
    package mutating func observe(_ draft: ImportDraft, catalog: BrandCatalog) {
        observe(hash: DraftMerger.key(draft, catalog: catalog).map(DraftMerger.hash))
    }

    /// Counts a draft by the hash of its key (nil: a draft that is never merged).
    package mutating func observe(hash: UInt64?) {
        guard let hash else { return }
        table.add(hash)
    }

    /// The hashes counted more than once, with their counts, in hash order.
    package var duplicated: [(hash: UInt64, count: Int32)] { table.duplicated }

    /// Keys seen more than once.
    package var duplicatedKeys: Int { table.duplicated.count }
}

/// Counts per 64-bit hash, in open addressing. The first pass counts a key for every row: a
/// `Dictionary` ran its hasher over each hash again, while here one multiplication picks the
/// slot.
struct HashCounts: Sendable {
    private var keys = [UInt64](repeating: 0, count: 64)
    /// 0: an empty slot (a key kept has been counted once at least).
    private var values = [Int32](repeating: 0, count: 64)
    private var used = 0

    /// The slot that holds `hash`, or the empty one where it goes.
    private func slot(_ hash: UInt64) -> Int {
        let mask = keys.count - 1
        var i = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - keys.count.trailingZeroBitCount))
        while values[i] != 0, keys[i] != hash { i = (i + 1) & mask }
        return i
    }

    mutating func add(_ hash: UInt64) {
        let i = slot(hash)
        if values[i] != 0 {
            values[i] += 1
            return
        }
        keys[i] = hash
        values[i] = 1
        used += 1
        if used * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.1 != 0 }
        keys = [UInt64](repeating: 0, count: keys.count * 2)
        values = [Int32](repeating: 0, count: keys.count)
        for (key, value) in old {
            let i = slot(key)
            keys[i] = key
            values[i] = value
        }
    }

    /// The hashes counted more than once, with their counts, in hash order.
    var duplicated: [(hash: UInt64, count: Int32)] {
        keys.indices.filter { values[$0] > 1 }.map { (keys[$0], values[$0]) }.sorted { $0.hash < $1.hash }
    }

    /// How many times `hash` was counted (0: never).
    func count(of hash: UInt64) -> Int32 {
        values[slot(hash)]
    }

    /// Every hash counted, with its count.
    var all: [UInt64: Int32] {
        var all: [UInt64: Int32] = [:]
        all.reserveCapacity(used)
        for i in keys.indices where values[i] != 0 { all[keys[i]] = values[i] }
        return all
    }
}

/// A set of key hashes, read from any thread: one multiplication finds a hash's slot.
package struct KeyHashes: Sendable {
    private var table = HashCounts()
    package private(set) var count = 0

    package init(_ hashes: some Sequence<UInt64>) {
        for hash in hashes {
            table.add(hash)
            count += 1
        }
    }

    package func contains(_ hash: UInt64) -> Bool {
        table.count(of: hash) > 0
    }
}

/// Second pass: hands drafts on in input order, folding the members of each duplicate group as
/// they come (one draft per distinct price/cycle variant, plus the members' provenances) until
/// its last member arrives, then emitting the group merged (or its variants flagged).
package struct DuplicateFolder: Sendable {
    /// A slot per duplicated hash (keys seen once have none): its place in `hashes` (sorted,
    /// found by halving, 8 bytes a key where a dictionary took about 20), holding the members
    /// still expected (0 once the last has come) and the keys whose group passed
    /// `variantLimit`: a list of separate subscriptions, whose members pass through as they come.
    private let hashes: [UInt64]
    private var remaining: [Int32]
    private var listed: [Int: [String]] = [:]
    /// The key hashes of groups whose every member is folded: no more members than
    /// `variantLimit`, so never a list whose members pass through. A row of such a key is
    /// built as a draft wherever it is made (`PlainRowBuilder`), not offered as a plain row
    /// to be refused on the thread that folds.
    package let foldedWhole: KeyHashes
    /// Open groups per slot, by full key (a hash collision keeps keys apart): the group's
    /// variants, each the fold of the members that agree with it.
    private var held: [Int: [Group]] = [:]
    /// How many variants `held` holds.
    package private(set) var heldVariants = 0
    /// The bytes of disk the temporary file takes up now, and how many pieces were written to it.
    var spillBytes: Int64 { spill?.allocatedBytes ?? 0 }
    var spillWrites: Int { chunks.count }
    /// The bytes of all records ever put in the log.
    private(set) var loggedBytes = 0
    /// Open groups that are not in memory lie in a log, per slot a chain of records that each
    /// point back to the one before: first, if the groups were in memory once, what they were
    /// when written out (once `held` holds more than `holdLimit` variants, all of it is written
    /// out), then each member that came since, as it came. A member is only written; it is
    /// folded in when the group comes back into memory, at its last member or when it might
    /// pass `variantLimit`. A group of k members thus costs about k drafts written and read,
    /// rather than its variants written and read at every member (a million-row list with a
    /// duplicate in every few rows has a hundred thousand groups open at once).
    /// Made at the first write-out, a `Logged` per slot.
    private var logged: [Logged] = []
    /// The log's newest records, written to `spill` as a chunk once they reach `chunkBytes`.
    private var log: [UInt8] = []
    /// Records in `log` not yet read back.
    private var logLive = 0
    /// Each chunk written to `spill` and how many of its records are still to be read back.
    /// Once none is, its space is given back, so the file holds about what is open rather than
    /// all that was ever written.
    private var chunks: [(block: ChargeSpool.Block, live: Int)] = []
    /// The temporary file the log is written to; nil when none could be made.
    private let spill: ChargeSpool?
    /// False once a write to `spill` failed (a full disk): groups stay in memory from then on.
    private var spillTakesMore = true
    /// Bytes of log kept in memory before they are written out.
    let chunkBytes: Int
    /// Bytes read back from `spill`, kept for the next read.
    private var scratch: [UInt8] = []
    /// How many times the open groups were written out.
    private var writeOuts = 0
    /// The most variants held in memory before they are written out; nil: never written out.
    let holdLimit: Int?
    /// Each catalog brand's slot (`PlainRow.brand`), -1 for none, looked up on first use.
    private var brandSlots: [Int]?
    let catalog: BrandCatalog
    let variantLimit: Int

    /// More distinct prices or cycles than this for one service make its rows a list, not copies.
    package static let variantLimit = 16

    /// Drafts held in memory at most by a streaming import's folder (about 3 KB each).
    package static let holdLimit = 8192

    /// `holdLimit` nil keeps every open group in memory (a list that is in memory already);
    /// `spillDirectory` is where the temporary file goes (default: the system's); `chunkBytes`
    /// how much of the log memory keeps before writing it out.
    package init(_ counter: DuplicateCounter, catalog: BrandCatalog, variantLimit: Int = DuplicateFolder.variantLimit,
                 holdLimit: Int? = nil, spillDirectory: String? = nil, chunkBytes: Int = 1 << 20) {
        let duplicated = counter.duplicated
        hashes = duplicated.map(\.hash)
        remaining = duplicated.map(\.count)
        foldedWhole = KeyHashes(duplicated.lazy.filter { $0.count <= variantLimit }.map(\.hash))
        self.catalog = catalog
        self.variantLimit = variantLimit
        self.holdLimit = holdLimit
        self.chunkBytes = chunkBytes
        spill = holdLimit == nil || duplicated.isEmpty ? nil
            : ChargeSpool(directory: spillDirectory ?? NSTemporaryDirectory(), prefix: "ingest-duplicates-")
    }

    /// The drafts ready to be written after `draft` (none while its group is still open).
    package mutating func add(_ draft: ImportDraft) -> [ImportDraft] {
        guard let key = DraftMerger.key(draft, catalog: catalog) else { return [draft] }
        let hash = DraftMerger.hash(key)
        guard let slot = slot(of: hash), remaining[slot] > 0 else { return [draft] }
        let left = remaining[slot]
        if left > 1, listed[slot]?.contains(key) != true, mayWait(slot) {
            append(.member, [(key, [draft])], slot: slot)
            logged[slot].bound += 1
            remaining[slot] = left - 1
            return []
        }
        // Taken out of the dictionary so that the group's arrays are uniquely referenced and
        // grow in place instead of being copied on every member.
        var groups = takeGroups(slot)
        var ready: [ImportDraft] = []
        if listed[slot]?.contains(key) == true {
            ready.append(draft)
        } else if let i = groups.firstIndex(where: { $0.key == key }) {
            groups[i].add(draft)
            if groups[i].variants.count > variantLimit {
                ready = DraftMerger.markMerged(groups[i].variants)
                groups.remove(at: i)
                listed[slot, default: []].append(key)
            }
        } else {
            groups.append(Group(key: key, first: draft))
        }
        remaining[slot] = left - 1
        if left > 1 {
            if !groups.isEmpty { hold(groups, slot) }
            return ready
        }
        listed[slot]?.removeAll { $0 == key }
        if listed[slot]?.isEmpty == true { listed[slot] = nil }
        return ready + groups.flatMap { DraftMerger.resolve($0.variants) }
    }

    /// The slot of a duplicated hash, nil for a hash seen once.
    private func slot(of hash: UInt64) -> Int? {
        let low = hashes.firstIndex { $0 >= hash }
        return low < hashes.count && hashes[low] == hash ? low : nil
    }

    /// Whether a member of `slot` may wait in the log: its groups are written out (not in
    /// memory) and, even if every member logged since started a variant of its own, they
    /// could not pass `variantLimit`, so no member before the group's last can change what is
    /// handed on.
    private func mayWait(_ slot: Int) -> Bool {
        guard !logged.isEmpty, spillTakesMore, held[slot] == nil else { return false }
        return Int(logged[slot].bound) + 1 <= variantLimit
    }

    /// The open groups of `slot`, taken out of memory or read back from the log: the groups
    /// as written out, then each member logged since folded in as `add` folds it.
    private mutating func takeGroups(_ slot: Int) -> [Group] {
        if let groups = held.removeValue(forKey: slot) {
            heldVariants -= groups.reduce(0) { $0 + $1.variants.count }
            return groups
        }
        guard slot < logged.count, logged[slot].last.chunk >= 0 else { return [] }
        var records: [(kind: Record, groups: [(key: String, variants: [ImportDraft])])] = []
        var place = logged[slot].last
        while place.chunk >= 0 {
            let (before, kind, groups) = read(place)
            records.append((kind, groups))
            place = before
        }
        logged[slot] = Logged()
        var groups: [Group] = []
        for record in records.reversed() {
            switch record.kind {
            case .written:
                groups = record.groups.map { Group(key: $0.key, variants: $0.variants) }
            case .member:
                for (key, drafts) in record.groups {
                    for draft in drafts {
                        if let i = groups.firstIndex(where: { $0.key == key }) { groups[i].add(draft) }
                        else { groups.append(Group(key: key, first: draft)) }
                    }
                }
            }
        }
        return groups
    }

    /// Keeps `groups` open, writing every open group out to the log once memory holds too many.
    private mutating func hold(_ groups: [Group], _ slot: Int) {
        held[slot] = groups
        heldVariants += groups.reduce(0) { $0 + $1.variants.count }
        guard let holdLimit, heldVariants > holdLimit, spillTakesMore, spill != nil else { return }
        if logged.isEmpty { logged = Array(repeating: Logged(), count: hashes.count) }
        for (slot, groups) in held {
            append(.written, groups.map { ($0.key, $0.variants) }, slot: slot)
            logged[slot].bound = Int32(groups.reduce(0) { $0 + $1.variants.count })
        }
        held = [:]
        heldVariants = 0
        writeOuts += 1
        // The drafts just written out were many small pieces of memory: the allocator is asked
        // to give their pages back now and then, or the process would keep its largest size.
        if writeOuts % 8 == 0 { _ = CLibrary.mallocTrim?(0) }
    }

    /// What a record of the log holds: a slot's groups as they were written out, or a member
    /// that came while they were.
    private enum Record: UInt8 {
        case written, member
    }

    /// Where a record lies: its chunk (`chunks.count`: the one still in memory), where in it
    /// it starts, and its length.
    private struct Place {
        var chunk: Int32
        var offset: Int32
        var length: Int32

        static let none = Place(chunk: -1, offset: 0, length: 0)
    }

    /// A slot's place in the log: its newest record, and at most how many variants its groups
    /// hold (those written out plus one per member logged since).
    private struct Logged {
        var last = Place.none
        var bound: Int32 = 0
    }

    /// Appends a record to `slot`'s chain, writing the log out as a chunk once it is big enough.
    private mutating func append(_ kind: Record, _ groups: [(key: String, variants: [ImportDraft])], slot: Int) {
        let start = log.count
        let before = logged[slot].last
        withUnsafeBytes(of: (before.chunk.littleEndian, before.offset.littleEndian, before.length.littleEndian)) { log.append(contentsOf: $0.prefix(12)) }
        log.append(kind.rawValue)
        DraftBytes.appendGroups(groups, to: &log)
        logged[slot].last = Place(chunk: Int32(chunks.count), offset: Int32(start), length: Int32(log.count - start))
        loggedBytes += log.count - start
        logLive += 1
        guard log.count >= chunkBytes, spillTakesMore, let spill else { return }
        guard let block = spill.write(log) else { return spillTakesMore = false }
        chunks.append((block, logLive))
        log.removeAll(keepingCapacity: true)
        logLive = 0
    }

    /// The record at `place`: the place of the one before it in its chain, its kind and groups.
    /// Each record is read once; a chunk none of whose records is left to read is given back.
    private mutating func read(_ place: Place) -> (before: Place, kind: Record, groups: [(key: String, variants: [ImportDraft])]) {
        func parse(_ raw: UnsafeRawBufferPointer, at start: Int) -> (Place, Record, [(key: String, variants: [ImportDraft])]) {
            func int32(_ at: Int) -> Int32 { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: start + at, as: Int32.self)) }
            var at = start + 13
            return (Place(chunk: int32(0), offset: int32(4), length: int32(8)), Record(rawValue: raw[start + 12])!,
                    DraftBytes.readGroups(raw, at: &at))
        }
        let chunk = Int(place.chunk)
        guard chunk < chunks.count, let spill else {
            logLive -= 1
            defer { if logLive == 0 { log.removeAll(keepingCapacity: true) } }
            return log.withUnsafeBytes { parse($0, at: Int(place.offset)) }
        }
        let holding = chunks[chunk].block
        spill.read(ChargeSpool.Block(offset: holding.offset + Int64(place.offset), length: place.length), into: &scratch)
        chunks[chunk].live -= 1
        if chunks[chunk].live == 0 { spill.discard(holding) }
        return scratch.withUnsafeBytes { parse($0, at: 0) }
    }

    /// Whether a draft with this key would be handed on as it is now (its key has no other
    /// member, or its group passed `variantLimit` and more members are to come); when so, it
    /// counts as added, as `add` would count it. A plain row (`PlainRow`) asks this so that it
    /// need not become a draft.
    package mutating func passesThrough(key: String, hash: UInt64) -> Bool {
        passesThrough(key: key, slot: slot(of: hash))
    }

    /// `passesThrough` of a plain row, by its brand (`PlainRow.brand`): the brand's slot is
    /// looked up once, not hashed per row.
    package mutating func passesThrough(brand: Int) -> Bool {
        if brandSlots == nil {
            brandSlots = catalog.brandKeys.map { $0.flatMap { self.slot(of: $0.hash) } ?? -1 }
        }
        let slot = brandSlots![brand]
        guard slot >= 0 else { return true }
        return passesThrough(key: catalog.brandKeys[brand]?.key ?? "", slot: slot)
    }

    /// `passesThrough` of a plain row (`PlainRow`): by its brand, or for a name the catalog
    /// does not know by its key's hash alone. Such a row whose hash is held is built as a
    /// draft (false): which key of the slot it is, only the draft says.
    package mutating func passesThrough(_ row: PlainRow) -> Bool {
        if row.brand >= 0 { return passesThrough(brand: row.brand) }
        guard let slot = slot(of: row.nameKey) else { return true }
        return remaining[slot] == 0
    }

    private mutating func passesThrough(key: String, slot: Int?) -> Bool {
        guard let slot, remaining[slot] > 0 else { return true }
        guard remaining[slot] > 1, listed[slot]?.contains(key) == true else { return false }
        remaining[slot] -= 1
        return true
    }

    /// An open group. A member joins the first variant it agrees with (`DraftMerger.add`);
    /// variants with a price and a cycle are found by those, so a big group of different
    /// prices costs a lookup per member instead of a scan.
    struct Group: Sendable {
        struct Terms: Hashable, Sendable {
            var price: Price
            var cycle: Cycle

            init?(_ draft: ImportDraft) {
                guard let price = draft.price.value, let cycle = draft.cycle.value?.canonical else { return nil }
                self.price = price
                self.cycle = cycle
            }
        }

        let key: String
        private(set) var variants: [ImportDraft]
        /// What each variant holds, for folding members in (`DraftMerger.Seen`); made when a
        /// variant takes its second member.
        private var seen: [DraftMerger.Seen?] = []
        /// The first variant per price and cycle, among those that have both.
        private var firstByTerms: [Terms: Int] = [:]
        /// Variants missing a price or a cycle: they agree more widely, so they are checked one by one.
        private var partial: [Int] = []

        init(key: String, first: ImportDraft) {
            self.init(key: key, variants: [first])
        }

        /// A group holding `variants` as they were: what it knew of them besides (which
        /// variant has which terms) is worked out again, and equals what it had worked out.
        init(key: String, variants: [ImportDraft]) {
            self.key = key
            self.variants = []
            for variant in variants { append(variant) }
        }

        mutating func add(_ draft: ImportDraft) {
            let found: Int?
            if let terms = Terms(draft) {
                let byTerms = firstByTerms[terms]
                let byScan = partial.first { DraftMerger.agree(variants[$0], draft) }
                found = [byTerms, byScan].compactMap { $0 }.min()
            } else {
                found = variants.firstIndex { DraftMerger.agree($0, draft) }
            }
            guard let i = found else { return append(draft) }
            if seen[i] == nil { seen[i] = DraftMerger.Seen(variants[i]) }
            DraftMerger.fold(into: &variants[i], draft, seen: &seen[i]!)
            if let at = partial.firstIndex(of: i), let terms = Terms(variants[i]) {
                partial.remove(at: at)
                firstByTerms[terms] = min(firstByTerms[terms] ?? i, i)
            }
        }

        private mutating func append(_ draft: ImportDraft) {
            let i = variants.count
            variants.append(draft)
            seen.append(nil)
            if let terms = Terms(draft) {
                if firstByTerms[terms] == nil { firstByTerms[terms] = i }
            } else {
                partial.append(i)
            }
        }
    }

    /// Groups left open (their counted members never arrived): emitted as they are.
    package mutating func finish() -> [ImportDraft] {
        // In hash order, as slots are.
        let open = Set(held.keys).union(logged.indices.filter { logged[$0].last.chunk >= 0 }).sorted()
        let rest = open.flatMap { slot in takeGroups(slot).flatMap { DraftMerger.resolve($0.variants) } }
        held = [:]
        logged = []
        heldVariants = 0
        for i in remaining.indices { remaining[i] = 0 }
        listed = [:]
        return rest
    }
}
