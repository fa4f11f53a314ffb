/// Groups the lines of one region into blocks, one block per subscription: lines close
/// together stay together, a block holding two entries (two prominent names, each with its own
/// price) is cut between them, and a header or label block with no price joins its neighbour.
struct BlockGrouper: Sendable {
    /// A vertical gap larger than this many line heights starts a new block.
    var gapFactor = 0.8
    /// A block with no price joins a neighbour at most this many line heights away.
    var joinFactor = 3.0

    /// `page` are all the page's lines: the gaps that separate blocks are learnt from them when
    /// the region has few lines, since one column of a card grid has too few gaps to tell.
    func blocks(_ lines: [ScreenLine], page: [ScreenLine]) -> [[ScreenLine]] {
        let sorted = lines.filter { !$0.cells.isEmpty }.sorted { $0.box.minY < $1.box.minY }
        guard let first = sorted.first else { return [] }
        let height = Double(OCRCell.median(sorted.map(\.height)))
        // A region with enough lines of its own (a list beside a sidebar of sums) tells its own
        // gaps; lines of the other columns interleave with it and hide them.
        let all = (sorted.count >= 8 ? sorted : page).sorted { $0.box.minY < $1.box.minY }
        let threshold = BlockGrouper.threshold(gaps: zip(all, all.dropFirst()).map { Double($1.box.minY - $0.box.maxY) },
                                               height: height, fallback: gapFactor * height)
        var blocks: [[ScreenLine]] = [[first]]
        for line in sorted.dropFirst() {
            let previous = blocks[blocks.count - 1]
            let bottom = previous.map(\.box.maxY).max() ?? 0
            if Double(line.box.minY - bottom) > threshold {
                blocks.append([line])
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        return join(blocks.flatMap(split), height: height)
    }

    /// The gap that separates blocks: at the largest jump (by ratio) between sorted gaps, when
    /// that jump is clear (gaps within a card are small, gaps between cards several times larger);
    /// else `fallback`. Gaps below a quarter of the line height count as that quarter.
    static func threshold(gaps: [Double], height: Double, fallback: Double) -> Double {
        let floor = max(1, height / 4)
        let sorted = gaps.map { max($0, floor) }.sorted()
        var best: (ratio: Double, cut: Double)?
        for (low, high) in zip(sorted, sorted.dropFirst()) where high >= fallback / 2 {
            let ratio = high / low
            if ratio > (best?.ratio ?? 1.8) { best = (ratio, (low + high) / 2) }
        }
        return best?.cut ?? fallback
    }

    /// The type size of the block's largest billed amount, 0 for none.
    static func priceHeight(_ lines: [ScreenLine]) -> Int {
        lines.flatMap(\.cells).filter { $0.prices.contains { !$0.derived } }.map(\.height).max() ?? 0
    }

    static func hasPrice(_ lines: [ScreenLine]) -> Bool {
        lines.contains { $0.prices.contains { !$0.derived } }
    }

    /// OCR confidence under which a name-like cell is taken for a logo or artwork read as
    /// letters ("Rages fab", "\\daneu2o26") as long as the block has better read names.
    static let garbledName = 0.2

    /// The cells that could name the block's entry: the well read ones when there are any.
    static func nameCells(_ lines: [ScreenLine]) -> [ScreenCell] {
        let cells = lines.flatMap(\.cells).filter { $0.nameText != nil }
        let clear = cells.filter { $0.nameConfidence >= garbledName }
        return clear.isEmpty ? cells : clear
    }

    /// True when the lines hold a well read name: a block named only by garbled text still
    /// takes the title above it.
    static func isNamed(_ lines: [ScreenLine]) -> Bool {
        lines.contains { $0.cells.contains { $0.nameText != nil && $0.nameConfidence >= garbledName } }
    }

    /// The share of the entries' name size a name needs to lead an entry: names of one size
    /// read a little taller or shorter box by box.
    static let sameSize = 0.85

    /// The type size of the names that lead entries: the tallest that another name reaches too
    /// (entries repeat), so that one box drawn too tall (OCR taking in a card's edge) does not
    /// make every other name look small; the tallest when no two are alike.
    static func entryNameHeight(_ heights: [Int]) -> Int? {
        let sorted = heights.sorted(by: >)
        return sorted.first { h in sorted.filter { $0 <= h && Double($0) >= sameSize * Double(h) }.count >= 2 } ?? sorted.first
    }

    /// Cuts a block before each line that starts a new entry: a name as prominent as the
    /// block's first one, after a price was already seen. Where entries print their price
    /// above the name (tiles: countdown, price, name, date), the cut moves up over the lines
    /// without name or date that stand right above the name.
    func split(_ block: [ScreenLine]) -> [[ScreenLine]] {
        let names = BlockGrouper.nameCells(block)
        guard block.count > 1, let tallest = BlockGrouper.entryNameHeight(names.map(\.height)) else { return [block] }
        let prominent = Double(tallest) * BlockGrouper.sameSize
        let leads = block.map { line in line.cells.contains { names.contains($0) && Double($0.height) >= prominent } }
        var cuts: [Int] = []
        var sawName = false
        var priceHeight: Int?
        for (k, line) in block.enumerated() {
            let ownPrice = line.cells.filter { $0.prices.contains { !$0.derived } }.map(\.height).max()
            // A smaller price under a bigger one is the billed price under its per-month
            // equivalent, not the next entry.
            let smallerPrice = ownPrice.map { new in priceHeight.map { Double(new) < 0.85 * Double($0) } ?? false } ?? false
            if leads[k] && sawName && priceHeight != nil && !smallerPrice {
                cuts.append(k)
                sawName = false
                priceHeight = nil
            }
            if leads[k] { sawName = true }
            // An amount above the first name (a page's headline total) sets no type size for
            // the entries under it.
            if let ownPrice, sawName { priceHeight = max(priceHeight ?? 0, ownPrice) }
        }
        if BlockGrouper.pricesLeadNames(block, leads: leads) {
            var floor = 0
            cuts = cuts.map { k in
                var j = k
                while j - 1 > floor, BlockGrouper.isLead(block[j - 1]) { j -= 1 }
                let moved = block[j..<k]
                floor = k
                return moved.contains { !$0.prices.isEmpty } ? j : k
            }
        }
        var parts: [[ScreenLine]] = []
        var start = 0
        for cut in cuts + [block.count] where cut > start {
            parts.append(Array(block[start..<cut]))
            start = cut
        }
        // A part with no price of its own is the subtitle of the entry above it ("Software ·
        // Active · Monthly" in the name's type size), not an entry.
        var entries: [[ScreenLine]] = []
        for part in parts where !part.isEmpty {
            if !entries.isEmpty, !BlockGrouper.hasPrice(part) {
                entries[entries.count - 1] += part
            } else {
                entries.append(part)
            }
        }
        return entries
    }

    /// A line that can open an entry printed price first: no name and no date (a price, a
    /// countdown, an icon read as letters).
    static func isLead(_ line: ScreenLine) -> Bool {
        !line.cells.contains { $0.nameText != nil || $0.date != nil }
    }

    /// True when most leading names have a priced line right above them and none right under
    /// them, and there are at least two such names.
    static func pricesLeadNames(_ block: [ScreenLine], leads: [Bool]) -> Bool {
        var above = 0, below = 0
        func pricedAlone(_ k: Int) -> Bool {
            block.indices.contains(k) && isLead(block[k]) && block[k].prices.contains { !$0.derived }
        }
        for k in block.indices where leads[k] && !hasPrice([block[k]]) {
            var up = k - 1
            while up >= 0, isLead(block[up]), block[up].prices.isEmpty { up -= 1 }
            let priceAbove = pricedAlone(up), priceBelow = pricedAlone(k + 1)
            if priceAbove && !priceBelow { above += 1 } else if priceBelow && !priceAbove { below += 1 }
        }
        return above >= 2 && above > below
    }

    /// Joins blocks without a price to a neighbour: a title over a card's price joins the
    /// block below, a "Next billing date" label block joins the block above.
    func join(_ input: [[ScreenLine]], height: Double) -> [[ScreenLine]] {
        var blocks = input
        func gap(_ a: [ScreenLine], _ b: [ScreenLine]) -> Double {
            Double((b.map(\.box.minY).min() ?? 0) - (a.map(\.box.maxY).max() ?? 0))
        }
        var i = 0
        while i < blocks.count {
            let block = blocks[i]
            let priced = BlockGrouper.hasPrice(block)
            let named = BlockGrouper.isNamed(block)
            if !priced, named, i + 1 < blocks.count {
                let next = blocks[i + 1]
                if BlockGrouper.hasPrice(next), !BlockGrouper.isNamed(next), gap(block, next) <= joinFactor * height {
                    blocks[i] = block + next
                    blocks.remove(at: i + 1)
                    continue
                }
            }
            if i > 0 {
                let previous = blocks[i - 1]
                let prevPriced = BlockGrouper.hasPrice(previous)
                let prevNamed = BlockGrouper.isNamed(previous)
                let labelOnly = !priced && !named && block.contains { $0.cells.contains { $0.date != nil } || $0.hasRenewalLabel }
                let priceOnly = priced && !named && prevNamed && !prevPriced
                // A nameless block whose amount is in smaller type than the named block's above
                // it is that entry's billed price under its large per-month figure.
                let billedUnder = priced && !named && prevNamed && prevPriced
                    && Double(BlockGrouper.priceHeight(block)) < 0.85 * Double(BlockGrouper.priceHeight(previous))
                if (labelOnly && prevPriced) || priceOnly || billedUnder, gap(previous, block) <= joinFactor * height {
                    blocks[i - 1] = previous + block
                    blocks.remove(at: i)
                    continue
                }
            }
            i += 1
        }
        return blocks
    }
}
