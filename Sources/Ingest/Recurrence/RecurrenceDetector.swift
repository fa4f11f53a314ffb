/// One charge as the detector keeps it: 20 bytes, so a merchant's history stays small
/// however long the statement. Every field is 4-byte aligned (the amount is stored as two
/// halves), which saves the padding an `Int64` field would add to each of a million charges.
package struct Charge: Hashable, Sendable {
    /// Days since 1970-01-01.
    package var day: Int32
    package var row: Int32
    package var line: Int32
    private var amountLow: UInt32
    private var amountHigh: Int32

    package init(day: Int, amount: Int64, row: Int, line: Int) {
        self.day = Int32(truncatingIfNeeded: day)
        self.row = Int32(truncatingIfNeeded: row)
        self.line = Int32(truncatingIfNeeded: line)
        amountLow = UInt32(truncatingIfNeeded: amount)
        amountHigh = Int32(truncatingIfNeeded: amount >> 32)
    }

    /// Ten-thousandths of the currency unit, positive.
    package var amount: Int64 {
        get { Int64(amountHigh) << 32 | Int64(amountLow) }
        set {
            amountLow = UInt32(truncatingIfNeeded: newValue)
            amountHigh = Int32(truncatingIfNeeded: newValue >> 32)
        }
    }

    package var date: CalendarDate { CalendarDate(dayNumber: Int(day)) }
}

/// Charges of one merchant that recur with a regular period.
package struct RecurringSeries: Hashable, Sendable {
    /// Every charge of the series, doubled ones included, by date.
    package var charges: [Charge]
    package var fit: PeriodFit
    /// Distinct billing dates (charges a few days apart count once).
    package var occurrences: Int
    /// 0…1 from the number of occurrences and how regular the gaps are.
    package var confidence: Double

    package var last: Charge { charges[charges.count - 1] }

    /// The price and the day it took effect, oldest first; one entry when it never changed.
    package var priceSteps: [Charge] {
        var steps: [Charge] = []
        for c in charges where steps.last.map({ !RecurrenceDetector.sameAmount($0.amount, c.amount) }) ?? true { steps.append(c) }
        return steps
    }
}

