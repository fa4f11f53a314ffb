/// A merchant's charges packed as differences from the charge before, each a variable-length
/// integer: a statement's rows mostly differ from their merchant's previous charge by a few days,
/// a few rows and the same or a similar amount, so a charge takes about 6 bytes instead of 20.
/// The importer keeps every charge of a statement until its end; this is what grows with rows.
struct ChargeLog {
    private(set) var count = 0
    private var bytes: [UInt8] = []
    private var day: Int64 = 0
    private var row: Int64 = 0
    /// `line - row` of the previous charge: constant unless blank lines or multi-line records intervene.
    private var offset: Int64 = 0
    private var amount: Int64 = 0

    init() {}

    init(_ charges: [Charge]) {
        for charge in charges { append(charge) }
    }

    mutating func append(_ charge: Charge) {
        let day = Int64(charge.day), row = Int64(charge.row), offset = Int64(charge.line) - Int64(charge.row)
        put(day - self.day)
        put(row - self.row)
        put(offset - self.offset)
        put(charge.amount &- amount)
        self.day = day
        self.row = row
        self.offset = offset
        amount = charge.amount
        count += 1
    }

    /// Zigzag (small negatives stay small), then seven bits a byte, low bits first.
    private mutating func put(_ value: Int64) {
        var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The charges in the order they were appended.
    var charges: [Charge] {
        var out: [Charge] = []
        out.reserveCapacity(count)
        var i = 0
        func take() -> Int64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[i]
                i += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        }
        var day: Int64 = 0, row: Int64 = 0, offset: Int64 = 0, amount: Int64 = 0
        for _ in 0..<count {
            day += take()
            row += take()
            offset += take()
            amount = amount &+ take()
            out.append(Charge(day: Int(day), amount: amount, row: Int(row), line: Int(row + offset)))
        }
        return out
    }
}
