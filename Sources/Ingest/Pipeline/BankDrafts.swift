/// A bank statement's drafts, in the order they are handed on. A series' draft is kept without
/// its provenance, its charges packed in the importer's temporary file; the provenance (one
/// entry per charge) is read back as the draft is handed on. So a long statement's drafts are
/// not held with every row they came from, however long they wait (the duplicate-counting pass
/// keeps them for the output pass).
package struct BankDrafts: Sequence, Sendable {
    /// One draft and where its provenance is.
    struct Entry: Sendable {
        /// The draft; its provenance is empty when `charges` holds it.
        var draft: ImportDraft
        /// The series' charges in the order its provenance lists them, or nil when the draft
        /// is whole.
        var charges: ChargeLog?
        /// The row of the provenance's first entry, which orders drafts of the same name.
        var firstRow: Int
        /// The entries of the provenance.
        var rows: Int

        /// A draft held whole.
        init(_ draft: ImportDraft) {
            self.draft = draft
            charges = nil
            firstRow = draft.provenance.first?.row ?? 0
            rows = draft.provenance.count
        }

        /// A series' draft made without its provenance, which `charges` give: they are written
        /// out to the spool (when there is one) and only their place is kept.
        init(_ draft: ImportDraft, charges: [Charge], spool: ChargeSpool?) {
            var log = ChargeLog(charges, spool: spool)
            log.seal()
            self.draft = draft
            self.charges = log
            firstRow = charges.first.map { Int($0.row) } ?? 0
            rows = charges.count
        }
    }

    /// The file the provenance names.
    let file: String
    var entries: [Entry]

    init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// Drafts held whole (an import that was not a statement after all).
    package init(_ drafts: [ImportDraft]) {
        self.init(file: "", entries: drafts.map(Entry.init))
    }

    package var count: Int { entries.count }

    /// The entries of every draft's provenance, added up.
    package var rows: Int { entries.reduce(0) { $0 + $1.rows } }

    /// The drafts without reading back their provenance: enough for what depends only on
    /// their names and statuses (`DraftMerger.key`).
    var withoutProvenance: some Sequence<ImportDraft> { entries.lazy.map(\.draft) }

    package func makeIterator() -> Iterator {
        Iterator(file: file, entries: entries.makeIterator())
    }

    /// Makes each draft whole as it is reached.
    package struct Iterator: IteratorProtocol {
        let file: String
        var entries: IndexingIterator<[Entry]>

        package mutating func next() -> ImportDraft? {
            guard let entry = entries.next() else { return nil }
            guard let charges = entry.charges else { return entry.draft }
            var draft = entry.draft
            var provenance: [Provenance] = []
            provenance.reserveCapacity(charges.count)
            charges.forEach { provenance.append(Provenance(file: file, row: Int($0.row), line: Int($0.line))) }
            draft.provenance = provenance
            return draft
        }
    }
}
