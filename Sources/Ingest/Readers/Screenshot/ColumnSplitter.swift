/// Splits a page into side-by-side regions when it shows a grid of cards: the page is cut at
/// vertical gutters that at most one line in five crosses (a header, a row of summary tiles or
/// a filter bar above the grid keeps its own layout), and neighbouring columns are joined again until each
/// region holds both names and prices (a list's right-aligned price column stays with its names).
struct ColumnSplitter: Sendable {
    /// A column of cells between two gutters.
    struct Column: Hashable, Sendable {
        var minX: Int
        var maxX: Int
        var names = 0
        var prices = 0
    }

    /// Holds its own entries: prices and names (OCR often loses a card's name, white on a
    /// coloured logo, so one name is enough).
    static func standsAlone(_ column: Column) -> Bool {
        column.prices >= 1 && column.names >= 1
    }

    /// The x ranges of the regions, left to right; one range for a page with no grid.
    func regions(_ lines: [ScreenLine], width: Int) -> [ClosedRange<Int>] {
        let whole = [0...max(0, width)]
        let cells = lines.flatMap(\.cells).filter { $0.box.width < width / 2 }
        guard cells.count >= 4, width > 0 else { return whole }
        let bucket = 2
        var coverage = [Int](repeating: 0, count: width / bucket + 2)
        for cell in cells {
            let a = max(0, cell.box.minX / bucket), b = min(coverage.count - 1, cell.box.maxX / bucket)
            if a <= b { for i in a...b { coverage[i] += 1 } }
        }
        let heights = cells.map(\.height)
        let minGutter = max(4, OCRCell.median(heights))
        let tolerance = max(1, lines.count / 5)
        let left = cells.map(\.box.minX).min() ?? 0, right = cells.map(\.box.maxX).max() ?? width
        var gutters: [ClosedRange<Int>] = []
        var start: Int?
        for i in (left / bucket)...(right / bucket) where i < coverage.count {
            if coverage[i] <= tolerance {
                if start == nil { start = i }
            } else if let s = start {
                if (i - s) * bucket >= minGutter { gutters.append((s * bucket)...(i * bucket)) }
                start = nil
            }
        }
        guard !gutters.isEmpty else { return whole }
        var columns: [Column] = []
        var x0 = 0
        for gutter in gutters {
            columns.append(Column(minX: x0, maxX: gutter.lowerBound + (gutter.upperBound - gutter.lowerBound) / 2))
            x0 = columns[columns.count - 1].maxX
        }
        columns.append(Column(minX: x0, maxX: width))
        for cell in cells {
            guard let i = columns.firstIndex(where: { $0.minX <= cell.box.midX && cell.box.midX < $0.maxX }) else { continue }
            if cell.prices.contains(where: { !$0.derived }) { columns[i].prices += 1 }
            if cell.nameText != nil { columns[i].names += 1 }
        }
        // A column mostly of names followed by one mostly of prices is one list or card column
        // (either may hold strays: a total above the names, a status badge or countdown read as
        // text beside the prices).
        var merged: [Column] = []
        for column in columns {
            if var last = merged.last, last.prices * 3 <= last.names, column.prices > 0, column.names * 2 <= column.prices {
                last.maxX = column.maxX
                last.names += column.names
                last.prices += column.prices
                merged[merged.count - 1] = last
            } else {
                merged.append(column)
            }
        }
        var regions: [Column] = []
        for column in merged {
            if var last = regions.last, !(ColumnSplitter.standsAlone(last) && ColumnSplitter.standsAlone(column)) {
                last.maxX = column.maxX
                last.names += column.names
                last.prices += column.prices
                regions[regions.count - 1] = last
            } else {
                regions.append(column)
            }
        }
        // A last region with no price is the right-hand text of the one before (status, notes).
        if regions.count > 1, let last = regions.last, last.prices == 0 {
            regions.removeLast()
            regions[regions.count - 1].maxX = last.maxX
        }
        return regions.map { $0.minX...$0.maxX }
    }
}
