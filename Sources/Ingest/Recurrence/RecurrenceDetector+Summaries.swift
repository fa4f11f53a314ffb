/// An amount group as `RecurrenceDetector.joinPriceChanges` sees it: its billing days and
/// fit, its first and last charge by day and row, and how two groups join.
protocol JoinableGroup {
    var days: [Int32] { get }
    var fit: PeriodFit? { get }
    var first: Int32 { get }
    var lastDay: Int32 { get }
    var firstAmount: Int64 { get }
    var lastAmount: Int64 { get }
    /// The days and fit of `a` followed by `b` (which starts after `a` ends), before the join is made.
    init(daysOf a: Self, then b: Self)
    /// Completes a join made: everything else of `a` followed by `b`.
    mutating func takeCharges(of a: Self, then b: Self)
}

extension RecurrenceDetector {
    /// Longest span of days, first charge to last, that a ledger is summarised over (a bit per
    /// day and amount group); a longer one is searched whole.
    static let maxSummarySpan = 1 << 16

    /// An amount group without its charges: what deciding joins, periods and acceptance takes,
    /// and the first charges a report could list. Its charges are read again only if it may
    /// make a series.
    struct GroupSummary: JoinableGroup {
        /// The amount groups joined in it, in order.
        var members: [Int32]
        var count: Int
        /// The first and last charge by day and row.
        var head: Charge
        var tail: Charge
        /// The days with a charge, ascending.
        var chargeDays: [Int32]
        var days: [Int32]
        var fit: PeriodFit?
        /// The first `keep` charges by day and row.
        var firstCharges: [Charge]

        init(member: Int32, count: Int, head: Charge, tail: Charge, chargeDays: [Int32], firstCharges: [Charge]) {
            members = [member]
            self.count = count
            self.head = head
            self.tail = tail
            self.chargeDays = chargeDays
            days = []
            Group.addDays(on: chargeDays, to: &days)
            fit = Group.fit(days)
            self.firstCharges = firstCharges
        }

        init(daysOf a: GroupSummary, then b: GroupSummary) {
            members = []
            count = 0
            head = a.head
            tail = b.tail
            chargeDays = []
            days = a.days
            Group.addDays(on: b.chargeDays, to: &days)
            fit = Group.fit(days)
            firstCharges = []
        }

        mutating func takeCharges(of a: GroupSummary, then b: GroupSummary) {
            members = a.members + b.members
            count = a.count + b.count
            chargeDays = a.chargeDays + b.chargeDays
            // `a`'s charges all come before `b`'s: when `a` kept them all, `b`'s first follow (a
            // list longer than asked is cut where it is merged).
            firstCharges = a.firstCharges.count < a.count ? a.firstCharges : a.firstCharges + b.firstCharges
        }

        var first: Int32 { head.day }
        var lastDay: Int32 { tail.day }
        var firstAmount: Int64 { head.amount }
        var lastAmount: Int64 { tail.amount }
    }

    /// One amount group's charges as they stream by, in any order.
    struct GroupTally {
        var count = 0
        var head = Charge(day: 0, amount: 0, row: 0, line: 0)
        var tail = Charge(day: 0, amount: 0, row: 0, line: 0)
        /// A bit per day from the ledger's first.
        var seen: [UInt64]
        var firstCharges: [Charge] = []
        /// Day and row of the last of `firstCharges` once it holds `keep` and no later charge enters.
        var bound: (Int32, Int32)?

        init(span: Int) {
            seen = Array(repeating: 0, count: span / 64 + 1)
        }

        mutating func add(_ c: Charge, from: Int32, keep: Int) {
            if count == 0 || (c.day, c.row) < (head.day, head.row) { head = c }
            if count == 0 || (c.day, c.row) > (tail.day, tail.row) { tail = c }
            count += 1
            let bit = Int(c.day - from)
            seen[bit >> 6] |= 1 << UInt64(bit & 63)
            guard keep > 0 else { return }
            if let bound, (c.day, c.row) > bound { return }
            firstCharges.append(c)
            if firstCharges.count >= 2 * keep + 64 { trim(keep) }
        }

        mutating func trim(_ keep: Int) {
            RecurrenceDetector.sortByDayAndRow(&firstCharges)
            guard firstCharges.count >= keep else { return }
            firstCharges.removeLast(firstCharges.count - keep)
            if let last = firstCharges.last { bound = (last.day, last.row) }
        }

