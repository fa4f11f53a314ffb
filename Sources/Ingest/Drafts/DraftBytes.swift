import Foundation

/// Drafts as bytes, for holding them in a temporary file of the same run (`DuplicateFolder`
/// spills its open groups there) and reading them back equal to what was written. Every stored
/// property of a draft is written; values made of plain numbers and enums (`Decimal`, a date,
/// a cycle, a category, an issue's remedy) are copied as their memory is, which only this
/// process reads back. Not a file format: nothing here is meant to outlive the run.
enum DraftBytes {
    /// How many stored properties `ImportDraft` has: a test holds it to the type, so that a
    /// property added to drafts is added here too.
    static let draftProperties = 16

    static func append(_ draft: ImportDraft, to out: inout [UInt8]) {
        let w = Writer(out)
        out = []
        write(draft, w)
        out = w.out
    }

    private static func write(_ draft: ImportDraft, _ w: Writer) {
        w.field(draft.name, w.string)
        w.plain(draft.kind)
        w.field(draft.price, w.price)
        w.field(draft.cycle, w.plain)
        w.field(draft.nextRenewal, w.plain)
        w.field(draft.startDate, w.plain)
        w.field(draft.trialEnds, w.plain)
        w.field(draft.category, w.plain)
        w.field(draft.notes, w.string)
        w.plain(draft.status)
        w.optional(draft.statusReason, w.string)
        w.array(draft.provenance, w.provenance)
        w.array(draft.issues, w.issue)
        w.array(draft.priceHistory) { point in
            w.plain(point.date)
            w.price(point.price)
        }
        w.plain(draft.lifecycle)
        w.optional(draft.service) { service in
            w.string(service.id)
            w.string(service.name)
            w.plain(service.category)
            w.optional(service.manageURL, w.string)
            w.plain(service.confidence)
        }
    }

    /// The draft written at `offset` of `bytes`; `offset` moves past it.
    static func read(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> ImportDraft {
        let r = Reader(bytes, at: offset)
        defer { offset = r.at }
        return read(r)
    }

    private static func read(_ r: Reader) -> ImportDraft {
        let name = r.field(r.string)
        let kind: ImportDraft.Kind = r.plain()
        var draft = ImportDraft(name: name, price: r.field(r.price), cycle: r.field(r.plain),
                                nextRenewal: r.field(r.plain), startDate: r.field(r.plain), provenance: [])
        draft.kind = kind
        draft.trialEnds = r.field(r.plain)
        draft.category = r.field(r.plain)
        draft.notes = r.field(r.string)
        draft.status = r.plain()
        draft.statusReason = r.optional(r.string)
        draft.provenance = r.array(r.provenance)
        draft.issues = r.array(r.issue)
        draft.priceHistory = r.array { PricePoint(date: r.plain(), price: r.price()) }
        draft.lifecycle = r.plain()
        draft.service = r.optional {
            Subscription.Service(id: r.string(), name: r.string(), category: r.plain(), manageURL: r.optional(r.string),
                                 confidence: r.plain())
        }
        return draft
    }

    /// Groups of drafts, each under its key, as `DuplicateFolder` writes its open groups out.
    static func appendGroups(_ groups: [(key: String, variants: [ImportDraft])], to out: inout [UInt8]) {
        let w = Writer(out)
        out = []
        w.array(groups) { group in
            w.string(group.key)
            w.plain(UInt32(group.variants.count))
            for variant in group.variants { write(variant, w) }
        }
        out = w.out
    }

    /// The groups `appendGroups` wrote at `offset`; `offset` moves past them.
    static func readGroups(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> [(key: String, variants: [ImportDraft])] {
        let r = Reader(bytes, at: offset)
        let groups = r.array { () -> (key: String, variants: [ImportDraft]) in
            let key = r.string()
            let count = Int(r.plain() as UInt32)
            var variants: [ImportDraft] = []
            for _ in 0..<count { variants.append(read(r)) }
            return (key, variants)
        }
        offset = r.at
        return groups
    }

    /// Classes, so that their methods can be handed to each other as functions.
    private final class Writer {
        var out: [UInt8]

        init(_ out: [UInt8]) { self.out = out }

        /// A value whose memory is numbers and enum tags only, copied as it is.
        func plain<T>(_ value: T) {
            precondition(_isPOD(T.self), "DraftBytes copies only plain values")
            withUnsafeBytes(of: value) { out.append(contentsOf: $0) }
        }

        func string(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                plain(UInt32(bytes.count))
                out.append(contentsOf: bytes)
            }
        }

        func optional<T>(_ value: T?, _ write: (T) -> Void) {
            plain(value != nil)
            if let value { write(value) }
        }

        func array<T>(_ values: [T], _ write: (T) -> Void) {
            plain(UInt32(values.count))
            for value in values { write(value) }
        }

        func price(_ price: Price) {
            plain(price.amount)
            optional(price.currency) { string($0.code) }
        }

        func issue(_ issue: Issue) {
            string(issue.code.rawValue)
            plain(issue.severity)
            string(issue.message)
            plain(issue.remedy)
        }

        func provenance(_ source: Provenance) {
            string(source.file)
            plain(source.row)
            plain(source.line)
            optional(source.part, string)
            plain(source.box)
        }

        func field<V>(_ field: DraftField<V>, _ write: (V) -> Void) {
            optional(field.raw, string)
            optional(field.value, write)
            plain(field.confidence)
            plain(field.column)
            array(field.issues, issue)
        }
    }

    private final class Reader {
        let bytes: UnsafeRawBufferPointer
        var at: Int

        init(_ bytes: UnsafeRawBufferPointer, at: Int) {
            self.bytes = bytes
            self.at = at
        }

        func plain<T>() -> T {
            let value = bytes.loadUnaligned(fromByteOffset: at, as: T.self)
            at += MemoryLayout<T>.size
            return value
        }

        func string() -> String {
            let count = Int(plain() as UInt32)
            defer { at += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + count]), as: UTF8.self)
        }

        func optional<T>(_ read: () -> T) -> T? {
            (plain() as Bool) ? read() : nil
        }

        func array<T>(_ read: () -> T) -> [T] {
            let count = Int(plain() as UInt32)
            var values: [T] = []
            values.reserveCapacity(count)
            for _ in 0..<count { values.append(read()) }
            return values
        }

        func price() -> Price {
            let amount: Decimal = plain()
            return Price(amount: amount, currency: optional { Currency(unchecked: string()) })
        }

        func issue() -> Issue {
            let code = Issue.Code(rawValue: string())
            let severity: Issue.Severity = plain()
            return Issue(code, severity, string(), remedy: plain())
        }

        func provenance() -> Provenance {
            let file = string()
            let row: Int? = plain(), line: Int? = plain()
            return Provenance(file: file, row: row, line: line, part: optional(string), box: plain())
        }

        func field<V>(_ read: () -> V) -> DraftField<V> {
            let raw = optional(string)
            let value = optional(read)
            return DraftField(raw: raw, value: value, confidence: plain(), column: plain(), issues: array(issue))
        }
    }
}
