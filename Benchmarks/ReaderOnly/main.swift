// Reads every row of the CSV file named on the command line with `CSVTable`, a batch at a
// time, as the first pass of `ingest import` does (`nextBatch`), and prints the row and cell
// counts.
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
        let batch = try table.nextBatch(limit: 512)
        if batch.isEmpty { break }
        rows += batch.count
        batch.withRecords { records in
            for i in 0..<records.count { cells += records[i].count }
        }
    }
    print(rows, "rows", cells, "cells")
} catch {
    print(error)
    exit(1)
}
