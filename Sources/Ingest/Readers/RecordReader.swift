import Foundation

/// Reads the records of a delimited file with the shared tokenizer, from the bytes an
/// `InputProbe` looked at onwards: chunks read from the file and decoded (UTF-16 and GB18030
/// to UTF-8; UTF-8 and Windows-1252 pass through), records held to `ReadLimits`, and the
/// reading stopped at a NUL byte (binary data). Both table readers read through one.
struct RecordReader: ~Copyable {
    let name: String
    let limits: ReadLimits
    let encoding: TextEncoding
    /// The tokenizer; after `advance()` said true, its record is the one read.
    var tokenizer: CSVTokenizer
    /// The line of a quoted cell that never closed, once the last record has been read.
    private(set) var unterminatedQuoteLine: Int?
    /// The error reading stopped on: `advance()` throws it again rather than read on.
    private(set) var failure: ReadError?

    private let chunks: ChunkReader
    private var decoder: StreamingDecoder
    /// The decoded input being read (`inputCount` bytes of it), in memory the reader owns: the
    /// tokenizer reads it through a pointer, which counts no reference for every record.
    private var input: UnsafeMutableBufferPointer<UInt8>
    private var inputCount = 0
    private var position = 0
    private var inputEnded: Bool
    private var tokenizerFinished = false
    /// Bytes of text before `input`.
    private var inputStart = 0
    /// The byte order mark's length, before the text.
    private let bomLength: Int
    /// The first NUL byte in `input`, if any.
    private var nulAt: Int?

    /// Reads the sample `probe` looked at, then the rest of the input from `chunks`, which
    /// stand just past the sample.
    init(chunks: ChunkReader, probe: InputProbe, name: String, limits: ReadLimits) throws(ReadError) {
        self.name = name
        self.limits = limits
        self.encoding = probe.encoding
        self.chunks = chunks
        var decoder = try InputProbe.decoder(for: probe.encoding, file: name)
        let text = InputProbe.text(of: probe.sample, after: probe.bomLength, complete: probe.complete, decoder: &decoder)
        self.decoder = decoder
        self.bomLength = probe.bomLength
        self.inputEnded = probe.complete
        tokenizer = CSVTokenizer(delimiter: probe.delimiter, limits: limits)
        input = .allocate(capacity: max(text.count, ChunkReader.chunkSize))
        setInput(text)
        findNUL()
    }

    deinit {
        input.deallocate()
    }

    /// Puts `bytes` in `input`, which grows when they do not fit.
    private mutating func setInput(_ bytes: [UInt8]) {
        if bytes.count > input.count {
            input.deallocate()
            input = .allocate(capacity: bytes.count)
        }
        bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(input).copyMemory(from: $0) }
        inputCount = bytes.count
    }

    private mutating func findNUL() {
        guard inputCount > 0, let base = input.baseAddress, let found = memchr(base, 0, inputCount) else { nulAt = nil; return }
        nulAt = UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Moves the tokenizer on to the next record, reading and decoding chunks as needed; false
    /// at the end. A record past the limits or a NUL byte (binary data, not text) is an error
    /// naming the line.
    @inline(__always)
    mutating func advance() throws(ReadError) -> Bool {
        if let failure { throw failure }
        do throws(ReadError) {
            return try readNext()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func readNext() throws(ReadError) -> Bool {
        while true {
            if position < inputCount {
                // The text is read up to its first NUL byte, if any: binary data stops there.
                let end = nulAt ?? inputCount
                let found = tokenizer.next(UnsafeBufferPointer(rebasing: input[..<end]), position: &position)
                if let overflow = tokenizer.overflow {
                    throw limits.error(overflow.kind, file: name, line: overflow.line, column: overflow.column)
                }
                if found { return true }
                if let nulAt, position >= nulAt { throw binaryError(at: nulAt) }
            }
            if inputEnded {
                guard !tokenizerFinished else { return false }
                tokenizerFinished = true
                guard tokenizer.finish() else {
                    if let overflow = tokenizer.overflow {
                        throw limits.error(overflow.kind, file: name, line: overflow.line, column: overflow.column)
                    }
                    return false
                }
                if tokenizer.unterminatedQuote { unterminatedQuoteLine = tokenizer.record.line }
                return true
            }
            inputStart += inputCount
            if decoder.passesBytesThrough {
                inputCount = chunks.read(into: UnsafeMutableRawBufferPointer(input))
                inputEnded = inputCount == 0
            } else if let chunk = chunks.read() {
                setInput(decoder.decode(chunk))
            } else {
                setInput(decoder.finish())
                inputEnded = true
            }
            position = 0
            findNUL()
        }
    }

    /// A NUL byte at `offset` in `input`: binary data, which no CSV export holds.
    private func binaryError(at offset: Int) -> ReadError {
        let line = tokenizer.currentLine
        let place = decoder.passesBytesThrough ? "a NUL byte at byte \(bomLength + inputStart + offset)" : "a NUL character"
        let message = "looks like binary data, not a text table (\(place), line \(line)); if it is a table, remove the NUL bytes"
        return ReadError(file: name, line: line, message, remedy: encoding == .utf8 ? .readAsUTF16 : nil)
    }
}
