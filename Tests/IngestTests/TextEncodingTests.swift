import Foundation
import Testing
@testable import Ingest

func utf16(_ text: String, bigEndian: Bool, bom: Bool = true) -> Data {
    var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
        let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        bytes += bigEndian ? pair : pair.reversed()
    }
    return Data(bytes)
}

struct EncodingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: Data
    var hint: TextEncoding? = nil
    var encoding: TextEncoding
    var rows: [[String]]
    var warnings: [String] = []
    var testDescription: String { name }
}

@Suite struct TextEncodingTests {
    static let excel = "Name\tPrice\tCycle\r\nNetflix\t€9,99\tmonthly\r\nMúsica 🎵\t$5\tyearly\r\n"
    static let excelRows = [["Netflix", "€9,99", "monthly"], ["Música 🎵", "$5", "yearly"]]

    static let main: [EncodingCase] = [
        EncodingCase(name: "UTF-8", bytes: Data("Name,Price\nCafé,€1\n".utf8), encoding: .utf8, rows: [["Café", "€1"]]),
        EncodingCase(name: "UTF-8 with BOM", bytes: Data([0xEF, 0xBB, 0xBF] + Array("Name,Price\nCafé,€1\n".utf8)),
                     encoding: .utf8, rows: [["Café", "€1"]]),
        EncodingCase(name: "UTF-16 LE with BOM (Excel Unicode text)", bytes: utf16(excel, bigEndian: false),
                     encoding: .utf16LE, rows: excelRows),
        EncodingCase(name: "UTF-16 BE with BOM", bytes: utf16(excel, bigEndian: true), encoding: .utf16BE, rows: excelRows),
        EncodingCase(name: "UTF-16 LE without BOM", bytes: utf16(excel, bigEndian: false, bom: false),
                     encoding: .utf16LE, rows: excelRows),
        EncodingCase(name: "invalid UTF-8 falls back to Windows-1252",
                     bytes: Data(Array("Name,Price\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x2C, 0x80, 0x31, 0x0A]),
                     encoding: .utf8, rows: [["Café", "€1"]], warnings: ["encoding.fallback"]),
        EncodingCase(name: "Windows-1252 when asked, without a warning",
                     bytes: Data(Array("Name,Price\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x2C, 0x80, 0x31, 0x0A]),
                     hint: .windows1252, encoding: .windows1252, rows: [["Café", "€1"]]),
        EncodingCase(name: "a BOM wins over the hint", bytes: Data([0xEF, 0xBB, 0xBF] + Array("Name\nCafé\n".utf8)),
                     hint: .windows1252, encoding: .utf8, rows: [["Café"]]),
        // 名称,价格 / 爱奇艺,¥25 in GBK.
        EncodingCase(name: "GB18030 when asked",
                     bytes: Data([0xC3, 0xFB, 0xB3, 0xC6, 0x2C, 0xBC, 0xDB, 0xB8, 0xF1, 0x0A,
                                  0xB0, 0xAE, 0xC6, 0xE6, 0xD2, 0xD5, 0x2C, 0xA3, 0xA4, 0x32, 0x35, 0x0A]),
                     hint: .gb18030, encoding: .gb18030, rows: [["爱奇艺", "￥25"]]),
    ]

    @Test(arguments: main)
    func decodes(_ c: EncodingCase) throws {
        let table = try CSVTable(data: c.bytes, name: "t.csv", encoding: c.hint)
        var rows: [[String]] = []
        while let row = try table.nextRow() { rows.append(row.cells) }
        #expect(table.encoding == c.encoding)
        #expect(rows == c.rows)
        #expect(table.warnings.map(\.code.rawValue) == c.warnings)
    }

    @Test func fallbackWarningNamesTheLine() throws {
        let bytes = Data(Array("Name,Price\nA,1\n".utf8) + [0x42, 0xE9, 0x2C, 0x32, 0x0A])
        let table = try CSVTable(data: bytes, name: "t.csv")
        while try table.nextRow() != nil {}
        #expect(table.warnings.first?.message.contains("line 3") == true)
        #expect(table.warnings.first?.message.contains("Windows-1252") == true)
    }

    /// A Polish list in Windows-1250: its cells are read as Windows-1250, and the warning says so.
    @Test func centralEuropeanFallback() throws {
        let bytes = Data(Array("Nazwa,Cena\n".utf8) + [0xA3] + Array("ód".utf8.map { $0 < 0x80 ? $0 : 0x3F }) + Array(",1\nW".utf8) + [0xA3]
                         + Array("ADYS".utf8) + [0xA3] + Array("AW Spo".utf8) + [0xB3] + Array("ka,2\n".utf8))
        let table = try CSVTable(data: bytes, name: "t.csv")
        var names: [String] = []
        while let row = try table.nextRow() { names.append(row.cells[0]) }
        #expect(names.last == "WŁADYSŁAW Społka")
        #expect(table.warnings.first?.message.contains("Windows-1250") == true)
    }

    /// UTF-16 fed a byte at a time: surrogate pairs and code units split over chunks.
    @Test(arguments: [TextEncoding.utf16LE, .utf16BE])
    func utf16InOneByteChunks(_ encoding: TextEncoding) throws {
        let text = "Name;Price\n🎵 Música;€9\n"
        let data = utf16(text, bigEndian: encoding == .utf16BE, bom: false)
        var decoder = try StreamingDecoder(encoding: encoding)
        var out: [UInt8] = []
        for byte in data { out += decoder.decode([byte]) }
        out += decoder.finish()
        #expect(String(decoding: out, as: UTF8.self) == text)
    }

    @Test func gb18030InOneByteChunks() throws {
        var decoder = try StreamingDecoder(encoding: .gb18030)
        var out: [UInt8] = []
        for byte in [0xB0, 0xAE, 0xC6, 0xE6, 0xD2, 0xD5, 0x7C, 0x31] as [UInt8] { out += decoder.decode([byte]) }
        out += decoder.finish()
        #expect(String(decoding: out, as: UTF8.self) == "爱奇艺|1")
    }

    @Test func oddTrailingByteBecomesReplacement() throws {
        var decoder = try StreamingDecoder(encoding: .utf16LE)
        var out = decoder.decode([0x41, 0x00, 0x42])
        out += decoder.finish()
        #expect(String(decoding: out, as: UTF8.self) == "A\u{FFFD}")
    }

    @Test(arguments: [("utf8", TextEncoding.utf8), ("UTF-16", .utf16LE), ("cp1252", .windows1252), ("latin1", .windows1252),
                      ("GBK", .gb18030), ("gb2312", .gb18030), ("utf-16be", .utf16BE), ("cp1250", .windows1250),
                      ("Windows-1250", .windows1250)])
    func namesForTheOption(_ c: (String, TextEncoding)) {
        #expect(TextEncoding(userText: c.0) == c.1)
    }

    @Test func windows1252Table() {
        #expect(Windows1252.decode([0x80, 0x93, 0x94, 0x99, 0xE4, 0xFC]) == "€“”™äü")
    }

    /// Every byte decodes to its code point: ISO 8859-1 but for 0x80-0x9F, which follow the
    /// Windows table (its five holes kept as C1 controls), alone and among ASCII.
    @Test func windows1252EveryByte() {
        let windows: [UInt32] = [0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039,
                                 0x152, 0x8D, 0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x9D, 0x17E, 0x178]
        let all = (0...255).map { UInt8($0) }
        let expected = all.map { (0x80...0x9F).contains($0) ? windows[Int($0) - 0x80] : UInt32($0) }
        #expect(Windows1252.decode(all).unicodeScalars.map(\.value) == expected)
        for byte in all {
            #expect(Windows1252.decode([0x41, byte, 0x42]).unicodeScalars.map(\.value) == [0x41, expected[Int(byte)], 0x42])
        }
    }

    /// Windows-1250's letters: Polish, Czech, Slovak, Hungarian, among ASCII and alone.
    @Test func windows1250Letters() {
        let text: [UInt8] = [0xA3, 0xB9, 0xB3, 0x9C, 0xE6, 0xEA, 0xF1, 0xBF, 0x9F, 0x8C, 0xAF, 0xE8, 0xF8, 0x9A, 0x9E, 0xEC, 0xF9, 0xF5, 0xFB, 0x80]
        #expect(TextEncoding.windows1250.decodeSingleByte(text) == "Łąłśćęńżź\u{15A}Żčřšžěůőű€")
        #expect(TextEncoding.windows1250.decodeSingleByte([0x41, 0x42]) == "AB")
        #expect(TextEncoding.windows1250.decodeSingleByte((0...255).map { UInt8($0) }).unicodeScalars.count == 256)
    }

    /// Which legacy encoding a file that is not UTF-8 is read in: Windows-1250 only when signs
    /// of Windows-1252 stand inside words twice; French, German, Spanish and English
    /// Windows-1252 text, with its £, ¥, ¿ and ³, stays Windows-1252.
    static let legacy: [(text: [UInt8], encoding: TextEncoding)] = [
        (Array("Data;Opis;Kwota\n01.10.2025;ZAKUP KARTA W".utf8) + [0xA3] + Array("ADYS".utf8) + [0xA3] + Array("AW;-12,00\n".utf8), .windows1250),
        (Array("Data operacji;Opis operacji;Kwota\n02.10.2025;op".utf8) + [0xB3] + Array("ata za pr".utf8) + [0xB9, 0xE4] + Array("d;-99,00\n".utf8), .windows1250),
        (Array("Datum;Popis;Částka\n".utf8.map { $0 < 0x80 ? $0 : 0x3F }) + Array("01.10.2025;Ko".utf8) + [0x9D] + Array("e;-1,00\n02.10.2025;Ma".utf8) + [0xBE] + Array("o;-2,00\n".utf8), .windows1250),
        (Array("Date,Description,Amount\n01/10/2025,Caf".utf8) + [0xE9] + Array(" Cr".utf8) + [0xE8] + Array("me,".utf8) + [0xA3] + Array("5.00\n".utf8), .windows1252),
        (Array("Buchungstag;Verwendungszweck;Betrag\n01.10.2025;M".utf8) + [0xFC] + Array("nchen Stra".utf8) + [0xDF] + Array("e;-1,00\n".utf8), .windows1252),
        (Array("Fecha;Concepto;Importe\n01/10/2025;".utf8) + [0xBF] + Array("Qu".utf8) + [0xE9] + Array("? ".utf8) + [0xA5] + Array("100;-1,00\n".utf8), .windows1252),
        (Array("Date,Item,Price\n01/10/2025,Box 10m".utf8) + [0xB3] + Array(",9.99\nx".utf8) + [0xA3] + Array("5,1\n".utf8), .windows1252),
    ]

    @Test(arguments: legacy.indices)
    func legacyEncodingByEvidence(_ i: Int) {
        #expect(InputProbe.legacyEncoding(Self.legacy[i].text) == Self.legacy[i].encoding)
    }
}
