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
/// the normalisers; a bad value is refused with the parser's message and asked again), accept
/// every remaining confident draft, or quit. Ends with a summary and "Import N subscriptions?
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

        """

    mutating func run<Source: LineSource>(input: inout Source, write: (String) -> Void) -> Outcome {
        let queue = review.pending
        let inactive = drafts.filter { $0.status == .inactive }.count
        write("Reviewing \(queue.count) draft\(queue.count == 1 ? "" : "s")")
        if inactive > 0 { write(" (\(inactive) inactive left out\(includeInactive ? ", written with --include-inactive" : ""))") }
        write(". Answer y, n, e, a, q or ? for help.\n")
        var position = 0
        while position < queue.count {
            let index = queue[position]
            if drafts[index].status != .pending { position += 1; continue }
            write("\n[\(position + 1)/\(queue.count)] " + ReviewSession.card(drafts[index]))
            guard let answer = ask("Accept? [y/n/e/a/q/?] ", &input, write)?.trimmingCharacters(in: .whitespaces).lowercased() else {
                write("\nend of input: quit without writing\n")
                return .quit
            }
            switch answer {
            case "y", "yes": review.accept(index); position += 1
            case "n", "no": review.reject(index); position += 1
            case "e", "edit":
                guard edit(index, input: &input, write: write) else {
                    write("\nend of input: quit without writing\n")
                    return .quit
                }
            case "a", "all":
                let count = review.acceptConfident(among: Array(queue[position...]))
                write("accepted \(count) confident draft\(count == 1 ? "" : "s")\n")
            case "q", "quit": write("quit: nothing written\n"); return .quit
            default: write(ReviewSession.help)
            }
        }
        return confirm(input: &input, write: write)
    }

    /// Asks for a field and a new value until the value reads; false at the end of input.
    mutating func edit<Source: LineSource>(_ index: Int, input: inout Source, write: (String) -> Void) -> Bool {
        var field: EditableField?
        while field == nil {
            guard let text = ask("Field to edit (\(EditableField.allCases.map(\.label).joined(separator: ", ")); empty to go back): ", &input, write) else { return false }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return true }
            field = EditableField(userText: text)
            if field == nil { write("\"\(text)\" is not a field\n") }
        }
        guard let field else { return true }
        while true {
            guard let text = ask("New \(field.label) (empty to keep the old one): ", &input, write) else { return false }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return true }
            do {
                try review.edit(index, field, to: text)
                return true
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
