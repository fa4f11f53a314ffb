import Foundation
import Ingest

/// Where an interactive review reads its answers: one line at a time, nil at the end of input.
protocol LineSource {
    mutating func readLine() -> String?
}

/// Answers given in advance, for tests and scripts.
struct ScriptedLines: LineSource {
    var lines: [String]
    private var next = 0

    init(_ lines: [String]) {
        self.lines = lines
    }

    init(text: String) {
        self.init(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    mutating func readLine() -> String? {
        guard next < lines.count else { return nil }
        defer { next += 1 }
        return lines[next]
    }
}

/// Steps a person through the drafts of an import: accept, reject, edit a field (re-read with
/// the normalisers; a bad value is refused with the parser's message and asked again), set a
/// field for this and every later draft (`set currency USD`, `c USD`), accept every remaining
/// confident draft, or quit. Ends with a summary and "Import N subscriptions?
/// [y/N]". Reads from a `LineSource` and writes prompts to a sink: no terminal in here.
///
/// Inactive drafts are not asked about (they stay out unless `includeInactive`); the end of
/// the input counts as quitting, so nothing is written by accident. The decisions themselves
/// are a `Review`, which an app's screen drives the same way.
struct ReviewSession {
    enum Outcome: Equatable, Sendable {
        /// Every draft with the status the review gave it; write the accepted ones.
        case write([ImportDraft])
        /// The user quit or declined: nothing is written.
        case quit
    }

    private(set) var review: Review
    var rates: ExchangeRates?
    /// Repeat each answer after its prompt, so a transcript of piped answers reads like a session.
    var echo: Bool

    init(drafts: [ImportDraft], editor: FieldEditor, includeInactive: Bool = false, rates: ExchangeRates? = nil,
                 echo: Bool = false) {
        review = Review(drafts: drafts, editor: editor, includeInactive: includeInactive)
        self.rates = rates
        self.echo = echo
    }

    var drafts: [ImportDraft] { review.drafts }
    var includeInactive: Bool { review.includeInactive }

    func ask<Source: LineSource>(_ prompt: String, _ input: inout Source, _ write: (String) -> Void) -> String? {
        write(prompt)
        let line = input.readLine()
        if echo { write((line ?? "") + "\n") }
        return line
    }

    static let help = """
        y  accept this draft         n  reject it
        e  edit a field              a  accept every remaining confident draft
        q  quit without writing      ?  this help
        set FIELD VALUE              set a field of this and every later draft (set currency USD)
        c ISO                        the same for the currency (c USD)

        """

    /// How an edit ended.
    enum EditEnd { case back, quit, endOfInput }

    mutating func run<Source: LineSource>(input: inout Source, write: (String) -> Void) -> Outcome {
        let queue = review.pending
        let inactive = drafts.filter { $0.status == .inactive }.count
        write("Reviewing \(queue.count) draft\(queue.count == 1 ? "" : "s")")
        if inactive > 0 { write(" (\(inactive) inactive left out\(includeInactive ? ", written with --include-inactive" : ""))") }
        write(". Answer y, n, e, a, q, set FIELD VALUE or ? for help.\n")
        var position = 0
        while position < queue.count {
            let index = queue[position]
            if drafts[index].status != .pending { position += 1; continue }
            write("\n[\(position + 1)/\(queue.count)] " + ReviewSession.card(drafts[index]))
            guard let typed = ask("Accept? [y/n/e/a/q/?] ", &input, write)?.trimmingCharacters(in: .whitespaces) else {
                write("\nend of input: quit without writing\n")
                return .quit
            }
            let answer = typed.lowercased()
            if let (field, value) = Self.setting(typed) {
                setAll(field, value, among: Array(queue[position...]), write: write)
                continue
            }
            switch answer {
            case "y", "yes": review.accept(index); position += 1
            case "n", "no": review.reject(index); position += 1
            case "e", "edit":
                switch edit(index, input: &input, write: write) {
                case .back: break
                case .quit: write("quit: nothing written\n"); return .quit
                case .endOfInput: write("\nend of input: quit without writing\n"); return .quit
                }
            case "a", "all":
                let before = review.drafts.map(\.status)
                let count = review.acceptConfident(among: Array(queue[position...]))
                let names = drafts.indices.filter { before[$0] != drafts[$0].status }.map { drafts[$0].name.value ?? "(no name)" }
                write("accepted \(count) confident draft\(count == 1 ? "" : "s")\(Self.listed(names))\n")
            case "q", "quit": write("quit: nothing written\n"); return .quit
            default: write(ReviewSession.help)
            }
        }
        return confirm(input: &input, write: write)
    }

    /// `set FIELD VALUE` or `c ISO`, read from an answer; nil for any other answer.
    static func setting(_ typed: String) -> (EditableField, String)? {
        let words = typed.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
        if words.count == 2, words[0].lowercased() == "c" { return (.currency, words[1]) }
        guard words.count == 3, words[0].lowercased() == "set", let field = EditableField(userText: words[1]) else { return nil }
        return (field, words[2])
    }

    /// Sets `field` of the pending drafts at `indices`, and says on how many.
    mutating func setAll(_ field: EditableField, _ value: String, among indices: [Int], write: (String) -> Void) {
        do {
            let changed = try review.editAll(field.field, to: value, among: indices)
            let left = indices.filter { drafts[$0].status == .pending }.count - changed.count
            write("set \(field.label) to \(VisibleText.escaped(value)) on \(changed.count) draft\(changed.count == 1 ? "" : "s")"
                + (left > 0 ? " (\(left) left as \(left == 1 ? "it was" : "they were"))" : "") + "\n")
        } catch {
            write("  \(field.label): \(VisibleText.escaped(error.message)); nothing changed\n")
        }
    }

    /// ": Netflix, Spotify, … and 3 more", for naming what an answer changed.
    static func listed(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let shown = names.prefix(5).map { VisibleText.escaped($0) }.joined(separator: ", ")
        return ": " + shown + (names.count > 5 ? " and \(names.count - 5) more" : "")
    }

    /// Asks for a field and a new value until the value reads. `q` quits the review; a field
    /// may be named by any beginning only it has (`p`, `cu`, `r`).
    mutating func edit<Source: LineSource>(_ index: Int, input: inout Source, write: (String) -> Void) -> EditEnd {
        var field: EditableField?
        while field == nil {
            guard let text = ask("Field to edit (\(EditableField.allCases.map(\.label).joined(separator: ", ")); empty to go back, q to quit): ", &input, write) else { return .endOfInput }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return .back }
            if trimmed.lowercased() == "q" { return .quit }
            field = EditableField(userText: text)
            if field == nil { write("\"\(text)\" is not a field, or names more than one\n") }
        }
        guard let field else { return .back }
        while true {
            guard let text = ask("New \(field.label) (empty to keep the old one): ", &input, write) else { return .endOfInput }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return .back }
            do {
                try review.edit(index, field.field, to: text)
                return .back
            } catch {
                write("  \(error.message.hasPrefix("\"") ? "\(field.label) " : "")\(VisibleText.escaped(error.message)); try again\n")
            }
        }
    }

    mutating func confirm<Source: LineSource>(input: inout Source, write: (String) -> Void) -> Outcome {
        let counts = review.counts
        let table = PreviewTable(drafts: drafts, policy: nil, includeInactive: includeInactive, rates: rates)
        let count = table.summary.active
        write("\n\(counts[.accepted] ?? 0) accepted, \(counts[.rejected] ?? 0) rejected, \(counts[.pending] ?? 0) left pending (not written)\n")
        guard count > 0 else {
            write("Nothing accepted: nothing written.\n")
            return .quit
        }
        for line in table.moneyLines() { write(line + "\n") }
        let answer = ask("Import \(count) subscription\(count == 1 ? "" : "s")? [y/N] ", &input, write)?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            write("\nnothing written\n")
            return .quit
        }
        return .write(drafts)
    }

    /// A draft as shown in the review: its values, where it came from, and its problems.
    static func card(_ draft: ImportDraft) -> String {
        var out = VisibleText.escaped(draft.name.value ?? "(no name)") + "\n"
        func row(_ label: String, _ value: String?, _ raw: String?) {
            var text = "  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + (value ?? "—")
            if let raw, raw.lowercased() != value?.lowercased() { text += "   (read from \"\(raw)\")" }
            out += VisibleText.escaped(text) + "\n"
        }
        row("price", draft.price.value.map { PreviewTable.money($0.amount, $0.currency) }, draft.price.raw)
        var cycle = draft.cycle.value?.description
        if let c = draft.cycle.value, let price = draft.price.value {
            cycle = (cycle ?? "") + " = " + PreviewTable.money(c.monthlyEquivalent(of: price.amount), price.currency) + " / month"
        }
        row("cycle", cycle, draft.cycle.raw)
        row("next", draft.nextRenewal.value?.description, draft.nextRenewal.raw)
        if draft.kind != .subscription { row("kind", draft.kind.rawValue, nil) }
        row("category", draft.category.value?.rawValue, draft.category.raw)
        if let notes = draft.notes.value { row("notes", notes, nil) }
        row("from", draft.provenance.map { $0.location() }.joined(separator: ", "), nil)
        for issue in draft.allIssues where issue.severity >= .warning {
            out += "  ! \(issue.code): \(VisibleText.escaped(RemedyWording.message(issue)))\n"
        }
        let doubts = AcceptPolicy.doubts(draft)
        out += doubts.isEmpty ? "  confident\n" : "  not confident: \(doubts.joined(separator: ", "))\n"
        return out
    }
}
