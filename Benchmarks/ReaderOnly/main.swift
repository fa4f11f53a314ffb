// Reads every row of the CSV file named on the command line with `CSVTable`, a batch at a
// time, as each pass of `ingest import` does (`nextItems`), and prints the row and cell counts.
// Built by Benchmarks/import-1m.sh.
import Foundation

guard CommandLine.arguments.count == 2 else {
    print("usage: reader-only FILE.csv")
    exit(2)
}
do {
    let table = try CSVTable(path: CommandLine.arguments[1])
    var rows = 0, cells = 0
    while true {
        let items = try table.nextItems(limit: 512)
        if items.isEmpty { break }
        for item in items {
            rows += 1
            switch item {
            case .utf8(let record, _): cells += record.count
            case .decoded(let row): cells += row.cells.count
            }
        }
    }
    print(rows, "rows", cells, "cells")
} catch {
    print(error)
    exit(1)
}
