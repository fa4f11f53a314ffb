import Foundation

/// Turns one table row into an `ImportDraft`: each mapped cell is cleaned (Notion relation
/// links, ranges, multi-selects) and normalised, and every problem becomes an issue on the field.
package struct DraftBuilder: Sendable {
    package let mapping: ColumnMapping
    /// `mapping`'s column of each field, by `Field.rank`.
    private let columns: [Int?]
    package var formats: ColumnFormats
    package var context: NormalizeContext
    package var file: String
    package var part: String?
    /// The brands names are matched to (`ImportOptions.catalog`).
    package let catalog: BrandCatalog

    private let priceParser: PriceParser
    private let dateParser: DateParser
    private let cycleParser = CycleParser()
    private let minorUnits: MinorUnits?
    private let activeColumnMeansInactive: Bool
    /// An unmapped column of service keys (`providerKey`: `canal-plus`, `disney_plus`), read for
    /// the name of a row whose name cell is empty.
    private let slugColumn: Int?
    /// An unmapped `skip` column (Firefly III's bills): how many cycles pass between charges,
    /// so `weekly` with skip 1 is every 2 weeks.
    private let skipColumn: Int?
    /// An unmapped column holding the cycle of rows whose cycle cell says `custom`
    /// (`recurrency` custom + `customRecurrency` 3): a count of months, or a cycle's text.
    private let customCycleColumn: Int?
    /// Cycle cells that hand the cycle over to `customCycleColumn`.
    static let customWords: Set<String> = ["custom", "other", "personalizado", "personalizada", "benutzerdefiniert",
                                           "personnalise", "personalizzato", "aangepast", "自定义", "カスタム"]
    /// An unmapped column naming the other account of a transfer (YNAB's `transfer_account_id`):
    /// a row that fills it moves money between one's own accounts.
    private let transferColumn: Int?
    /// The period the price column's header names ("Monthly cost", "Price / year", "Coste
    /// anual"): the cycle of rows that have no cycle column and no period after the amount.
    private let priceHeaderCycle: Cycle?
    /// Cycle and date texts repeat down a column ("monthly", the same renewal days), so each
    /// distinct text is parsed once; the parsers are pure, so a hit is the same answer. Cycles
    /// are read without a context and remembered for the process (the files of a team share
    /// them), dates per table (their reading depends on its context). Bounded: a cache that
    /// fills up starts over.
    private static let cycleMemo = MemoCache<String, Result<Cycle, NormalizeError>>(limit: 4096)
    private let dateMemo = MemoCache<DateKey, Result<ParsedDate, NormalizeError>>(limit: 4096)

    private struct DateKey: Hashable {
        var text: String
        var order: DateOrder?
        /// `text` is the date part of dates written with a time of day (`DateParser.withoutTimeOfDay`).
        var dayOnly = false
    }

    /// Names are cleaned to catalog brands (plan to notes, catalog category). `validate` turns it
    /// off: its findings come from the raw cells and the issues, which brand names never change.
    package var matchesBrands = true

    package init(mapping: ColumnMapping, formats: ColumnFormats, context: NormalizeContext, catalog: BrandCatalog,
                file: String, part: String? = nil) {
        self.mapping = mapping
        self.columns = Field.allCases.map { mapping[$0] }
        self.catalog = catalog
        self.formats = formats
        self.context = context
        self.file = file
        self.part = part
        self.priceParser = PriceParser(context: context)
        self.dateParser = DateParser(context: context)
        self.minorUnits = mapping.choices[.price].flatMap { MinorUnits(header: $0.header) }
        self.priceHeaderCycle = mapping.choices[.price].flatMap { try? CycleParser().parse($0.header[...]) }
        self.slugColumn = mapping.unused.first { column in
            HeaderVocabulary.fold(HeaderMatcher.splittingCamelCase(mapping.header[column])).split(separator: " ")
                .contains { ["slug", "key", "handle"].contains($0) }
        }
        self.transferColumn = mapping.unused.first { column in
            HeaderVocabulary.fold(HeaderMatcher.splittingCamelCase(mapping.header[column])).split(separator: " ").contains("transfer")
        }
        self.customCycleColumn = mapping.unused.first { column in
            HeaderVocabulary.fold(HeaderMatcher.splittingCamelCase(mapping.header[column])).split(separator: " ").contains("custom")
        }
        self.skipColumn = mapping.unused.first { column in
            ["skip", "skips", "skipped", "skip count"].contains(HeaderVocabulary.fold(HeaderMatcher.splittingCamelCase(mapping.header[column])))
        }
        let activeHeader = mapping.choices[.active].map { HeaderVocabulary.fold($0.header) } ?? ""
        self.activeColumnMeansInactive = ["cancel", "pause", "disabled", "inactive", "archiv", "ended"]
            .contains { activeHeader.contains($0) }
    }

    /// Whether the price column holds whole numbers of a smaller unit (cents, milliunits).
    var storesMinorUnits: Bool { minorUnits != nil }

    /// Amounts stored as whole numbers of a smaller unit, as the header says.
    enum MinorUnits {
        /// `amount_minor`, `price (cents)`: the currency's ISO 4217 minor unit (cents; JPY has none).
        case currencyMinor
        /// YNAB-style milliunits: always thousandths.
        case milli

        init?(header: String) {
            let words = HeaderVocabulary.fold(header).split(separator: " ")
            if words.contains(where: { $0.hasPrefix("milliunit") }) { self = .milli; return }
            if words.contains(where: { ["cent", "cents", "minor", "pence", "centimos", "cts"].contains($0) }) {
                self = .currencyMinor
                return
            }
            return nil
        }

        func divisor(for currency: Currency?) -> Decimal {
            switch self {
            case .milli: return 1000
            case .currencyMinor:
                var d: Decimal = 1
                for _ in 0..<(currency?.minorDigits ?? 2) { d *= 10 }
                return d
            }
        }
    }

    func cell(_ field: Field, _ row: SourceRow) -> (text: String, column: Int)? {
        guard let column = columns[field.rank], column < row.cells.count else { return nil }
        let text = CellCleaner.clean(row.cells[column])
        return text.isEmpty ? nil : (text, column + 1)
    }

    package func build(_ row: SourceRow) -> ImportDraft {
        let provenance = Provenance(file: file, row: row.row, line: row.line, part: part)
        var draft = ImportDraft(provenance: [provenance])
        if row.cells.count != mapping.header.count {
            draft.issues.append(Issue("row.ragged", .warning,
                "\(provenance.location()): row has \(row.cells.count) cells, the header has \(mapping.header.count)"))
        }
        var brand: BrandMatch?
        if let (text, column) = cell(.name, row) {
            brand = matchesBrands ? catalog.listMatch(text) : nil
            // A name the catalog does not know may still have a service key beside it.
            if brand == nil, let keyColumn = slugColumn, keyColumn < row.cells.count { brand = slugName(row.cells[keyColumn])?.1 }
            draft.name = DraftField(raw: text, value: DraftBuilder.writtenName(text), column: column)
        } else if let column = slugColumn, column < row.cells.count, let (name, found) = slugName(row.cells[column]) {
            brand = found
            draft.name = DraftField(raw: row.cells[column], value: name, confidence: 0.8, column: column + 1)
        } else {
            draft.name = DraftField(raw: nil, value: nil, confidence: 0, issues: [
                Issue("name.missing", .error, "\(provenance.location()): no name (expected the service's name in column \"\(mapping.choices[.name]?.header ?? "name")\")"),
            ])
        }
        var suffixCycle: Cycle?
        if let (text, column) = cell(.price, row) {
            (draft.price, suffixCycle) = price(text, column: column, currencyCell: cell(.currency, row), at: provenance)
        }
        if formats.outflowsNegative, let amount = draft.price.value?.amount, amount > 0, draft.price.raw?.hasPrefix("-") == false {
            // Money coming in among outflows (a salary, a refund) is no subscription.
            draft.status = .rejected
            draft.statusReason = "income: \(draft.price.raw ?? "") is positive where outflows are negative"
        }
        if formats.outflowsNegative, let column = transferColumn, column < row.cells.count,
           !row.cells[column].trimmingCharacters(in: .whitespaces).isEmpty {
            // Money moved to one's own account is no subscription.
            draft.status = .rejected
            draft.statusReason = "transfer to another account (\(mapping.header[column]) \(row.cells[column]))"
        }
        draft.cycle = cycle(row, suffix: suffixCycle, at: provenance)
        applyStatus(&draft, row)
        if let (text, column) = cell(.nextRenewal, row) {
            draft.nextRenewal = date(text, column: column, at: provenance)
            // A cancelled or paused subscription's date is when it stopped, not a renewal to come.
            if draft.lifecycle != .cancelled, draft.lifecycle != .paused { rollForward(&draft) }
        }
        if let (text, column) = cell(.startDate, row) {
            draft.startDate = date(text, column: column, at: provenance)
            renewalFromStart(&draft)
        }
        trial(&draft, row, at: provenance)
        if let (text, column) = cell(.category, row) {
            let first = CellCleaner.firstOfMultiSelect(text)
            let category = CategoryWords.category(for: first)
            draft.category = DraftField(raw: text, value: category ?? .other, confidence: category == nil ? 0.5 : 1,
                                        column: column)
        }
        if let (text, column) = cell(.notes, row) {
            draft.notes = DraftField(raw: text, value: text, column: column)
        }
        if brand != nil || matchesBrands { draft.enrich(brand: brand) }
        return draft
    }

    /// Only what `DraftMerger.key` reads (name and status), as `build` sets them: the pass that
    /// counts duplicates before a streamed import needs no prices, dates or messages.
    package func buildNameAndStatus(_ row: SourceRow) -> ImportDraft {
        var draft = ImportDraft(provenance: [])
        if let (text, column) = cell(.name, row) {
            draft.name = DraftField(raw: text, value: DraftBuilder.writtenName(text), column: column)
        }
        applyStatus(&draft, row)
        return draft
    }

    /// The hash of `DraftMerger.key` of the draft a row makes, for counting duplicates: a name
    /// the catalog knows is matched on the cell's bytes when the row has nothing else to read
    /// (no status or active column, a cell `CellCleaner` would leave as it is), else the name
    /// and status are built (`buildNameAndStatus`).
    package func duplicateHash(_ item: TableItem) -> UInt64? {
        duplicateHash(item, brand: nameBrand(item))
    }

    /// `duplicateHash(item)`, given `nameBrand(item)`.
    func duplicateHash(_ item: TableItem, brand: Int?) -> UInt64? {
        duplicateHash(brand: brand) { item.sourceRow }
    }

    /// `duplicateHash` of a batch's row, given `nameBrand(record, column:)`.
    func duplicateHash(_ record: RecordView, brand: Int?) -> UInt64? {
        duplicateHash(brand: brand) { record.item.sourceRow }
    }

    /// The brand's key hash, else the hash of the key of the name and status built from `row`.
    private func duplicateHash(brand: Int?, _ row: () -> SourceRow) -> UInt64? {
        if let brand, let hash = catalog.brandKeyHashes[brand] { return hash }
        return DraftMerger.key(buildNameAndStatus(row()), catalog: catalog).map(DraftMerger.hash)
    }

    /// The catalog brand of a row's name cell, read from its bytes, when the row has nothing
    /// else that bears on its key (no status or active column) and the cell needs no cleaning.
    func nameBrand(_ item: TableItem) -> Int? {
        nameBrand(item, column: nameBrandColumn)
    }

    /// The column `nameBrand` reads: the name's, when no status or active column is mapped.
    var nameBrandColumn: Int? {
        mapping[.status] == nil && mapping[.active] == nil ? mapping[.name] : nil
    }

    /// `nameBrand(item)`, given `nameBrandColumn`, for callers that look it up once per table.
    func nameBrand(_ item: TableItem, column: Int?) -> Int? {
        guard column != nil, case .utf8(let record, _) = item else { return nil }
        var memo: BrandBytes.Memo?
        return record.withView {
            guard case .brand(let brand) = nameAnswer($0, column: column, memo: &memo) else { return nil }
            return brand
        }
    }

    /// `catalogAnswer` of a batch's row's name (`nameBrandColumn`), with answers remembered in
    /// `memo` when there is one; `.unsure` when the row has other columns that bear on its key.
    func nameAnswer(_ record: RecordView, column: Int?, memo: inout BrandBytes.Memo?) -> BrandBytes.Answer {
        guard let column, !record.decoded, column < record.count else { return .unsure }
        return catalogAnswer(record.field(column), memo: &memo)
    }

    /// `duplicateHash` of a batch's row, given its `nameAnswer`: a name the catalog does not
    /// know is hashed from its bytes when nothing else bears on its draft's status (no end date).
    func duplicateHash(_ record: RecordView, answer: BrandBytes.Answer) -> UInt64? {
        switch answer {
        case .brand(let brand):
            return duplicateHash(record, brand: brand)
        case .none where columns[Field.endDate.rank] == nil:
            // `.none` is only said of a clean ASCII cell of `nameBrandColumn`.
            guard let column = nameBrandColumn else { return duplicateHash(record, brand: nil) }
            return catalog.bytes.nameKeyHash(record.field(column))
        default:
            return duplicateHash(record, brand: nil)
        }
    }

    /// `currencyCell` is the row's cell of the currency column, when it has one.
    func price(_ text: String, column: Int, currencyCell: (text: String, column: Int)?,
               at provenance: Provenance) -> (DraftField<Price>, Cycle?) {
        let (mark, guessed) = formats.decimalMark(column: column - 1, locale: context.locale)
        do {
            var parsed = try priceParser.parse(text[...], decimalMark: mark)
            if let (code, codeColumn) = currencyCell {
                if let currency = Currency(code) {
                    if let had = parsed.price.currency, had != currency,
                       !parsed.issues.contains(where: { $0.code == "currency.guessed" }) {
                        parsed.issues.append(Issue("currency.conflict", .error,
                            "\(provenance.location(column: codeColumn)): the price says \(had.code), the currency column says \(currency.code)"))
                    } else {
                        parsed.price.currency = currency
                        parsed.issues.removeAll { $0.code == "currency.guessed" }
                    }
                } else {
                    parsed.issues.append(Issue("currency.unknown", .error,
                        "\(provenance.location(column: codeColumn)): \"\(code)\" is not an ISO 4217 currency code (expected e.g. USD, EUR)"))
                }
            }
            if formats.cjkScript != .japanese, let market = formats.yenByServices, parsed.price.currency?.code == "JPY",
               let guess = parsed.issues.firstIndex(where: { $0.code == "currency.guessed" }) {
                // Without kana, the list's services decide a bare ¥: those sold only in Japan
                // (U-NEXT, d Anime Store) the yen, those sold only in China (iQIYI) the yuan.
                if market == .chinese { parsed.price.currency = Currency(unchecked: "CNY") }
                parsed.issues.remove(at: guess)
            } else if let script = formats.cjkScript, parsed.price.currency?.code == "JPY",
               let guess = parsed.issues.firstIndex(where: { $0.code == "currency.guessed" }) {
                // A bare ¥ is the yuan in a table written in Chinese and the yen in one written
                // in Japanese; elsewhere the yen stays a guess. Kanji without kana and whole
                // prices in the thousands are more likely a Japanese list: the yen, still a guess.
                if script == .chinese, formats.yenByAmounts {
                    parsed.issues[guess].message += " (whole amounts in the thousands, as yen prices are)"
                } else {
                    if script == .chinese { parsed.price.currency = Currency(unchecked: "CNY") }
                    parsed.issues.remove(at: guess)
                }
            }
            if let minorUnits {
                parsed.price.amount /= minorUnits.divisor(for: parsed.price.currency)
            } else if formats.pricesInThousandths {
                parsed.price.amount /= MinorUnits.milli.divisor(for: parsed.price.currency)
            }
            if formats.outflowsNegative, parsed.price.amount < 0 {
                // An outflow of a scheduled-transaction export: the price paid.
                parsed.price.amount = -parsed.price.amount
            }
            if guessed, parsed.markFromColumn {
                parsed.issues.append(Issue("price.decimal-guessed", .warning,
                    "\(provenance.location(column: column)): the column mixes decimal marks; read \"\(text)\" with a decimal \(mark == .comma ? "comma" : "point")"))
            }
            if parsed.price.currency == nil, !parsed.issues.contains(where: { $0.code == "currency.ambiguous" }) {
                parsed.issues.append(Issue("currency.missing", .warning,
                    "\(provenance.location(column: column)): \"\(text)\" names no currency", remedy: .chooseCurrency))
            }
            var located = parsed.issues.map { issue -> Issue in
                var issue = issue
                if !issue.message.hasPrefix(provenance.file) {
                    issue.message = "\(provenance.location(column: column)): \(issue.message)"
                }
                return issue
            }
            if let negative = PriceChecks.negative(parsed.price, at: provenance.location(column: column)) { located.append(negative) }
            let confidence = located.contains { $0.severity >= .warning } ? 0.6 : 1
            var field = DraftField(raw: text, value: parsed.price, confidence: confidence, column: column, issues: located)
            if !parsed.notes.isEmpty { field.issues.append(Issue("price.note", .info, parsed.notes.joined(separator: "; "))) }
            return (field, parsed.cycle)
        } catch {
            return (DraftField(raw: text, value: nil, confidence: 0, column: column, issues: [
                Issue(error.issueCode("price"), .error, "\(provenance.location(column: column)): \(error.message)"),
            ]), nil)
        }
    }

    func cycle(_ row: SourceRow, suffix: Cycle?, at provenance: Provenance) -> DraftField<Cycle> {
        // Only a table with a column for a custom cycle's count folds the cycle cell.
        if let custom = customCycleColumn, custom < row.cells.count, let (text, _) = cell(.cycle, row),
           DraftBuilder.customWords.contains(HeaderVocabulary.fold(text)) {
            let given = row.cells[custom].trimmingCharacters(in: .whitespaces)
            let value = Int(given).flatMap { Cycle.intervals.contains($0) ? Cycle(unit: .month, interval: $0).canonical : nil }
                ?? (try? parseCycle(given))
            if let value { return DraftField(raw: "\(text) \(given)", value: value, column: custom + 1) }
        }
        if let (text, column) = cell(.cycle, row) {
            // A unit ("Month", "weekly") beside a count column ("Billing frequency" 3) is every 3 months.
            if let (count, _) = cell(.cycleInterval, row), let interval = Int(count), Cycle.intervals.contains(interval),
               let parsed = try? parseCycle(text), parsed.interval == 1 {
                return DraftField(raw: "\(count) \(text)", value: Cycle(unit: parsed.unit, interval: interval).canonical, column: column)
            }
            if let skipColumn, skipColumn < row.cells.count, let skip = Int(row.cells[skipColumn].trimmingCharacters(in: .whitespaces)),
               skip >= 1, let parsed = try? parseCycle(text) {
                let (times, overflow) = parsed.interval.multipliedReportingOverflow(by: skip + 1)
                if !overflow, Cycle.intervals.contains(times) {
                    return DraftField(raw: "\(text), skip \(skip)", value: Cycle(unit: parsed.unit, interval: times).canonical, column: column)
                }
            }
            do {
                return DraftField(raw: text, value: try parseCycle(text), column: column)
            } catch {
                let code = error.issueCode("cycle")
                return DraftField(raw: text, value: nil, confidence: 0, column: column, issues: [
                    Issue(code, .error, "\(provenance.location(column: column)): \(error.message)"),
                ])
            }
        }
        if let (unitText, column) = cell(.cycleUnit, row) {
            let intervalText = cell(.cycleInterval, row)?.text ?? "1"
            guard let unit = CycleUnitWords.unit(unitText), let interval = Int(intervalText), Cycle.intervals.contains(interval) else {
                // A whole number (of any length, with its sign) that is no interval is out of range.
                let count = intervalText.drop { $0 == "-" || $0 == "+" }
                let isCount = !count.isEmpty && count.allSatisfy { $0.isASCII && $0.isNumber }
                return DraftField(raw: "\(intervalText) \(unitText)", value: nil, confidence: 0, column: column, issues: [
                    Issue(isCount && CycleUnitWords.unit(unitText) != nil ? "cycle.invalid-interval" : "cycle.unparseable", .error,
                          "\(provenance.location(column: column)): \"\(intervalText) \(unitText)\" is not a billing cycle (expected a count from \(Cycle.intervals.lowerBound) to \(Cycle.intervals.upperBound) and day, week, month or year)"),
                ])
            }
            return DraftField(raw: "\(intervalText) \(unitText)", value: Cycle(unit: unit, interval: interval).canonical, column: column)
        }
        if let suffix {
            return DraftField(raw: nil, value: suffix, confidence: 0.9, column: mapping[.price].map { $0 + 1 })
        }
        if let priceHeaderCycle, let price = mapping.choices[.price] {
            return DraftField(raw: nil, value: priceHeaderCycle, confidence: 0.9, column: price.column + 1, issues: [
                Issue("cycle.from-header", .info, "billing cycle \(priceHeaderCycle) from the price column's header \"\(price.header)\""),
            ])
        }
        return DraftField(raw: nil, value: nil, confidence: 0, issues: [
            Issue("cycle.missing", .warning, "\(provenance.location()): no billing cycle found", remedy: .mapColumn(.cycle)),
        ])
    }

    func date(_ text: String, column: Int, at provenance: Provenance) -> DraftField<CalendarDate> {
        let (order, guessed) = context.dateOrder.map { ($0, false) } ?? formats.dateOrder(column: column - 1, locale: context.locale)
        let first = CellCleaner.firstOfRange(text)
        if let date = DraftBuilder.epochDate(first) {
            return DraftField(raw: text, value: date, column: column)
        }
        do {
            let parsed = try parseDate(first, order: order)
            var issues = parsed.issues.map { $0.located(provenance.location(column: column)) }
            if guessed, parsed.orderFromColumn, !issues.contains(where: { $0.code == "date.ambiguous" }) {
                issues.append(Issue("date.ambiguous", .warning,
                    "\(provenance.location(column: column)): day and month order could not be proven from the column; read \"\(text)\" as \(order?.rawValue ?? "month first")", remedy: .chooseLocale))
            }
            return DraftField(raw: text, value: parsed.date, confidence: issues.isEmpty ? 1 : 0.6, column: column, issues: issues)
        } catch {
            return DraftField(raw: text, value: nil, confidence: 0, column: column, issues: [
                Issue(error.issueCode("date"), .error, "\(provenance.location(column: column)): \(error.message)"),
            ])
        }
    }

    func parseCycle(_ text: String) throws(NormalizeError) -> Cycle {
        if let known = DraftBuilder.cycleMemo.value(for: text) { return try known.get() }
        let result = Result { () throws(NormalizeError) -> Cycle in try cycleParser.parse(text[...]) }
        DraftBuilder.cycleMemo.store(result, for: text)
        return try result.get()
    }

    private func parseDate(_ text: String, order: DateOrder?) throws(NormalizeError) -> ParsedDate {
        // Read from its bytes at once, not remembered: each `YYYY-MM-DD` costs less than a lookup.
        if let date = DateParser.plainISO(text[...]) { return ParsedDate(date: date) }
        // A date with a time of day (`July 9, 2027 6:30 AM`): the time takes no part in the
        // date, so a reading with nothing to say is also remembered by the date part, and the
        // many times of one day are read once. Readings with issues quote the text: not shared.
        let day = DateParser.withoutTimeOfDay(text)
        if let day, let known = dateMemo.value(for: DateKey(text: day, order: order, dayOnly: true)) { return try known.get() }
        let key = DateKey(text: text, order: order)
        if let known = dateMemo.value(for: key) { return try known.get() }
        let result = Result { () throws(NormalizeError) -> ParsedDate in try dateParser.parse(text[...], order: order) }
        dateMemo.store(result, for: key)
        if let day, case .success(let parsed) = result, parsed.issues.isEmpty {
            dateMemo.store(result, for: DateKey(text: day, order: order, dayOnly: true))
        }
        return try result.get()
    }

    /// Epoch timestamps as other trackers export them: 10 digits are seconds, 13 milliseconds (UTC).
    static func epochDate(_ text: String) -> CalendarDate? {
        // ASCII digits only, checked by bytes (walking characters costs more than the rest).
        guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text) else { return nil }
        switch text.utf8.count {
        case 9, 10: return CalendarDate(dayNumber: value / 86_400)
        case 13: return CalendarDate(dayNumber: value / 86_400_000)
        default: return nil
        }
    }

    /// The day a free trial ends: from a trial-end column, else the next renewal when a trial
    /// column says yes or the price says "Free trial, then $9.99/month" (the first charge ends
    /// the trial) and the renewal was not moved on from the past. A trial already over is left out; one ending within three days gets a
    /// `trial.ending-soon` warning, the last chance to cancel before the first charge.
    func trial(_ draft: inout ImportDraft, _ row: SourceRow, at provenance: Provenance) {
        if let (text, column) = cell(.trialEnds, row) {
            // A yes/no trial column: in a trial until the next renewal, the first charge.
            if let flag = StatusWords.boolean(text) {
                if flag, let next = draft.nextRenewal.value,
                   !draft.nextRenewal.issues.contains(where: { $0.code == .dateRolledForward }) {
                    draft.trialEnds = DraftField(raw: text, value: next, confidence: 0.8, column: column)
                }
            } else {
                draft.trialEnds = date(text, column: column, at: provenance)
            }
        } else if let raw = draft.price.raw, PriceWords.mention(raw[...]) == .trial, let next = draft.nextRenewal.value,
                  !draft.nextRenewal.issues.contains(where: { $0.code == .dateRolledForward }) {
            draft.trialEnds = DraftField(raw: raw, value: next, confidence: 0.8)
        }
        DraftBuilder.checkTrial(&draft, today: context.today, at: provenance)
    }

    /// Leaves out a trial end already past and warns of one within `trialWarningDays`
    /// (`trial.ending-soon`): for every reader that finds a trial's end.
    static func checkTrial(_ draft: inout ImportDraft, today: CalendarDate, at provenance: Provenance) {
        guard let end = draft.trialEnds.value else { return }
        guard end >= today else {
            draft.trialEnds.value = nil
            return
        }
        let days = end.dayNumber - today.dayNumber
        guard days <= DraftBuilder.trialWarningDays else { return }
        let when = days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
        let charge = draft.price.value.map { " of \($0.amountText)\($0.currency.map { " \($0.code)" } ?? "")" } ?? ""
        draft.trialEnds.issues.append(Issue("trial.ending-soon", .warning,
            "\(provenance.location()): the free trial ends \(end) (\(when)): cancel before then to avoid the first charge\(charge)"))
    }

    /// How many days ahead a trial's end is warned of.
    static let trialWarningDays = 3

    /// A renewal date in the past moves on by whole cycles to the first date on or after today.
    func rollForward(_ draft: inout ImportDraft) {
        guard let date = draft.nextRenewal.value, date < context.today else { return }
        guard let cycle = draft.cycle.value else {
            draft.nextRenewal.issues.append(Issue("date.past", .warning,
                "\(draft.provenance[0].location()): next renewal \(date) is before \(context.today) and no cycle is known to move it on"))
            return
        }
        let (next, times) = DraftBuilder.rolled(date, by: cycle, to: context.today)
        guard next.isSupported else {
            draft.nextRenewal.issues.append(Issue("date.out-of-range", .error,
                "\(draft.provenance[0].location()): next renewal \(date) moved on by \(cycle) passes the year 9999; the date was kept"))
            return
        }
        draft.nextRenewal.value = next
        draft.nextRenewal.issues.append(Issue("date.rolled-forward", .info,
            "next renewal \(date) is in the past; moved on \(times) cycle\(times == 1 ? "" : "s") to \(next)"))
    }

    /// Only a start or first-payment date and a cycle: the next renewal is the first date on or
    /// after today counted from the start by whole cycles, said so in a note. A cancelled or
    /// paused row gets none.
    func renewalFromStart(_ draft: inout ImportDraft) {
        guard draft.nextRenewal.value == nil, draft.nextRenewal.issues.isEmpty, let start = draft.startDate.value,
              let cycle = draft.cycle.value, draft.lifecycle != .cancelled, draft.lifecycle != .paused else { return }
        let (next, times) = DraftBuilder.rolled(start, by: cycle, to: context.today)
        guard next.isSupported else { return }
        draft.nextRenewal = DraftField(raw: draft.startDate.raw, value: next, confidence: 0.9, column: draft.startDate.column, issues: [
            Issue(.dateRolledForward, .info, "next renewal \(next) counted from the start date \(start): \(times) \(cycle) cycle\(times == 1 ? "" : "s") on"),
        ])
    }

    /// `date` moved on by whole cycles to the first date on or after `today`, and how many:
    /// the rule `RenewalSchedule` writes down.
    static func rolled(_ date: CalendarDate, by cycle: Cycle, to today: CalendarDate) -> (CalendarDate, times: Int) {
        let (next, times) = RenewalSchedule(anchor: date, cycle: cycle).first(onOrAfter: today)
        return (next, times)
    }

    /// The name a service key stands for: the catalog's name of `disney_plus`, else the key made
    /// readable (`canal-plus` → "Canal Plus"); nil for a cell that is no key (empty, spaces, capitals).
    func slugName(_ cell: String) -> (String, BrandMatch?)? {
        let key = cell.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, key.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }),
              key.unicodeScalars.contains(where: { ("a"..."z").contains($0) }) else { return nil }
        let words = key.split(whereSeparator: { "-_.".contains($0) })
        let spaced = words.joined(separator: " ")
        if matchesBrands, let brand = catalog.listMatch(spaced) { return (brand.brand.name, brand) }
        return (words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "), nil)
    }

    /// The label of a section row between blocks of a list ("Entertainment", "Bills", "Per
    /// year"): a row of a table with a price column whose only cell is its name, which the
    /// catalog does not know; nil for any other row.
    func sectionLabel(_ draft: ImportDraft) -> String? {
        guard mapping[.price] != nil, let label = draft.name.value, draft.service == nil, draft.name.column != nil,
              draft.price.raw == nil, draft.cycle.raw == nil, draft.nextRenewal.raw == nil, draft.startDate.raw == nil,
              draft.category.raw == nil, draft.notes.raw == nil, draft.trialEnds.raw == nil, draft.lifecycle == nil,
              draft.status == .pending, !label.contains(where: \.isNumber) else { return nil }
        return label
    }

    /// `draft` under a section labelled `label`: the label is its category when the row has
    /// none of its own (over the catalog's).
    func applySection(_ label: String, to draft: ImportDraft) -> ImportDraft {
        guard draft.category.raw == nil else { return draft }
        var draft = draft
        let category = CategoryWords.category(for: label)
        draft.category = DraftField(raw: label, value: category ?? .other, confidence: category == nil ? 0.5 : 0.9)
        return draft
    }

    /// The name as the user wrote it, trimmed, each run of white space one space.
    static func writtenName(_ text: String) -> String {
        if isWrittenName(text) { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `writtenName` leaves a text as it is: single ASCII spaces between words and no
    /// other white space (most names; the split and join cost strings per word). A space must
    /// be followed by ASCII or an emoji standing alone, which start a character of their own
    /// (a space with an accent after it would be one character, taken whole as white space).
    static func isWrittenName(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, first != 0x20, bytes.last != 0x20 else { return false }
        if bytes.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 < 0x80 } }) ?? bytes.allSatisfy({ $0 < 0x80 }) {
            var previous: UInt8 = 0
            for byte in bytes {
                if (byte >= 0x09 && byte <= 0x0D) || (byte == 0x20 && previous == 0x20) { return false }
                previous = byte
            }
            return true
        }
        var afterSpace = false
        for scalar in text.unicodeScalars {
            if afterSpace, !(scalar.isASCII || HeaderVocabulary.isLoneEmoji(scalar)) { return false }
            if scalar == " " {
                if afterSpace { return false }
                afterSpace = true
                continue
            }
            if scalar.isASCII ? (scalar.value >= 0x09 && scalar.value <= 0x0D) : scalar.properties.isWhitespace { return false }
            afterSpace = false
        }
        return true
    }

    func applyStatus(_ draft: inout ImportDraft, _ row: SourceRow) {
        if let (text, _) = cell(.status, row) {
            draft.lifecycle = StatusWords.lifecycle(of: text)
            if StatusWords.status(of: text) == .inactive {
                draft.status = .inactive
                draft.statusReason = "status \"\(text)\""
            }
        }
        if let (text, column) = cell(.endDate, row),
           let end = date(text, column: column, at: Provenance(file: file, row: row.row, line: row.line, part: part)).value,
           end < context.today, draft.lifecycle != .paused {
            draft.lifecycle = .cancelled
            draft.status = .inactive
            draft.statusReason = "ended \(end)"
        }
        if let (text, _) = cell(.active, row), let flag = StatusWords.boolean(text) {
            if flag == activeColumnMeansInactive {
                draft.status = .inactive
                draft.statusReason = "\(mapping.choices[.active]?.header ?? "active") = \(text)"
                if draft.lifecycle == nil || draft.lifecycle == .active { draft.lifecycle = .cancelled }
            }
        }
    }
}

