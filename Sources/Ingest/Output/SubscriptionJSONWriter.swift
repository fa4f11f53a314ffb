/// Writes a subscription's canonical JSON as UTF-8 bytes, laid out as `JSONValue.serialized`
/// lays out a document (pretty, two spaces per level). The one encoder of subscriptions: the
/// streamed output (`CanonicalStreamWriter`) and the whole document (`CanonicalJSON.text`)
/// both write through it.
enum SubscriptionJSONWriter {
    static func write(_ sub: Subscription, to out: inout some ByteOutput, indent level: Int) {
        write(sub, to: &out, indent: level, drain: { _ in })
    }

    /// `write`, calling `drain` with the output between the entries of a long `alsoFrom` list
    /// (a bank series lists every row it came from), so that a writer can hand bytes on
    /// before the subscription ends instead of holding all of it.
    static func write<Output: ByteOutput>(_ sub: Subscription, to out: inout Output, indent level: Int,
                                          drain: (inout Output) throws -> Void) rethrows {
        try write(sub, to: &out, indent: level, serviceMember: nil, drain: drain)
    }

    /// `write`, with the bytes of the subscription's `service` member already written by
    /// `serviceMember` (a list names one service on many rows) when they are given.
    private static func write<Output: ByteOutput>(_ sub: Subscription, to out: inout Output, indent level: Int,
                                                  serviceMember: UnsafeBufferPointer<UInt8>?,
                                                  drain: (inout Output) throws -> Void) rethrows {
        out.append(UInt8(ascii: "{"))
        key("name", first: true, level, &out)
        JSONBytes.string(sub.name, to: &out)
        key("price", level, &out)
        if let price = sub.price { write(price, to: &out, indent: level + 1) } else { JSONBytes.null(&out) }
        key("cycle", level, &out)
        if let cycle = sub.cycle {
            out.append(UInt8(ascii: "{"))
            key("unit", first: true, level + 1, &out)
            JSONBytes.string(cycle.unit.rawValue, to: &out)
            key("interval", level + 1, &out)
            JSONBytes.integer(cycle.interval, to: &out)
            JSONBytes.newline(level + 1, &out)
            out.append(UInt8(ascii: "}"))
        } else {
            JSONBytes.null(&out)
        }
        key("nextRenewal", level, &out)
        if let date = sub.nextRenewal { JSONBytes.date(date, to: &out) } else { JSONBytes.null(&out) }
        if let date = sub.trialEnds {
            key("trialEnds", level, &out)
            JSONBytes.date(date, to: &out)
        }
        if let status = sub.status, status != .active {
            key("status", level, &out)
            JSONBytes.string(status.rawValue, to: &out)
        }
        if let kind = sub.kind, kind != .subscription {
            key("kind", level, &out)
            JSONBytes.string(kind.rawValue, to: &out)
        }
        key("category", level, &out)
        optional(sub.category?.rawValue, &out)
        if let text = sub.categoryText {
            key("categoryText", level, &out)
            JSONBytes.string(text, to: &out)
        }
        key("notes", level, &out)
        optional(sub.notes, &out)
        // Matched as a case, not compared with nil: `!= nil` on a `Hashable` optional copied
        // the service (its three strings counted and let go again) on every row.
        if case .some = sub.service, let serviceMember {
            out.append(bytes: serviceMember)
        } else if let service = sub.service {
            write(service, to: &out, indent: level)
        }
        key("source", level, &out)
        write(sub.source, to: &out, indent: level + 1)
        if !sub.alsoFrom.isEmpty {
            key("alsoFrom", level, &out)
            out.append(UInt8(ascii: "["))
            for (i, source) in sub.alsoFrom.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.newline(level + 2, &out)
                write(source, to: &out, indent: level + 2)
                if i % 1024 == 1023 { try drain(&out) }
            }
            JSONBytes.newline(level + 1, &out)
            out.append(UInt8(ascii: "]"))
        }
        if !sub.priceHistory.isEmpty {
            key("priceHistory", level, &out)
            out.append(UInt8(ascii: "["))
            for (i, point) in sub.priceHistory.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.newline(level + 2, &out)
                out.append(UInt8(ascii: "{"))
                key("date", first: true, level + 2, &out)
                if let date = point.date { JSONBytes.date(date, to: &out) } else { JSONBytes.null(&out) }
                key("price", level + 2, &out)
                write(point.price, to: &out, indent: level + 3)
                JSONBytes.newline(level + 2, &out)
                out.append(UInt8(ascii: "}"))
            }
            JSONBytes.newline(level + 1, &out)
            out.append(UInt8(ascii: "]"))
        }
        JSONBytes.newline(level, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `write(sub, to: &out, indent: 2)`, the place of a subscription in the document's list,
    /// put together in `scratch` (grown to the entry's largest size and kept for the next one,
    /// where each byte is a store: `ReservedBytes`) and appended at once. A subscription too
    /// large for that (a bank series with thousands of source rows) is written to `out` directly.
    /// `serviceMember`, when given, is what `serviceMember(sub.service)` returns.
    static func writeInList(_ sub: Subscription, to out: inout [UInt8], scratch: inout [UInt8], serviceMember: [UInt8]? = nil) {
        let bound = sizeBound(sub)
        guard bound <= 1 << 16 else { return write(sub, to: &out, indent: 2) }
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 4096)) }
        scratch.withUnsafeMutableBufferPointer { memory in
            var entry = ReservedBytes(memory)
            if let serviceMember {
                serviceMember.withUnsafeBufferPointer { write(sub, to: &entry, indent: 2, serviceMember: $0, drain: { _ in }) }
            } else {
                write(sub, to: &entry, indent: 2)
            }
            out.append(contentsOf: entry.written)
        }
    }

    /// The `service` member as a subscription in the document's list writes it, for
    /// `writeInList` to copy on every row that names the service.
    static func serviceMember(_ service: Subscription.Service) -> [UInt8] {
        var bytes: [UInt8] = []
        write(service, to: &bytes, indent: 2)
        return bytes
    }

    /// `writeInList` with scratch memory of its own.
    static func writeInList(_ sub: Subscription, to out: inout [UInt8]) {
        var scratch: [UInt8] = []
        writeInList(sub, to: &out, scratch: &scratch)
    }

    /// More bytes than `write(sub, indent: 2)` can take: each text escaped at six bytes a byte,
    /// an amount at its longest (`DecimalText.longest`, not written out to be counted), and 128
    /// for each member (its key, indent and a number, date or amount).
    static func sizeBound(_ sub: Subscription) -> Int {
        var texts = sub.name.utf8.count + (sub.notes?.utf8.count ?? 0) + (sub.categoryText?.utf8.count ?? 0)
        texts += sub.source.file.utf8.count + (sub.source.part?.utf8.count ?? 0)
        if let service = sub.service {
            texts += service.id.utf8.count + service.name.utf8.count + (service.manageURL?.utf8.count ?? 0)
        }
        var members = 40
        for source in sub.alsoFrom {
            texts += source.file.utf8.count + (source.part?.utf8.count ?? 0)
            members += 10
        }
        members += 6 * sub.priceHistory.count
        let amounts = sub.priceHistory.count + (sub.price == nil ? 0 : 1)
        return 6 * texts + DecimalText.longest * amounts + 128 * members
    }

    /// The `service` member of a subscription whose object starts at `level`.
    static func write(_ service: Subscription.Service, to out: inout some ByteOutput, indent level: Int) {
        key("service", level, &out)
        out.append(UInt8(ascii: "{"))
        key("id", first: true, level + 1, &out)
        JSONBytes.string(service.id, to: &out)
        key("name", level + 1, &out)
        JSONBytes.string(service.name, to: &out)
        key("category", level + 1, &out)
        JSONBytes.string(service.category.rawValue, to: &out)
        key("manageURL", level + 1, &out)
        optional(service.manageURL, &out)
        key("confidence", level + 1, &out)
        confidence(service.hundredths, &out)
        JSONBytes.newline(level + 1, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A confidence given in hundredths as a JSON number: 1, 0.9, 0.75, 0.05.
    private static func confidence(_ hundredths: Int, _ out: inout some ByteOutput) {
        guard hundredths < 100 else { return out.append(UInt8(ascii: "1")) }
        let hundredths = max(hundredths, 0)
        out.append(UInt8(ascii: "0"))
        out.append(UInt8(ascii: "."))
        out.append(UInt8(ascii: "0") + UInt8(hundredths / 10))
        if hundredths % 10 != 0 { out.append(UInt8(ascii: "0") + UInt8(hundredths % 10)) }
    }

    static func write(_ price: Price, to out: inout some ByteOutput, indent level: Int) {
        out.append(UInt8(ascii: "{"))
        key("amount", first: true, level, &out)
        amount(price, &out)
        key("currency", level, &out)
        optional(price.currency?.code, &out)
        JSONBytes.newline(level, &out)
        out.append(UInt8(ascii: "}"))
    }

    static func write(_ source: Provenance, to out: inout some ByteOutput, indent level: Int) {
        out.append(UInt8(ascii: "{"))
        key("file", first: true, level, &out)
        JSONBytes.string(source.file, to: &out)
        if let part = source.part {
            key("part", level, &out)
            JSONBytes.string(part, to: &out)
        }
        if let row = source.row {
            key("row", level, &out)
            JSONBytes.integer(row, to: &out)
        }
        if let line = source.line, source.row == nil {
            key("line", level, &out)
            JSONBytes.integer(line, to: &out)
        }
        if let box = source.box {
            key("box", level, &out)
            out.append(UInt8(ascii: "["))
            for (i, n) in [box.x, box.y, box.width, box.height].enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONBytes.newline(level + 2, &out)
                JSONBytes.integer(n, to: &out)
            }
            JSONBytes.newline(level + 1, &out)
            out.append(UInt8(ascii: "]"))
        }
        JSONBytes.newline(level, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `price.amountText`, quoted, without making a string when it is whole minor units.
    private static func amount(_ price: Price, _ out: inout some ByteOutput) {
        if let digits = price.currency?.minorDigits, let units = DecimalText.minorUnits(price.amount, digits: digits) {
            out.append(UInt8(ascii: "\""))
            DecimalText.appendUnits(units, digits: digits, to: &out)
            out.append(UInt8(ascii: "\""))
        } else {
            JSONBytes.string(price.amountText, to: &out)
        }
    }

    /// A member's separator, line break and key, in an object that starts at `level`.
    @inline(__always)
    private static func key(_ name: StaticString, first: Bool = false, _ level: Int, _ out: inout some ByteOutput) {
        let lead: StaticString = ",\n                              "
        let width = 2 * level + 4
        if width <= lead.utf8CodeUnitCount {
            let skip = first ? 1 : 0
            out.append(bytes: UnsafeBufferPointer(start: lead.utf8Start + skip, count: width - skip))
        } else {
            if !first { out.append(UInt8(ascii: ",")) }
            JSONBytes.newline(level + 1, &out)
        }
        out.append(UInt8(ascii: "\""))
        out.append(bytes: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        let tail: StaticString = "\": "
        out.append(bytes: UnsafeBufferPointer(start: tail.utf8Start, count: tail.utf8CodeUnitCount))
    }

    private static func optional(_ text: String?, _ out: inout some ByteOutput) {
        if let text { JSONBytes.string(text, to: &out) } else { JSONBytes.null(&out) }
    }
}

/// The pieces of JSON text as UTF-8 bytes, written the way `JSONValue.serialized` writes them.
enum JSONBytes {
    static func null(_ out: inout some ByteOutput) {
        "null".utf8.withContiguousStorageIfAvailable { out.append(bytes: $0) }
    }

    /// A line break and two spaces per level.
    @inline(__always)
    static func newline(_ level: Int, _ out: inout some ByteOutput) {
        let text: StaticString = "\n                                "
        let width = 1 + 2 * level
        if width <= text.utf8CodeUnitCount {
            out.append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: width))
        } else {
            out.append(UInt8(ascii: "\n"))
            for _ in 1..<width { out.append(UInt8(ascii: " ")) }
        }
    }

    /// Bytes below 0x20 are the only encodings of those scalars, and `"` and `\` are never
    /// inside a multi-byte scalar, so a look at the bytes is exact.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// A quoted string: `"`, `\`, line ends and tabs escaped by letter, other control bytes as
    /// `\u00XX`, everything else as it is.
    @inline(__always)
    static func string(_ s: String, to out: inout some ByteOutput) {
        // A native string lends its bytes; others (bridged, or from a substring) are made so.
        if s.utf8.withContiguousStorageIfAvailable({ string($0, to: &out) }) == nil {
            var s = s
            s.withUTF8 { string($0, to: &out) }
        }
    }

    /// True when no byte of `bytes` needs an escape, looked at eight bytes at a time: a byte
    /// below 0x20 (`(w - 0x20…) & ~w & 0x80…` is nonzero exactly when one is), or one equal
    /// to `"` or `\` (the same test for a zero byte after an exclusive or).
    @inline(__always)
    static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func clean(_ w: UInt64) -> Bool {
            let control = (w &- ones &* 0x20) & ~w
            let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
            return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs == 0
        }
        var i = 0
        while i + 8 <= bytes.count {
            guard clean(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) else { return false }
            i += 8
        }
        guard i < bytes.count else { return true }
        // The last bytes: in the eight that end the text, or one by one in a shorter text.
        if bytes.count >= 8 { return clean(UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)) }
        return !bytes.contains(where: needsEscape)
    }

    /// A quoted string of UTF-8 bytes, as `string` writes the text they hold.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout some ByteOutput) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: append them whole.
        if needsNoEscape(bytes) {
            out.append(bytes: bytes)
        } else {
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    for b in [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 0xF)] {
                        out.append(b)
                    }
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10
    }

    /// A decimal integer, as `String(n)` writes it.
    static func integer(_ n: Int, to out: inout some ByteOutput) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(bytes: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// `"yyyy-mm-dd"`, quoted, as `CalendarDate.description` spells it: twelve bytes put
    /// together in two integers and appended at once.
    static func date(_ date: CalendarDate, to out: inout some ByteOutput) {
        guard (0...9999).contains(date.year), (1...12).contains(date.month), (1...31).contains(date.day) else {
            var text = date.description
            return text.withUTF8 { string($0, to: &out) }
        }
        @inline(__always) func digit(_ n: Int) -> UInt64 { UInt64(truncatingIfNeeded: n) &+ 0x30 }
        let year = date.year, month = date.month, day = date.day
        // Byte i of the text is byte i of the pair, first byte lowest.
        let head = 0x22 | digit(year / 1000) << 8 | digit(year / 100 % 10) << 16 | digit(year / 10 % 10) << 24
            | digit(year % 10) << 32 | 0x2D << 40 | digit(month / 10) << 48 | digit(month % 10) << 56
        let tail = UInt32(truncatingIfNeeded: 0x2D | digit(day / 10) << 8 | digit(day % 10) << 16 | 0x22 << 24)
        var text = (head.littleEndian, tail.littleEndian)
        withUnsafeBytes(of: &text) { bytes in
            out.append(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<12]).assumingMemoryBound(to: UInt8.self))
        }
    }
}

