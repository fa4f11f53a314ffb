import Testing
@testable import Ingest

/// Tokenizes `input` fed in chunks of `chunk` bytes (0: all at once).
func tokenize(_ input: [UInt8], delimiter: Character = ",", chunk: Int = 0) -> (records: [[String]], lines: [Int], unterminated: Bool) {
    var tokenizer = CSVTokenizer(delimiter: UInt8(ascii: delimiter.unicodeScalars.first ?? ","))
    var records: [[String]] = [], lines: [Int] = []
    func take(_ record: CSVRecord) {
        records.append((0..<record.count).map { String(decoding: record.field($0), as: UTF8.self) })
        lines.append(record.line)
    }
    let size = chunk == 0 ? max(input.count, 1) : chunk
    var start = 0
    while start < input.count {
        let piece = Array(input[start..<min(start + size, input.count)])
        piece.withUnsafeBufferPointer { buffer in
            var position = 0
            while tokenizer.next(buffer, position: &position) { take(tokenizer.record) }
        }
        start += size
    }
    if tokenizer.finish() { take(tokenizer.record) }
    return (records, lines, tokenizer.unterminatedQuote)
}

struct TokenizerCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var delimiter: Character = ","
    var records: [[String]]
    var lines: [Int]
    var unterminated = false
    var testDescription: String { name }
}

@Suite struct CSVTokenizerTests {
    static let main: [TokenizerCase] = [
        TokenizerCase(name: "plain LF", input: "a,b,c\n1,2,3\n", records: [["a", "b", "c"], ["1", "2", "3"]], lines: [1, 2]),
        TokenizerCase(name: "no final line end", input: "a,b\n1,2", records: [["a", "b"], ["1", "2"]], lines: [1, 2]),
        TokenizerCase(name: "CRLF", input: "a,b\r\n1,2\r\n", records: [["a", "b"], ["1", "2"]], lines: [1, 2]),
        TokenizerCase(name: "lone CR", input: "a,b\r1,2\r", records: [["a", "b"], ["1", "2"]], lines: [1, 2]),
        TokenizerCase(name: "CR then CRLF is a blank line", input: "a\r\r\nb", records: [["a"], [""], ["b"]], lines: [1, 2, 3]),
        TokenizerCase(name: "quoted delimiter", input: "\"a,b\",c\n", records: [["a,b", "c"]], lines: [1]),
        TokenizerCase(name: "doubled quotes", input: "\"say \"\"hi\"\"\",x\n", records: [["say \"hi\"", "x"]], lines: [1]),
        TokenizerCase(name: "LF inside quotes", input: "\"one\ntwo\",x\ny,z\n", records: [["one\ntwo", "x"], ["y", "z"]], lines: [1, 3]),
        TokenizerCase(name: "CRLF inside quotes counts one line", input: "\"one\r\ntwo\",x\r\ny,z\r\n",
                      records: [["one\r\ntwo", "x"], ["y", "z"]], lines: [1, 3]),
        TokenizerCase(name: "lone CR inside quotes", input: "\"one\rtwo\"\ny\n", records: [["one\rtwo"], ["y"]], lines: [1, 3]),
        TokenizerCase(name: "empty fields", input: ",,\n", records: [["", "", ""]], lines: [1]),
        TokenizerCase(name: "trailing delimiter", input: "a,b,\n", records: [["a", "b", ""]], lines: [1]),
        TokenizerCase(name: "blank lines are one empty field", input: "a\n\nb\n", records: [["a"], [""], ["b"]], lines: [1, 2, 3]),
        TokenizerCase(name: "empty quoted field", input: "\"\",x\n", records: [["", "x"]], lines: [1]),
        TokenizerCase(name: "quoted field at end of input", input: "x,\"y\"", records: [["x", "y"]], lines: [1]),
        TokenizerCase(name: "quote inside unquoted field is kept", input: "ab\"c,d\n", records: [["ab\"c", "d"]], lines: [1]),
        TokenizerCase(name: "text after closing quote is kept", input: "\"ab\"c,d\n", records: [["abc", "d"]], lines: [1]),
        TokenizerCase(name: "spaces are kept", input: " a , b \n", records: [[" a ", " b "]], lines: [1]),
        TokenizerCase(name: "semicolon keeps commas", input: "a;\"b;c\";9,99\n", delimiter: ";", records: [["a", "b;c", "9,99"]], lines: [1]),
        TokenizerCase(name: "tab", input: "a\tb\n1\t2\n", delimiter: "\t", records: [["a", "b"], ["1", "2"]], lines: [1, 2]),
        TokenizerCase(name: "pipe", input: "a|b\n", delimiter: "|", records: [["a", "b"]], lines: [1]),
        TokenizerCase(name: "multibyte UTF-8", input: "名前,価格\n€9,¥980\n", records: [["名前", "価格"], ["€9", "¥980"]], lines: [1, 2]),
        TokenizerCase(name: "empty input", input: "", records: [], lines: []),
        TokenizerCase(name: "only a line end", input: "\n", records: [[""]], lines: [1]),
        TokenizerCase(name: "unterminated quote takes the rest", input: "a,\"bc\nd,e\n", records: [["a", "bc\nd,e\n"]], lines: [1],
                      unterminated: true),
    ]

