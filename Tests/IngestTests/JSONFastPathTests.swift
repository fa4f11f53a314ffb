import Testing
@testable import Ingest

/// `JSONValue.writeString` appends strings that need no escape whole; these must come out as before.
@Suite struct JSONFastPathTests {
    @Test(arguments: [
        ("Netflix", "\"Netflix\""), ("Café 🎵", "\"Café 🎵\""), ("a\"b", "\"a\\\"b\""), ("a\\b", "\"a\\\\b\""),
        ("line\nnext", "\"line\\nnext\""), ("tab\there", "\"tab\\there\""), ("\u{01}", "\"\\u0001\""), ("", "\"\""),
    ])
    func escapes(_ c: (String, String)) {
        var out = ""
        JSONValue.writeString(c.0, to: &out)
        #expect(out == c.1)
    }
}

/// JSON written through a pointer (`ScratchBytes`, as plain rows are) must be the bytes written
/// into an array, across the scratch memory growing many times over.
@Suite struct ScratchBytesTests {
    @Test func writesWhatAnArrayGets() {
        var scratch = ScratchBytes(capacity: 8)
        defer { scratch.free() }
        var array: [UInt8] = []
        func both(_ write: (inout ScratchBytes) -> Void, _ same: (inout [UInt8]) -> Void) {
            write(&scratch)
            same(&array)
        }
        let texts = ["Netflix", "say \"hi\"\\", "two\nlines\ttab\r", "\u{01}\u{1F}", "Café 🎵", "", String(repeating: "x", count: 300)]
        for round in 0..<200 {
            for text in texts {
                let bytes = Array(text.utf8)
                bytes.withUnsafeBufferPointer { b in both({ JSONBytes.string(b, to: &$0) }, { JSONBytes.string(b, to: &$0) }) }
            }
            for n in [0, 7, -42, Int.max, Int.min, round * 1_000_003] {
                both({ JSONBytes.integer(n, to: &$0) }, { JSONBytes.integer(n, to: &$0) })
            }
            for units: Int64 in [0, 5, -1999, Int64.max, Int64(round) * 12_345] {
                for digits in [0, 2, 3] {
                    both({ DecimalText.appendUnits(units, digits: digits, to: &$0) }, { DecimalText.appendUnits(units, digits: digits, to: &$0) })
                }
            }
            for date in [CalendarDate(dayNumber: round * 97), CalendarDate(year: 2026, month: 1, day: 2)!.adding(days: 3_652_425)] {
                both({ JSONBytes.date(date, to: &$0) }, { JSONBytes.date(date, to: &$0) })
            }
            both({ JSONBytes.null(&$0) }, { JSONBytes.null(&$0) })
            both({ $0.append(UInt8(ascii: ",")) }, { $0.append(UInt8(ascii: ",")) })
        }
        #expect(array.count > 100_000)
        #expect(Array(scratch.bytes) == array)
        scratch.removeAll()
        #expect(scratch.count == 0)
        both({ JSONBytes.integer(12, to: &$0) }, { $0 = []; JSONBytes.integer(12, to: &$0) })
        #expect(Array(scratch.bytes) == array)
    }
}
