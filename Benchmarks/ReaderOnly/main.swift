// Reads every row of the CSV file named on the command line with `CSVTable`, as one pass of
// `ingest import` does, and prints the row and cell counts. Built by Benchmarks/import-1m.sh.
import Foundation

guard CommandLine.arguments.count == 2 else {
    print("usage: reader-only FILE.csv")
    exit(2)
}
do {
    let table = try CSVTable(path: CommandLine.arguments[1])
    var rows = 0, cells = 0
    while let row = try table.nextRow() {
        rows += 1
        cells += row.cells.count
    }
    print(rows, "rows", cells, "cells")
} catch {
    print(error)
    exit(1)
}
