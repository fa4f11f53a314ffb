import Foundation
import Testing
@testable import Ingest
import IngestTestSupport

/// The machine-readable reports: JSON against its committed schema, SARIF against the parts of
/// SARIF 2.1.0 that code-scanning views require, JUnit and GitHub escaping.
@Suite struct ValidateReportTests {
    static let today = CalendarDate(iso: "2026-11-30") ?? CalendarDate(dayNumber: 0)

    /// Every checks fixture in one report: every code the fixtures raise, in every shape.
    static func report() throws -> ValidationReport {
        let folder = FixtureFolder.url("validate/checks").path
        let files = try InputExpander.expand([folder])
        return try ValidationRun(options: ValidateOptions(today: today)).run(files: files)
    }

    @Test func jsonMatchesItsSchema() throws {
        let report = try ValidateReportTests.report()
        #expect(report.files.count >= 15)
        let document = try JSONValue.parse(ValidationFormat.json.render(report, version: "test"))
        let schemaText = try #require(Resources.text("validate-report.schema.json"))
        let schema = try JSONValue.parse(schemaText)
        let problems = SchemaSubset(root: schema).problems(document)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func schemaCheckerCatchesBadReports() throws {
        let schema = try JSONValue.parse(try #require(Resources.text("validate-report.schema.json")))
        let bad = try JSONValue.parse("""
            {"schema": "ingest/validate-report@1", "summary": {"files": 1, "filesWithErrors": 0, "errors": 0, "warnings": 0, "infos": 0},
             "files": [{"path": "a.csv", "rows": 1, "errors": 0, "warnings": 0, "infos": 0,
                        "findings": [{"code": "Price", "severity": "fatal", "line": 0, "row": null, "column": null, "value": null, "message": "m", "extra": 1}]}]}
            """)
        let problems = SchemaSubset(root: schema).problems(bad)
        #expect(problems.contains { $0.contains("severity") })
        #expect(problems.contains { $0.contains("hint") })
        #expect(problems.contains { $0.contains("extra") })
        #expect(problems.contains { $0.contains("line") })
        #expect(problems.contains { $0.contains("code") })
    }

    @Test func sarifHasWhatCodeScanningNeeds() throws {
        let report = try ValidateReportTests.report()
        let sarif = try JSONValue.parse(ValidationFormat.sarif.render(report, version: "9.9.9"))
        #expect(sarif["version"] == .string("2.1.0"))
        #expect(sarif["$schema"]?.stringValue?.hasSuffix("sarif-schema-2.1.0.json") == true)
        guard case .array(let runs)? = sarif["runs"], let run = runs.first, runs.count == 1 else {
            Issue.record("runs must hold one run")
            return
        }
        let driver = run["tool"]?["driver"]
        #expect(driver?["name"]?.stringValue == "ingest validate")
        guard case .array(let rules)? = driver?["rules"], case .array(let results)? = run["results"] else {
            Issue.record("driver.rules and results must be arrays")
            return
        }
        let ids = rules.compactMap { $0["id"]?.stringValue }
        #expect(Set(ids).count == rules.count, "rule ids are unique")
        #expect(results.count == report.files.reduce(0) { $0 + $1.findings.count })
        for result in results {
            let id = result["ruleId"]?.stringValue
            guard case .int(let index)? = result["ruleIndex"] else { Issue.record("ruleIndex missing"); continue }
            #expect(index >= 0 && index < ids.count && ids[index] == id)
            #expect(["error", "warning", "note"].contains(result["level"]?.stringValue ?? ""))
            #expect(result["message"]?["text"]?.stringValue?.isEmpty == false)
            guard case .array(let locations)? = result["locations"], let physical = locations.first?["physicalLocation"] else {
                Issue.record("locations[0].physicalLocation missing")
                continue
            }
            #expect(physical["artifactLocation"]?["uri"]?.stringValue?.isEmpty == false)
            if let region = physical["region"] {
                guard case .int(let line)? = region["startLine"] else { Issue.record("region without startLine"); continue }
                #expect(line >= 1)
                if case .int(let column)? = region["startColumn"] { #expect(column >= 1) }
            }
        }
    }

    @Test(arguments: [("a b/c#d.csv", "a%20b/c%23d.csv"), ("plain/x.csv", "plain/x.csv"), ("ü.csv", "%C3%BC.csv"),
                      ("/repo/data/a b.csv", "file:///repo/data/a%20b.csv")])
    func sarifURIs(_ path: String, _ uri: String) {
        #expect(SARIFReport.uri(path) == uri)
        // Only a relative path is resolved against the scan's root.
        let location = SARIFReport.artifactLocation(path)
        #expect(location["uri"]?.stringValue == uri)
        #expect(location["uriBaseId"]?.stringValue == (path.hasPrefix("/") ? nil : "%SRCROOT%"))
    }

    /// GitHub's `col` is a character position: only a finding's offset goes there, not its column number.
    @Test func githubEscapesPropertiesAndData() {
        var finding = Finding(code: "price.unparseable", severity: .error, line: 2, column: 3, value: "1,5%",
                              message: "bad\nprice", hint: "fix it")
        let report = { ValidationReport(files: [FileResult(path: "a,b:c.csv", findings: [finding])]) }
        #expect(ValidationFormat.github.render(report(), version: "x")
            .hasPrefix("::error file=a%2Cb%3Ac.csv,line=2,title=price.unparseable::bad%0Aprice (\"1,5%25\") — fix it\n"))
        finding.offset = 7
        #expect(ValidationFormat.github.render(report(), version: "x").hasPrefix("::error file=a%2Cb%3Ac.csv,line=2,col=7,title="))
    }

    /// A value the message already quotes is not repeated after it.
    @Test(arguments: [("\"abc\" is not a price", "abc", "\"abc\" is not a price"), ("not a price", "abc", "not a price (\"abc\")")])
    func valueIsQuotedOnce(_ message: String, _ value: String, _ shown: String) {
        #expect(TextReport.message(Finding(code: "price.unparseable", severity: .error, value: value, message: message, hint: "h")) == shown)
    }

    /// SARIF columns are characters: a column number goes to the result's properties.
    @Test func sarifColumnsAreCharacters() {
        var finding = Finding(code: "price.unparseable", severity: .error, line: 2, column: 3, message: "m", hint: "h")
        finding.offset = 9
        let report = ValidationReport(files: [FileResult(path: "a.csv", findings: [finding])])
        let text = ValidationFormat.sarif.render(report, version: "x")
        #expect(text.contains("\"startColumn\": 9"))
        #expect(text.contains("\"column\": 3"))
    }

    @Test func junitEscapesAndCounts() {
        let error = Finding(code: "price.unparseable", severity: .error, line: 2, column: 3, value: "<b>&", message: "m", hint: "h")
        let warning = Finding(code: "row.duplicate", severity: .warning, line: 3, message: "dup", hint: "h")
        let report = ValidationReport(files: [FileResult(path: "a.csv", findings: [error, warning]), FileResult(path: "b.csv")])
        let xml = ValidationFormat.junit.render(report, version: "x")
        #expect(xml.contains("<testsuites name=\"ingest validate\" tests=\"3\" failures=\"1\" errors=\"0\">"))
        #expect(xml.contains("(&quot;&lt;b&gt;&amp;&quot;)"))
        #expect(xml.contains("<testcase classname=\"b.csv\" name=\"valid\"/>"))
        #expect(xml.contains("<system-out>warning: a.csv:3: dup — h</system-out>"))
    }

    @Test(arguments: [(0, nil, 0), (0, 0, 0), (1, 0, 1), (1, 1, 0), (0, 5, 0)] as [(Int, Int?, Int32)])
    func exitCodes(_ warnings: Int, _ limit: Int?, _ code: Int32) {
        let findings = (0..<warnings).map { Finding(code: "row.duplicate", severity: .warning, line: $0 + 2, message: "m") }
        #expect(ValidationReport(files: [FileResult(path: "a.csv", findings: findings)]).exitCode(maxWarnings: limit) == code)
        let error = Finding(code: "price.zero", severity: .error, message: "m")
        #expect(ValidationReport(files: [FileResult(path: "a.csv", findings: [error])]).exitCode(maxWarnings: 100) == 1)
    }
}

/// The part of JSON Schema the report schema uses: type, const, enum, required, properties,
/// additionalProperties false, items, minimum, pattern and local $ref.
struct SchemaSubset {
    let root: JSONValue

    func problems(_ value: JSONValue) -> [String] {
        var out: [String] = []
        check(value, against: root, at: "$", into: &out)
        return out
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/") else { return schema }
        var node = root
        for part in ref.dropFirst(2).split(separator: "/") { node = node[String(part)] ?? .null }
        return node
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    private func check(_ value: JSONValue, against raw: JSONValue, at path: String, into out: inout [String]) {
        let schema = resolve(raw)
        let actual = SchemaSubset.typeName(value)
        if let type = schema["type"] {
            let allowed: [String]
            if case .array(let many) = type { allowed = many.compactMap(\.stringValue) } else { allowed = [type.stringValue ?? ""] }
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                out.append("\(path): \(actual) is not \(allowed.joined(separator: "|"))")
                return
            }
        }
        if let constant = schema["const"], constant != value { out.append("\(path): expected \(constant.serialized())") }
        if case .array(let options)? = schema["enum"], !options.contains(value) { out.append("\(path): \(value.serialized()) not in enum") }
        if case .int(let n) = value, case .int(let minimum)? = schema["minimum"], n < minimum { out.append("\(path): \(n) < \(minimum)") }
        if case .string(let s) = value, let pattern = schema["pattern"]?.stringValue,
           s.range(of: pattern, options: .regularExpression) == nil {
            out.append("\(path): \"\(s)\" does not match \(pattern)")
        }
        if case .object(let members) = value {
            if case .array(let required)? = schema["required"] {
                for key in required.compactMap(\.stringValue) where value[key] == nil { out.append("\(path).\(key): required") }
            }
            let properties = schema["properties"]
            for (key, member) in members {
                if let sub = properties?[key] {
                    check(member, against: sub, at: "\(path).\(key)", into: &out)
                } else if schema["additionalProperties"] == .bool(false) {
                    out.append("\(path).\(key): not allowed")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (i, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(i)]", into: &out) }
        }
    }
}

/// `validate --shard K/N`: the shards of one list are disjoint, hold every file between them,
/// and do not depend on the order the files come in.
@Suite struct ValidateShardTests {
    static let files: [String] = (0..<300).map { i in
        ["data/cards/visa-\(i).csv", "subs/\(i)/list.tsv", "Ünïcødé \(i).csv"][i % 3]
    }

    @Test(arguments: 1...6)
    func shardsPartitionTheFiles(_ count: Int) {
        var seen: [String: Int] = [:]
        for index in 1...count {
            let shard = InputExpander.shard(Self.files, index: index, of: count)
            #expect(shard == InputExpander.shard(Self.files.reversed(), index: index, of: count).reversed())
            for file in shard { seen[file, default: 0] += 1 }
            if count > 1 { #expect(shard.count < Self.files.count, "shard \(index)/\(count) holds every file") }
        }
        #expect(seen.count == Self.files.count)
        #expect(seen.values.allSatisfy { $0 == 1 })
    }

    /// The hash is FNV-1a as published (so another tool can tell which job checks a file).
    @Test func hashIsFNV1a() {
        #expect(FNV1a.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a.hash("foobar") == 0x8594_4171_F739_67E8)
        // Bytes read from a text's storage hash as bytes read one by one.
        for text in ["", "a", "foobar", "Netflix 12,€9.99,monthly", String(repeating: "ü", count: 40)] {
            var stored = FNV1a(), iterated = FNV1a()
            stored.add(text.utf8)
            iterated.add(AnySequence(text.utf8))
            #expect(stored.value == iterated.value)
        }
    }
}

/// `--warnings-as-errors` raises warnings after the config's severities: a check turned off stays
/// off, infos and errors stay as they are.
@Suite struct WarningsAsErrorsTests {
    static let cases: [(code: String, given: LibraryIssue.Severity, configured: LibraryIssue.Severity??, expected: LibraryIssue.Severity?)] = [
        ("currency.guessed", .warning, nil, .error),
        ("currency.guessed", .warning, .some(nil), nil),
        ("currency.guessed", .warning, .some(.info), .info),
        ("date.past", .info, .some(.warning), .error),
        ("price.negative", .error, nil, .error),
        ("row.ragged", .info, nil, .info),
    ]

    @Test(arguments: cases.indices)
    func raisesWarningsOnly(_ i: Int) {
        let c = Self.cases[i]
        var settings = ValidateSettings()
        if let configured = c.configured { settings.severities[c.code] = configured }
        settings.warningsAsErrors = true
        #expect(settings.severity(of: c.code, default: c.given) == c.expected, "\(c)")
        settings.warningsAsErrors = false
        #expect(settings.severity(of: c.code, default: c.given) == (c.configured ?? c.given), "\(c)")
    }
}

/// The folder walk (`readdir`) lists what `FileManager`'s enumerator listed: files at any
/// depth, hidden files but not hidden folders, links to files, pipes; not links to folders nor
/// broken links. A folder given as a link is read (the enumerator found nothing in it).
@Suite struct FolderWalkTests {
    /// The files `FileManager.enumerator(atPath:)` gives, as the walk was first written.
    static func enumerated(_ folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        var out: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let full = prefix + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if name.hasPrefix(".") { enumerator.skipDescendants() }
                continue
            }
            out.append(full)
        }
        return out.sorted()
    }

    @Test func walkListsWhatTheEnumeratorListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        for folder in ["tree/a/b", "tree/.hidden/deep", "tree/c", "tree/.git/objects", "tree/ü ñ"] {
            try fm.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["tree/a/x.csv", "tree/a/b/y.csv", "tree/a/b/.hid.csv", "tree/.hidden/z.csv", "tree/.hidden/deep/q.csv",
                     "tree/.f.csv", "tree/c/w.tsv", "tree/.git/objects/o.csv", "tree/ü ñ/é.csv", "tree/notes.txt"] {
            #expect(fm.createFile(atPath: "\(root)/\(file)", contents: Data("a,b\n".utf8)))
        }
        try fm.createSymbolicLink(atPath: "\(root)/tree/c/linkdir", withDestinationPath: "../a")
        try fm.createSymbolicLink(atPath: "\(root)/tree/c/linkfile.csv", withDestinationPath: "../a/x.csv")
        try fm.createSymbolicLink(atPath: "\(root)/tree/c/broken.csv", withDestinationPath: "nowhere")
        try fm.createSymbolicLink(atPath: "\(root)/tree/c/hidden-link", withDestinationPath: "../.hidden")
        #expect(mkfifo("\(root)/tree/c/pipe.csv", 0o600) == 0)
        for folder in ["\(root)/tree", "\(root)/tree/", "\(root)/tree/a"] {
            let walked = InputExpander.walk(folder).sorted()
            #expect(walked == Self.enumerated(folder))
            #expect(walked.count >= 3)
        }
        // The fix: a folder given as a link is read.
        try fm.createSymbolicLink(atPath: "\(root)/link-to-tree", withDestinationPath: "\(root)/tree")
        #expect(Self.enumerated("\(root)/link-to-tree").isEmpty)
        #expect(InputExpander.walk("\(root)/link-to-tree").sorted() == Self.enumerated("\(root)/tree").map { $0.replacingOccurrences(of: "/tree/", with: "/link-to-tree/") })
    }
}
