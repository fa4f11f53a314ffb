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