    @Test(arguments: main)
    func wholeInput(_ c: TokenizerCase) {
        let result = tokenize(Array(c.input.utf8), delimiter: c.delimiter)
        #expect(result.records == c.records)
        #expect(result.lines == c.lines)
        #expect(result.unterminated == c.unterminated)
    }

    /// Chunk ends fall inside quotes, between CR and LF and inside multibyte characters.
    @Test(arguments: main, [1, 2, 3, 5])
    func chunked(_ c: TokenizerCase, size: Int) {
        let whole = tokenize(Array(c.input.utf8), delimiter: c.delimiter)
        let pieces = tokenize(Array(c.input.utf8), delimiter: c.delimiter, chunk: size)
        #expect(pieces.records == whole.records)
        #expect(pieces.lines == whole.lines)
    }

    @Test func recordBufferIsReused() {
        let input = Array(String(repeating: "abc,def\n", count: 1000).utf8)
        let result = tokenize(input, chunk: 7)
        #expect(result.records.count == 1000)
        #expect(result.lines.last == 1000)
        #expect(Set(result.records.map { $0.joined(separator: "|") }) == ["abc|def"])
    }

    /// A record with a byte past ASCII anywhere (a plain cell, a quoted one, after a closing
    /// quote, at a chunk's edge) is never said to hold none; a file of ASCII only never holds one.
    @Test(arguments: [1, 3, 7, 8, 9, 64])
    func nonASCIIBytesAreNeverMissed(chunk: Int) {
        let cells = ["plain", "caf\u{E9}", "\"quoted \u{E9}t\u{E9}\"", "\"a\"\u{FC}ber", "x", "\"multi\nline \u{2603}\"", "12345678901234567"]
        var input: [UInt8] = []
        var expected: [Bool] = []
        for i in 0..<60 {
            let row = i % 3 == 0 ? ["plain", "x", "\"12,3\""] : (0..<3).map { cells[(i * 3 + $0 * 5) % cells.count] }
            input += Array((row.joined(separator: ",") + (i % 2 == 0 ? "\r\n" : "\n")).utf8)
            expected.append(row.contains { $0.utf8.contains { $0 >= 0x80 } })
        }
        var tokenizer = CSVTokenizer()
        var flags: [Bool] = []
        var start = 0
        while start < input.count {
            let piece = Array(input[start..<min(start + chunk, input.count)])
            piece.withUnsafeBufferPointer { buffer in
                var position = 0
                while tokenizer.next(buffer, position: &position) { flags.append(tokenizer.mayHoldNonASCII) }
            }
            start += chunk
        }
        #expect(flags.count == expected.count)
        for (i, (flag, holds)) in zip(flags, expected).enumerated() where holds {
            #expect(flag, "record \(i) holds a byte past ASCII")
        }
        // ASCII only: no record may hold one.
        var ascii = CSVTokenizer()
        let text = Array(String(repeating: "Netflix 12,\"9.99\",monthly,\"say \"\"hi\"\"\"\n", count: 40).utf8)
        var any = false
        text.withUnsafeBufferPointer { buffer in
            var position = 0
            while ascii.next(buffer, position: &position) { any = any || ascii.mayHoldNonASCII }
        }
        #expect(!any)
        #expect(expected.contains(false) && expected.contains(true))
    }
}