/// Finds recurring series among one merchant's charges: splits them by distinct stable
/// amounts (one descriptor, several products), joins amount groups that follow each other on
/// the same grid (price changes), and fits a period tolerant of drift, weekend and month-end
/// shifts, and a missed or doubled charge.
package struct RecurrenceDetector: Sendable {
    package init() {}

    /// About how many charges the search of a shop's amount groups holds at once
    /// (`detect(count:…)`).
    var batchCharges = 1 << 15

    /// Charges this many days apart count as one billing (a doubled charge).
    static let doubleWindow: Int32 = 3

    /// Amounts within 3 % are one price (FX-converted charges of a known service wobble);
    /// for other merchants within 0.5 %, so a shop's scattered purchases do not line up.
    static func sameAmount(_ a: Int64, _ b: Int64, loose: Bool = true) -> Bool {
        let hi = max(a, b), lo = min(a, b)
        return hi - lo <= (loose ? hi * 3 / 100 : hi / 200) + 100
    }

    /// Charges of near-equal amounts, by day and row, with their billing days and period.
    struct Group: JoinableGroup {
        var charges: [Charge]
        var days: [Int32]
        var fit: PeriodFit?
        init(_ charges: [Charge]) {
            self.init(sorted: charges.sorted { ($0.day, $0.row) < ($1.day, $1.row) })
        }
        /// Charges already sorted by day and row.
        init(sorted charges: [Charge]) {
            self.charges = charges
            days = []
            Group.addDays(of: charges, to: &days)
            fit = Group.fit(days)
        }

        /// The days and fit that `a` followed by `b` (which starts after `a` ends) would have,
        /// with no charges yet: `joinPriceChanges` adds them only to a join it makes.
        init(daysOf a: Group, then b: Group) {
            charges = []
            days = a.days
            Group.addDays(of: b.charges, to: &days)
            fit = Group.fit(days)
        }

        /// Charges, their billing days and fit already worked out (`GroupSummary`).
        init(sorted charges: [Charge], days: [Int32], fit: PeriodFit?) {
            self.charges = charges
            self.days = days
            self.fit = fit
        }

        mutating func takeCharges(of a: Group, then b: Group) {
            charges = a.charges + b.charges
        }

        /// The distinct billing days of charges sorted by day, after `days`: a charge within
        /// `doubleWindow` of the last day kept is the same billing.
        static func addDays(of charges: [Charge], to days: inout [Int32]) {
            addDays(on: charges.lazy.map(\.day), to: &days)
        }

        /// `addDays(of:to:)` for the days charges fall on, ascending; a day given twice is never
        /// a new billing, so distinct days alone (`GroupSummary`) give the same billings.
        static func addDays(on chargeDays: some Sequence<Int32>, to days: inout [Int32]) {
            for day in chargeDays where days.last.map({ day - $0 > RecurrenceDetector.doubleWindow }) ?? true { days.append(day) }
        }

        static func fit(_ days: [Int32]) -> PeriodFit? {
            days.count >= 2 ? PeriodFit.best(gaps: zip(days.dropFirst(), days).map { Int($0 - $1) }) : nil
        }
        var first: Int32 { charges[0].day }
        var lastDay: Int32 { charges[charges.count - 1].day }
        var firstAmount: Int64 { charges[0].amount }
        var lastAmount: Int64 { charges[charges.count - 1].amount }
    }

    /// The series among `charges` and the charges left over. `knownService`: the merchant is a
    /// subscription brand, so two charges can make a series.
    package func detect(_ charges: [Charge], knownService: Bool) -> (series: [RecurringSeries], leftover: [Charge]) {
        guard charges.count >= 2 else { return ([], charges) }
        // Each amount group is dropped once its sorted `Group` exists, and the leftovers are
        // sorted in place: a shop with a tenth of a statement's rows holds fewer copies of them.
        var amounts = amountGroups(charges, loose: knownService)
        var groups: [Group] = []
        groups.reserveCapacity(amounts.count)
        for i in amounts.indices {
            groups.append(Group(amounts[i]))
            amounts[i] = []
        }
        joinPriceChanges(&groups)
        var series: [RecurringSeries] = []
        var leftover: [Charge] = []
        for group in groups {
            guard let fit = group.fit, accepts(group, fit: fit, knownService: knownService, total: charges.count),
                  isolated(group, among: charges) else {
                leftover += group.charges
                continue
            }
            series.append(RecurringSeries(charges: group.charges, fit: fit, occurrences: group.days.count,
                                          confidence: confidence(fit: fit, occurrences: group.days.count, knownService: knownService)))
        }
        leftover.sort { $0.day < $1.day }
        return (series.sorted { $0.charges[0].day < $1.charges[0].day }, leftover)
    }

    /// What `detect(count:knownService:charges:)` finds: the series, and the charges left over,
    /// kept in their groups so that only as many as a caller lists are put in order.
    struct Detection {
        var series: [RecurringSeries]
        /// The groups that made no series, each sorted by day and row, in the order `detect`
        /// joins them before it sorts its leftover list by day.
        var leftoverGroups: [[Charge]]
        var leftoverCount: Int

        /// The first `limit` charges of the leftover list `detect` returns: by day, a day's
        /// charges in the order of their groups (the list is sorted stably).
        func leftover(first limit: Int) -> [Charge] {
            if limit >= leftoverCount {
                var all: [Charge] = []
                all.reserveCapacity(leftoverCount)
                for group in leftoverGroups { all += group }
                all.sort { $0.day < $1.day }
                return all
            }
            var out: [Charge] = []
            out.reserveCapacity(max(0, limit))
            var heads = [Int](repeating: 0, count: leftoverGroups.count)
            while out.count < limit {
                var best = -1
                var bestDay: Int32 = 0
                for g in leftoverGroups.indices where heads[g] < leftoverGroups[g].count {
                    let day = leftoverGroups[g][heads[g]].day
                    if best < 0 || day < bestDay { best = g; bestDay = day }
                }
                guard best >= 0 else { break }
                out.append(leftoverGroups[best][heads[best]])
                heads[best] += 1
            }
            return out
        }
    }

    /// As `detect(_:knownService:)`, for `count` charges that `charges` hands out (twice) in any
    /// order, each with its own row number: the amounts are counted first, so each amount
    /// group is filled without sorting or copying the whole list, and a charge's neighbours
    /// in price are counted from the amounts rather than searched for. The series are the
    /// same, and `leftover(first:)` gives the leftover list in the same order.
    ///
    /// A merchant with more than `maxGroupsToJoin` amount groups joins no price changes, so
    /// its groups are independent: they are filled and searched a batch at a time (about
    /// `batchCharges` charges, reading the charges once per batch), and of the leftovers only
    /// the first `keep` in the leftover order are kept, with the count. Memory then stays
    /// bounded however many charges a shop has.
    func detect(count: Int, knownService: Bool, keep: Int = .max, charges: ((Charge) -> Void) -> Void) -> Detection {
        guard count >= 2 else {
            var all: [Charge] = []
            charges { all.append($0) }
            return Detection(series: [], leftoverGroups: [all], leftoverCount: all.count)
        }
        var perAmount = AmountCounts()
        // A ledger that may be summarised (`detectFromSummaries`) also finds its days' range.
        let large = count > batchCharges && keep < batchCharges
        var low = Int32.max, high = Int32.min
        if large {
            charges { c in
                perAmount.count(c.amount)
                low = min(low, c.day)
                high = max(high, c.day)
            }
        } else {
            charges { perAmount.count($0.amount) }
        }
        // The groups `amountGroups` makes: single linkage from each group's smallest amount.
        var sizes: [Int] = []
        var first: Int64 = 0
        for (slot, amount) in perAmount.slotsByAmount() {
            if sizes.isEmpty || !RecurrenceDetector.sameAmount(first, amount, loose: knownService) {
                sizes.append(0)
                first = amount
            }
            sizes[sizes.count - 1] += perAmount.counts[slot]
            perAmount.groups[slot] = Int32(sizes.count - 1)
        }
        if sizes.count > RecurrenceDetector.maxGroupsToJoin {
            return detectInBatches(count: count, knownService: knownService, keep: keep, sizes: sizes,
                                   perAmount: perAmount, charges: charges)
        }
        if large && Int(high) - Int(low) < RecurrenceDetector.maxSummarySpan {
            return detectFromSummaries(count: count, knownService: knownService, keep: keep, sizes: sizes,
                                       perAmount: perAmount, days: low...high, charges: charges)
        }
        var members: [[Charge]] = sizes.map { n in
            var list: [Charge] = []
            list.reserveCapacity(n)
            return list
        }
        charges { c in members[Int(perAmount.group(of: c.amount))].append(c) }
        var groups: [Group] = []
        groups.reserveCapacity(members.count)
        for i in members.indices {
            RecurrenceDetector.sortByDayAndRow(&members[i])
            groups.append(Group(sorted: members[i]))
            members[i] = []
        }
        joinPriceChanges(&groups)
        var series: [RecurringSeries] = []
        var leftover: [[Charge]] = []
        var leftoverCount = 0
        for group in groups {
            guard let fit = group.fit, accepts(group, fit: fit, knownService: knownService, total: count),
                  isolated(group, total: count, perAmount: perAmount) else {
                leftover.append(group.charges)
                leftoverCount += group.charges.count
                continue
            }
            series.append(RecurringSeries(charges: group.charges, fit: fit, occurrences: group.days.count,
                                          confidence: confidence(fit: fit, occurrences: group.days.count, knownService: knownService)))
        }
        return Detection(series: series.sorted { $0.charges[0].day < $1.charges[0].day }, leftoverGroups: leftover, leftoverCount: leftoverCount)
    }

    /// More amount groups than this make a shop: no price changes are joined among them.
    static let maxGroupsToJoin = 40

    /// `detect(count:…)` for a merchant whose amount groups are independent (see there).
    private func detectInBatches(count: Int, knownService: Bool, keep: Int, sizes: [Int], perAmount: AmountCounts,
                                 charges: ((Charge) -> Void) -> Void) -> Detection {
        var series: [RecurringSeries] = []
        var kept: [Charge] = []
        var leftoverCount = 0
        var start = 0
        while start < sizes.count {
            var end = start + 1, total = sizes[start]
            while end < sizes.count, total + sizes[end] <= batchCharges {
                total += sizes[end]
                end += 1
            }
            var members: [[Charge]] = sizes[start..<end].map { n in
                var list: [Charge] = []
                list.reserveCapacity(n)
                return list
            }
            charges { c in
                let g = Int(perAmount.group(of: c.amount))
                if g >= start && g < end { members[g - start].append(c) }
            }
            for i in members.indices {
                RecurrenceDetector.sortByDayAndRow(&members[i])
                let group = Group(sorted: members[i])
                members[i] = []
                if let fit = group.fit, accepts(group, fit: fit, knownService: knownService, total: count),
                   isolated(group, total: count, perAmount: perAmount) {
                    series.append(RecurringSeries(charges: group.charges, fit: fit, occurrences: group.days.count,
                                                  confidence: confidence(fit: fit, occurrences: group.days.count, knownService: knownService)))
                } else {
                    leftoverCount += group.charges.count
                    // Nothing of a group enters a full list that ends before the group starts.
                    if kept.count < keep || kept.last.map({ group.charges[0].day < $0.day }) == true {
                        kept = RecurrenceDetector.merge(kept, group.charges, limit: keep)
                    }
                }
            }
            start = end
        }
        return Detection(series: series.sorted { $0.charges[0].day < $1.charges[0].day },
                         leftoverGroups: kept.isEmpty ? [] : [kept], leftoverCount: leftoverCount)
    }

    /// The first `limit` of `a` and `b` merged by day, `a`'s charges first on a day: the order
    /// `Detection.leftover(first:)` gives a later group's charges.
    static func merge(_ a: [Charge], _ b: [Charge], limit: Int) -> [Charge] {
        var out: [Charge] = []
        out.reserveCapacity(min(limit, a.count + b.count))
        var i = 0, j = 0
        while out.count < limit, i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].day <= b[j].day) {
                out.append(a[i])
                i += 1
            } else {
                out.append(b[j])
                j += 1
            }
        }
        return out
    }

    /// Sorts charges by day and row. Statements list rows oldest first or newest first, so a
    /// merchant's charges usually come sorted, or reversed with each day's rows in order:
    /// those take one pass; any other order is sorted.
    static func sortByDayAndRow(_ charges: inout [Charge]) {
        func sorted(_ c: [Charge]) -> Bool {
            c.indices.dropFirst().allSatisfy { (c[$0 - 1].day, c[$0 - 1].row) < (c[$0].day, c[$0].row) }
        }
        if sorted(charges) { return }
        charges.reverse()
        var start = 0
        while start < charges.count {
            var end = start + 1
            while end < charges.count, charges[end].day == charges[start].day { end += 1 }
            if end - start > 1 { charges[start..<end].reverse() }
            start = end
        }
        if sorted(charges) { return }
        charges.sort { ($0.day, $0.row) < ($1.day, $1.row) }
    }

    /// `isolated(_:among:)` from the count of each amount among all charges (rows unique).
    func isolated(_ group: Group, total: Int, perAmount: AmountCounts) -> Bool {
        guard total > group.charges.count else { return true }
        var prices: [Int64] = []
        for c in group.charges where !prices.contains(where: { RecurrenceDetector.sameAmount($0, c.amount) }) { prices.append(c.amount) }
        func near(_ amount: Int64) -> Bool { prices.contains { abs($0 - amount) * 10 <= $0 } }
        var nearAll = 0
        for slot in perAmount.counts.indices where perAmount.counts[slot] > 0 && near(perAmount.amounts[slot]) { nearAll += perAmount.counts[slot] }
        var nearMembers = 0
        for c in group.charges where near(c.amount) { nearMembers += 1 }
        return (nearAll - nearMembers) * 2 <= group.days.count
    }

    /// Groups of near-equal amounts (single linkage over sorted amounts).
    private func amountGroups(_ charges: [Charge], loose: Bool) -> [[Charge]] {
        let sorted = charges.sorted { $0.amount < $1.amount }
        var groups: [[Charge]] = []
        // Measured from the group's smallest amount, so dense shop amounts do not chain into
        // one wide group.
        for c in sorted {
            if let first = groups.last?.first, RecurrenceDetector.sameAmount(first.amount, c.amount, loose: loose) {
                groups[groups.count - 1].append(c)
            } else {
                groups.append([c])
            }
        }
        return groups
    }

    /// Joins a group to the next one that starts after it ends, costs at most twice or half as
    /// much, and keeps the same grid across the join: a price change continues the series.
    func joinPriceChanges<G: JoinableGroup>(_ groups: inout [G]) {
        // Dozens of distinct amounts make a shop, not a subscription; do not search them all.
        guard groups.count <= RecurrenceDetector.maxGroupsToJoin else { return }
        var merged = true
        while merged {
            merged = false
            groups.sort { $0.first < $1.first }
            outer: for i in groups.indices where groups[i].days.count >= 2 || groups.count <= 12 {
                let a = groups[i]
                let lastAmount = a.lastAmount
                for j in groups.indices where j != i && groups[j].first > a.lastDay {
                    let b = groups[j]
                    guard a.fit != nil || b.fit != nil else { continue }
                    let firstAmount = b.firstAmount
                    guard firstAmount * 2 >= lastAmount, firstAmount <= lastAmount * 2 else { continue }
                    // `b` starts after `a` ends, so their charges joined are sorted: the days
                    // decide, and the charges are copied only for a join that is made.
                    var joined = G(daysOf: a, then: b)
                    guard let fit = joined.fit, fit.onGrid >= 0.75,
                          a.days.count < 3 || a.fit?.period == fit.period, b.days.count < 3 || b.fit?.period == fit.period,
                          PeriodFit.best(gaps: [Int(b.first - a.lastDay)])?.period == fit.period
                            || Double(b.first - a.lastDay) <= fit.period.days * 2 + fit.period.tolerance else { continue }
                    joined.takeCharges(of: a, then: b)
                    groups[i] = joined
                    groups.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
    }

    /// Enough occurrences for the period: three (four for weekly and biweekly); two for a
    /// known service's quarterly or longer plan, or when these are all the merchant's charges.
    private func accepts(_ group: Group, fit: PeriodFit, knownService: Bool, total: Int) -> Bool {
        accepts(occurrences: group.days.count, charges: group.charges.count, fit: fit, knownService: knownService, total: total)
            && !pricedLikePurchases(group.charges, occurrences: group.days.count)
    }

    /// A plan's price changes now and then; amounts that change at more than every other charge
    /// (three prices or more in a few charges) are purchases that happened to fall on a grid.
    func pricedLikePurchases(_ charges: [Charge], occurrences: Int) -> Bool {
        var prices = 1
        for i in charges.indices.dropFirst() where !RecurrenceDetector.sameAmount(charges[i - 1].amount, charges[i].amount) {
            prices += 1
        }
        return prices >= 3 && prices * 2 > occurrences
    }

    func accepts(occurrences n: Int, charges: Int, fit: PeriodFit, knownService: Bool, total: Int) -> Bool {
        let short = fit.period == .weekly || fit.period == .biweekly
        // Two charges: a yearly or quarterly plan of a known service, or all a merchant's charges.
        if n == 2 && knownService && fit.period.days >= Period.quarterly.days { return true }
        if knownService && n >= 3 { return !short || n >= 4 }
        if short { return n >= 4 && fit.onGrid >= 0.85 }
        if n >= 3 { return true }
        return n == 2 && charges == total && fit.period != .fourWeekly
    }

    /// A subscription's price stands apart from the merchant's other charges: a shop whose
    /// purchases scatter around the same amounts makes look-alike series by chance. Other
    /// charges within 10 % of the series' prices may be at most half its occurrences.
    private func isolated(_ group: Group, among all: [Charge]) -> Bool {
        guard all.count > group.charges.count else { return true }
        var prices: [Int64] = []
        for c in group.charges where !prices.contains(where: { RecurrenceDetector.sameAmount($0, c.amount) }) { prices.append(c.amount) }
        let members = Set(group.charges.map(\.row))
        let near = all.filter { c in
            !members.contains(c.row) && prices.contains { abs($0 - c.amount) * 10 <= $0 }
        }.count
        return near * 2 <= group.days.count
    }

    func confidence(fit: PeriodFit, occurrences n: Int, knownService: Bool) -> Double {
        let base: Double = n >= 6 ? 0.95 : [0, 0, 0.6, 0.78, 0.85, 0.9][n]
        let value = base * fit.onGrid - 0.08 * fit.drift + (knownService ? 0.05 : 0)
        return min(0.99, max(0.3, (value * 100).rounded() / 100))
    }
}

/// How many charges have each amount, and the amount group each amount falls in: an open
/// addressing table keyed by the amount, so counting a ledger's charges hashes no `Hasher`.
struct AmountCounts {
    private(set) var amounts: [Int64]
    private(set) var counts: [Int]
    /// The group of each slot's amount, set by the caller.
    var groups: [Int32]
    private var used: [Bool]
    private var filled = 0

    init() {
        amounts = Array(repeating: 0, count: 64)
        counts = Array(repeating: 0, count: 64)
        groups = Array(repeating: 0, count: 64)
        used = Array(repeating: false, count: 64)
    }

    @inline(__always)
    private func slot(of amount: Int64) -> Int {
        let mask = amounts.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(bitPattern: amount) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while used[slot] && amounts[slot] != amount { slot = (slot + 1) & mask }
        return slot
    }

    /// Counts one charge of `amount`.
    mutating func count(_ amount: Int64) {
        let s = slot(of: amount)
        if !used[s] {
            used[s] = true
            amounts[s] = amount
            filled += 1
            if filled * 2 > amounts.count {
                counts[s] = 1
                grow()
                return
            }
        }
        counts[s] += 1
    }

    private mutating func grow() {
        let old = (amounts, counts, used)
        let size = amounts.count * 2
        amounts = Array(repeating: 0, count: size)
        counts = Array(repeating: 0, count: size)
        groups = Array(repeating: 0, count: size)
        used = Array(repeating: false, count: size)
        for i in old.2.indices where old.2[i] {
            let s = slot(of: old.0[i])
            used[s] = true
            amounts[s] = old.0[i]
            counts[s] = old.1[i]
        }
    }

    /// The slots of the amounts counted, by ascending amount.
    func slotsByAmount() -> [(slot: Int, amount: Int64)] {
        used.indices.filter { used[$0] }.map { ($0, amounts[$0]) }.sorted { $0.amount < $1.amount }
    }

    /// The group of a counted amount.
    func group(of amount: Int64) -> Int32 { groups[slot(of: amount)] }
}
