/// The JSON answers of `ingest normalize`: one object per raw value.
package struct ValueNormalizer: Sendable {
    package let context: NormalizeContext
    /// An issue in words for a note: its message, and its remedy in the caller's words.
    package let wording: @Sendable (Issue) -> String
    private let prices: PriceParser
    private let dates: DateParser
    private let cycles = CycleParser()

    package init(context: NormalizeContext, wording: @escaping @Sendable (Issue) -> String = { $0.message }) {
        self.context = context
        self.wording = wording
        prices = PriceParser(context: context)
        dates = DateParser(context: context)
    }

    func note(_ issues: [Issue]) -> [(String, JSONValue)] {
        let notes = issues.filter { $0.severity >= .info }.map(wording)
        return notes.isEmpty ? [] : [("note", .string(notes.joined(separator: "; ")))]
    }

    /// `{"amount":"1299.99","currency":"USD"}` or `{"error":"…"}`.
    package func price(_ raw: String) -> JSONValue {
        do {
            let parsed = try prices.parse(raw[...])
            var members: [(String, JSONValue)] = [
                ("amount", .string(parsed.price.writtenAmountText)),
                ("currency", .optional(parsed.price.currency?.code)),
            ]
            if let cycle = parsed.cycle { members.append(("cycle", CanonicalJSON.value(cycle))) }
            members += note(parsed.issues + parsed.notes.map { Issue("price.note", .info, $0) })
            return .object(members)
        } catch {
            return .object([("error", .string(error.message))])
        }
    }

    /// `{"date":"2026-12-05"}` or `{"error":"…"}`.
    package func date(_ raw: String) -> JSONValue {
        do {
            let parsed = try dates.parse(raw[...])
            return .object([("date", .string(parsed.date.description))] + note(parsed.issues))
        } catch {
            return .object([("error", .string(error.message))])
        }
    }

    /// `{"unit":"month","interval":1}` or `{"error":"…"}`.
    package func cycle(_ raw: String) -> JSONValue {
        do {
            let cycle = try cycles.parse(raw[...])
            return .object([("unit", .string(cycle.unit.rawValue)), ("interval", .int(cycle.interval))])
        } catch {
            return .object([("error", .string(error.message))])
        }
    }
}
