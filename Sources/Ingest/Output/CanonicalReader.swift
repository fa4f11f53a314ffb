/// A value in a JSON document that is not what the format says, with where it is.
package struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// Reads canonical `ingest/subscriptions@1` documents back into `Subscription`s (for
/// `--merge-into`), and the price, cycle and source objects the drafts file shares with them.
package enum CanonicalReader {
    /// Parses a whole document; errors name the file, and line:column for JSON syntax.
    package static func read(_ text: String, file: String) throws(DocumentError) -> [Subscription] {
        let document: JSONValue
        do { document = try JSONValue.parse(text) } catch { throw DocumentError("\(file):\(error)") }
        guard document["schema"]?.stringValue == CanonicalJSON.schemaID else {
            throw DocumentError("\(file): not an \(CanonicalJSON.schemaID) document (expected \"schema\": \"\(CanonicalJSON.schemaID)\")")
        }
        guard case .array(let items)? = document["subscriptions"] else {
            throw DocumentError("\(file): \"subscriptions\" is missing or not an array")
        }
        var subscriptions: [Subscription] = []
        for (i, item) in items.enumerated() {
            do { subscriptions.append(try subscription(item)) } catch {
                throw DocumentError("\(file): subscription \(i + 1)\(item["name"]?.stringValue.map { " (\($0))" } ?? ""): \(error.message)")
            }
        }
        return subscriptions
    }

    package static func subscription(_ item: JSONValue) throws(DocumentError) -> Subscription {
        guard let name = item["name"]?.stringValue, !name.isEmpty else { throw DocumentError("\"name\" is missing or empty") }
        guard let sourceValue = item["source"] else { throw DocumentError("\"source\" is missing") }
        var category: Category?
        if let text = item["category"]?.stringValue {
            guard let c = Category(rawValue: text) else { throw DocumentError("category \"\(text)\" is not one of \(Category.allCases.map(\.rawValue).joined(separator: ", "))") }
            category = c
        }
        var history: [PricePoint] = []
        if case .array(let points)? = item["priceHistory"] {
            for point in points {
                guard let priceValue = point["price"], let p = try price(priceValue) else { throw DocumentError("a priceHistory entry has no price") }
                history.append(PricePoint(date: try date(point["date"], "priceHistory date"), price: p))
            }
        }
        var also: [Provenance] = []
        if case .array(let sources)? = item["alsoFrom"] { for s in sources { also.append(try provenance(s)) } }
        var status: Subscription.Status?
        if let text = item["status"]?.stringValue {
            guard let s = Subscription.Status(rawValue: text) else {
                throw DocumentError("status \"\(text)\" is not one of \(Subscription.Status.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            status = s
        }
        var kind: ImportDraft.Kind?
        if let text = item["kind"]?.stringValue {
            guard let k = ImportDraft.Kind(rawValue: text) else {
                throw DocumentError("kind \"\(text)\" is not one of \(ImportDraft.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kind = k
        }
        return Subscription(name: name, price: try item["price"].flatMap(price), cycle: try item["cycle"].flatMap(cycle),
                            nextRenewal: try date(item["nextRenewal"], "nextRenewal"), category: category,
                            notes: item["notes"]?.stringValue, source: try provenance(sourceValue),
                            alsoFrom: also, priceHistory: history, trialEnds: try date(item["trialEnds"], "trialEnds"),
                            status: status, categoryText: item["categoryText"]?.stringValue,
                            service: try item["service"].flatMap(service), kind: kind)
    }

    /// `{"id": "netflix", "name": "Netflix", "category": "streaming", "manageURL": …, "confidence": 1}`, nil for null.
    package static func service(_ value: JSONValue) throws(DocumentError) -> Subscription.Service? {
        if value == .null { return nil }
        guard let id = value["id"]?.stringValue, let name = value["name"]?.stringValue else {
            throw DocumentError("service needs an \"id\" and a \"name\"")
        }
        guard let text = value["category"]?.stringValue, let category = Category(rawValue: text) else {
            throw DocumentError("service category is missing or not one of \(Category.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var confidence = 1.0
        switch value["confidence"] {
        case .number(let s)?: confidence = Double(s) ?? 1
        case .int(let i)?: confidence = Double(i)
        default: break
        }
        return Subscription.Service(id: id, name: name, category: category, manageURL: value["manageURL"]?.stringValue,
                                    confidence: confidence)
    }

    /// `{"amount": "9.99", "currency": "EUR"}` (amount as a string or a number), nil for null.
    package static func price(_ value: JSONValue) throws(DocumentError) -> Price? {
        if value == .null { return nil }
        let amountText: String
        switch value["amount"] {
        case .string(let s)?: amountText = s
        case .number(let s)?: amountText = s
        case .int(let i)?: amountText = String(i)
        default: throw DocumentError("price needs an \"amount\" such as \"9.99\"")
        }
        let amount = DecimalText.parse(amountText)
        guard amount != nil || ExchangeRates.significantDigits(amountText) > 38 else {
            throw DocumentError("price amount \"\(amountText)\" is not a decimal number (expected e.g. \"9.99\")")
        }
        guard let amount, AmountLimits.allows(amount) else {
            throw DocumentError("price amount \"\(amountText)\" is out of range (below 10^\(AmountLimits.integerDigits), at most \(AmountLimits.fractionDigits) decimals)")
        }
        var currency: Currency?
        if let code = value["currency"]?.stringValue {
            guard let c = Currency(code) else { throw DocumentError("currency \"\(code)\" is not an ISO 4217 code (expected e.g. USD, EUR)") }
            currency = c
        }
        return Price(amount: amount, currency: currency)
    }

    /// `{"unit": "month", "interval": 1}`, nil for null.
    package static func cycle(_ value: JSONValue) throws(DocumentError) -> Cycle? {
        if value == .null { return nil }
        guard let unitText = value["unit"]?.stringValue, let unit = Cycle.Unit(rawValue: unitText) else {
            throw DocumentError("cycle needs a \"unit\": day, week, month or year")
        }
        var interval = 1
        if let given = value["interval"] {
            guard case .int(let i) = given, Cycle.intervals.contains(i) else {
                throw DocumentError("cycle interval \(given.serialized()) must be a whole number from \(Cycle.intervals.lowerBound) to \(Cycle.intervals.upperBound)")
            }
            interval = i
        }
        return Cycle(unit: unit, interval: interval)
    }

    static func date(_ value: JSONValue?, _ what: String) throws(DocumentError) -> CalendarDate? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, let date = CalendarDate(iso: text) else {
            throw DocumentError("\(what) \(value.serialized()) is not a date (expected e.g. \"2026-12-05\")")
        }
        return date
    }

    /// `{"file": …, "part": …, "row": …, "line": …, "box": [x, y, w, h]}`.
    package static func provenance(_ value: JSONValue) throws(DocumentError) -> Provenance {
        guard let file = value["file"]?.stringValue else { throw DocumentError("a source needs a \"file\"") }
        func int(_ key: String) -> Int? { if case .int(let i)? = value[key] { return i }; return nil }
        var box: Provenance.Box?
        if case .array(let numbers)? = value["box"] {
            let ints = numbers.compactMap { v -> Int? in if case .int(let i) = v { return i }; return nil }
            if ints.count == 4 { box = Provenance.Box(x: ints[0], y: ints[1], width: ints[2], height: ints[3]) }
        }
        return Provenance(file: file, row: int("row"), line: int("line"), part: value["part"]?.stringValue, box: box)
    }
}