extension DraftBuilder {
    /// The catalog brand a name cell names without a plan, when the cell needs no cleaning
    /// (no spaces around it, no Notion link): what `build` reads from it.
    func catalogBrand(_ cell: UnsafeBufferPointer<UInt8>) -> Int? {
        var memo: BrandBytes.Memo?
        return catalogBrand(cell, memo: &memo)
    }

    /// `catalogBrand(cell)`, with answers remembered in `memo` when there is one.
    func catalogBrand(_ cell: UnsafeBufferPointer<UInt8>, memo: inout BrandBytes.Memo?) -> Int? {
        guard case .brand(let brand) = catalogAnswer(cell, memo: &memo) else { return nil }
        return brand
    }

    /// What the catalog says of a name cell read from its bytes: a brand without a plan, no
    /// brand at all (`.none`: an ASCII name `build` matches to nothing), or `.unsure` (a plan,
    /// a text that is not ASCII, or a cell that needs cleaning), which is left to `build`.
    func catalogAnswer(_ cell: UnsafeBufferPointer<UInt8>, memo: inout BrandBytes.Memo?) -> BrandBytes.Answer {
        guard let first = cell.first, let last = cell.last, first > 0x20, last > 0x20, !DraftBuilder.holdsLink(cell) else { return .unsure }
        let bytes = catalog.bytes
        return memo == nil ? bytes.match(cell) : bytes.match(cell, memo: &memo!)
    }

    /// Whether the cell holds ` (https://`, which starts a Notion link `CellCleaner` cuts.
    /// Each `(` is found with `memchr`.
    static func holdsLink(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        let pattern: StaticString = " (https://"
        guard cell.count >= pattern.utf8CodeUnitCount else { return false }
        return pattern.withUTF8Buffer { pattern in
            guard let base = cell.baseAddress else { return false }
            var i = 1
            while i < cell.count, let found = memchr(base + i, 0x28, cell.count - i) {
                let open = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if cell.count - (open - 1) >= pattern.count, memcmp(base + open - 1, pattern.baseAddress!, pattern.count) == 0 {
                    return true
                }
                i = open + 1
            }
            return false
        }
    }
}