/// Where JSON text is written a byte or a run at a time.
protocol ByteOutput {
    /// Bytes written so far.
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Memory set aside for text whose largest size is known before it is written: each append
/// is a store, with no check of capacity or of a shared buffer per byte. Writing past the
/// memory is a programming error, caught by the precondition.
struct ReservedBytes: ByteOutput {
    private let memory: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ memory: UnsafeMutableBufferPointer<UInt8>) {
        self.memory = memory
    }

    var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: memory[..<count])
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        precondition(count < memory.count, "ReservedBytes: more text than was reserved")
        memory[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        let n = bytes.count
        precondition(n <= memory.count - count, "ReservedBytes: more text than was reserved")
        let to = memory.baseAddress! + count
        // Most runs are a key, an indent or a short value, a few bytes long: they are copied by
        // hand (two overlapping words, or byte by byte under four) without a call to `memcpy`.
        if n >= 8, n <= 16 {
            let head = UnsafeRawPointer(from).loadUnaligned(as: UInt64.self)
            let tail = UnsafeRawPointer(from + n - 8).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(to).storeBytes(of: head, as: UInt64.self)
            UnsafeMutableRawPointer(to + n - 8).storeBytes(of: tail, as: UInt64.self)
        } else if n >= 4, n < 8 {
            let head = UnsafeRawPointer(from).loadUnaligned(as: UInt32.self)
            let tail = UnsafeRawPointer(from + n - 4).loadUnaligned(as: UInt32.self)
            UnsafeMutableRawPointer(to).storeBytes(of: head, as: UInt32.self)
            UnsafeMutableRawPointer(to + n - 4).storeBytes(of: tail, as: UInt32.self)
        } else if n < 4 {
            for i in 0..<n { to[i] = from[i] }
        } else {
            to.update(from: from, count: n)
        }
        count += n
    }

    /// A string literal's bytes (a `StaticString` written in the source holds a pointer to them).
    @inline(__always)
    mutating func append(static text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