        func summary(member: Int32, from: Int32, keep: Int) -> GroupSummary {
            var chargeDays: [Int32] = []
            for (w, word) in seen.enumerated() where word != 0 {
                var rest = word
                while rest != 0 {
                    chargeDays.append(from + Int32(w * 64 + rest.trailingZeroBitCount))
                    rest &= rest - 1
                }
            }
            var tally = self
            tally.trim(keep)
            return GroupSummary(member: member, count: count, head: head, tail: tail, chargeDays: chargeDays,
                                firstCharges: tally.firstCharges)
        }
    }

    /// `detect(count:…)` for a large ledger of few amount groups: the groups are summarised in
    /// one reading of the charges and joined from their summaries; the charges of a group that
    /// may make a series are read back, a batch of such groups at a time, and held only while
    /// it is tested for isolation (the one test that needs them all), or kept if it makes a
    /// series. Of the leftovers the first `keep` are kept, with the count. Memory then grows
    /// with the largest group that may make a series and the series found, not with the ledger.
    func detectFromSummaries(count: Int, knownService: Bool, keep: Int, sizes: [Int], perAmount: AmountCounts,
                             days: ClosedRange<Int32>, charges: ((Charge) -> Void) -> Void) -> Detection {
        let from = days.lowerBound
        let span = Int(days.upperBound) - Int(from) + 1
        var tallies = sizes.map { _ in GroupTally(span: span) }
        charges { c in tallies[Int(perAmount.group(of: c.amount))].add(c, from: from, keep: keep) }
        var groups = tallies.indices.map { tallies[$0].summary(member: Int32($0), from: from, keep: keep) }
        tallies = []
        joinPriceChanges(&groups)
        // The groups that may make a series are read back a batch at a time (about
        // `batchCharges` charges, or one larger group) and tested for isolation.
        let candidates = groups.indices.filter { i in
            groups[i].fit.map { accepts(occurrences: groups[i].days.count, charges: groups[i].count, fit: $0,
                                        knownService: knownService, total: count) } ?? false
        }
        var made: [RecurringSeries?] = Array(repeating: nil, count: groups.count)
        var start = 0
        while start < candidates.count {
            var end = start + 1, total = groups[candidates[start]].count
            while end < candidates.count, total + groups[candidates[end]].count <= batchCharges {
                total += groups[candidates[end]].count
                end += 1
            }
            // Per amount group, its place in the batch, or -1.
            var place = [Int32](repeating: -1, count: sizes.count)
            var lists: [[Charge]] = []
            for k in start..<end {
                for m in groups[candidates[k]].members { place[Int(m)] = Int32(k - start) }
                lists.append([])
                lists[k - start].reserveCapacity(groups[candidates[k]].count)
            }
            charges { c in
                let k = place[Int(perAmount.group(of: c.amount))]
                if k >= 0 { lists[Int(k)].append(c) }
            }
            for k in start..<end {
                let group = groups[candidates[k]]
                RecurrenceDetector.sortByDayAndRow(&lists[k - start])
                let whole = Group(sorted: lists[k - start], days: group.days, fit: group.fit)
                lists[k - start] = []
                guard let fit = group.fit, isolated(whole, total: count, perAmount: perAmount) else { continue }
                made[candidates[k]] = RecurringSeries(charges: whole.charges, fit: fit, occurrences: group.days.count,
                                                      confidence: confidence(fit: fit, occurrences: group.days.count, knownService: knownService))
            }
            start = end
        }
        var series: [RecurringSeries] = []
        var kept: [Charge] = []
        var leftoverCount = 0
        for (group, found) in zip(groups, made) {
            if let found {
                series.append(found)
                continue
            }
            leftoverCount += group.count
            // Nothing of a group enters a full list that ends before the group starts.
            if kept.count < keep || kept.last.map({ group.head.day < $0.day }) == true {
                kept = RecurrenceDetector.merge(kept, group.firstCharges, limit: keep)
            }
        }
        return Detection(series: series.sorted { $0.charges[0].day < $1.charges[0].day },
                         leftoverGroups: kept.isEmpty ? [] : [kept], leftoverCount: leftoverCount)
    }
}
