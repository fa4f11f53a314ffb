import Foundation
import Testing

/// `ingest import LINK` against a loopback server that imitates Google's export endpoint:
/// success through a redirect, and each way a fetch really fails.
@Suite struct SheetsFetchTests {
    static let csv = "Service,Price,Billing,Next renewal\nNetflix,$15.49,Monthly,2026-12-05\nSpotify,EUR 10.99,monthly,2027-01-05\n"
    static let signIn = "<!DOCTYPE html><html><head><title>Sign in - Google Accounts</title></head><body>Sign in</body></html>"
    static let id = "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms"

    /// Routes by the spreadsheet id in the path: `ok…`, `private…`, `gone…`, `slow…` and so on.
    static func route(_ request: LoopbackServer.Request, _ out: LoopbackServer.Connection) {
        let path = request.path
        let query = request.target.drop { $0 != "?" }
        func sheet(_ prefix: String) -> Bool { path.hasPrefix("/spreadsheets/d/\(prefix)") }
        if path.hasPrefix("/export-host/") {
            out.respond("200 OK", headers: ["Content-Type": "text/csv; charset=utf-8"], body: csv)
        } else if path == "/files/subs.csv" {
            out.respond("200 OK", headers: ["Content-Type": "text/csv"], body: csv)
        } else if path.hasPrefix("/accounts/ServiceLogin") {
            out.respond("200 OK", headers: ["Content-Type": "text/html; charset=utf-8"], body: signIn)
        } else if path.hasPrefix("/loop/") {
            let n = Int(path.dropFirst("/loop/".count)) ?? 0
            out.redirect(to: "/loop/\(n + 1)")
        } else if sheet("okSheet") || sheet("e/2PACX-okPublished") {
            // Google answers the export URL with a redirect to a content host.
            out.redirect(to: "/export-host/\(path.split(separator: "/").last ?? "")\(query)")
        } else if sheet("namedTab") {
            let tab = query.contains("sheet=Tab%202") ? "Tab 2" : "?"
            out.respond("200 OK", headers: ["Content-Type": "text/csv"], body: "Service,Price,Billing\n\(tab) sub,USD 1.00,yearly\n")
        } else if sheet("privateSheet") {
            out.redirect(to: "/accounts/ServiceLogin?continue=\(path)")
        } else if sheet("slowSheet") {
            Thread.sleep(forTimeInterval: 3)
            out.respond("200 OK", headers: ["Content-Type": "text/csv"], body: csv)
        } else if sheet("hugeChunked") {
            guard out.send("HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n") else { return }
            let row = String(repeating: "Service \(0),1.00 USD,monthly\n", count: 500)
            let chunk = String(row.utf8.count, radix: 16) + "\r\n" + row + "\r\n"
            for _ in 0..<400 where out.send(chunk) {}
            out.send("0\r\n\r\n")
        } else if sheet("hugeClose") {
            guard out.send("HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nConnection: close\r\n\r\n") else { return }
            let rows = String(repeating: "Service,1.00 USD,monthly\n", count: 1000)
            for _ in 0..<400 where out.send(rows) {}
        } else if sheet("endlessSheet") {
            guard out.send("HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nConnection: close\r\n\r\nService,Price,Billing\n") else { return }
            let rows = String(repeating: "Service,1.00 USD,monthly\n", count: 4000)
            while out.send(rows) {}
        } else if sheet("gzipSheet") || sheet("gzipSmall") {
            let body = (try? Data(contentsOf: sheet("gzipSheet") ? gzipBomb : gzipSmall)) ?? Data()
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            out.send(Array(head.utf8) + [UInt8](body))
        } else if sheet("dripSheet") {
            guard out.send("HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nConnection: close\r\n\r\nService,Price\n") else { return }
            for _ in 0..<100 {
                Thread.sleep(forTimeInterval: 0.1)
                guard out.send("a") else { return }
            }
        } else if sheet("fileRedirect") {
            out.redirect(to: "file:///etc/passwd")
        } else if sheet("dataRedirect") {
            out.redirect(to: "data:text/csv,Service%2CPrice%0ANetflix%2C9.99")
        } else if sheet("jsRedirect") {
            out.redirect(to: "javascript:alert(1)")
        } else if sheet("loopSheet") {
            out.redirect(to: "/loop/1")
        } else if sheet("binarySheet") {
            out.respond("200 OK", headers: ["Content-Type": "application/octet-stream"], body: "PK\u{3}\u{4}\u{0}\u{0}binary")
        } else {
            out.respond("404 Not Found", headers: ["Content-Type": "text/html"], body: "<html>Not Found</html>")
        }
    }

    /// 64 MiB of CSV gzipped to about 160 KB, and a small table gzipped.
    static let gzipBomb = CLI.packageRoot.appendingPathComponent("Fixtures/hostile/http/bomb.csv.gz")
    static let gzipSmall = CLI.packageRoot.appendingPathComponent("Fixtures/hostile/http/small.csv.gz")

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var link: String
        var extra: [String] = []
        var exit: Int32
        /// Each must appear in standard error (failures) or standard output (successes).
        var expect: [String]
        /// A path the import must ask the server for exactly once (both passes read one fetch).
        var fetchedOnce: String?
        var testDescription: String { name }
    }

    static let sheetsRoot = "https://docs.google.com/spreadsheets/d/"

    static let cases: [Case] = [
        Case(name: "export redirect to content host", link: sheetsRoot + "okSheet\(id)/edit#gid=7", exit: 0,
             expect: ["\"file\": \"https://docs.google.com/spreadsheets/d/okSheet\(id)/edit#gid=7\"", "\"part\": \"7\"", "\"name\": \"Spotify\""]),
        Case(name: "published csv link", link: sheetsRoot + "e/2PACX-okPublished\(id)/pubhtml?gid=3&single=true", exit: 0,
             expect: ["\"part\": \"3\"", "\"name\": \"Netflix\""]),
        Case(name: "tab by name", link: sheetsRoot + "namedTab\(id)/gviz/tq?tqx=out:csv&sheet=Tab%202", exit: 0,
             expect: ["\"part\": \"Tab 2\"", "\"name\": \"Tab 2 sub\""]),
        Case(name: "plain csv link", link: "{base}/files/subs.csv", exit: 0,
             expect: ["\"file\": \"http://127.0.0.1:", "\"name\": \"Netflix\""]),
        Case(name: "private sheet", link: sheetsRoot + "privateSheet\(id)/edit?usp=sharing", exit: 1,
             expect: ["the sheet is not shared publicly", "File → Share → Anyone with the link", "File → Share → Publish to web → CSV"]),
        Case(name: "not found", link: sheetsRoot + "missingSheet\(id)/edit", exit: 1,
             expect: ["no such spreadsheet or tab (HTTP 404)"]),
        Case(name: "plain link not found", link: "{base}/files/nothing.csv", exit: 1,
             expect: ["/files/nothing.csv (HTTP 404)"]),
        Case(name: "slow answer times out", link: sheetsRoot + "slowSheet\(id)/edit", extra: ["--timeout", "0.5"], exit: 1,
             expect: ["within 0.5 s", "pass a longer --timeout"]),
        Case(name: "oversized chunked body", link: sheetsRoot + "hugeChunked\(id)/edit", extra: ["--max-bytes", "100000"], exit: 1,
             expect: ["larger than the limit of 100000 bytes", "--max-bytes"]),
        Case(name: "oversized body until close", link: sheetsRoot + "hugeClose\(id)/edit", extra: ["--max-bytes", "100000"], exit: 1,
             expect: ["larger than the limit of 100000 bytes"]),
        Case(name: "redirect loop", link: sheetsRoot + "loopSheet\(id)/edit", exit: 1,
             expect: ["more than 5 redirects"]),
        Case(name: "fetched once for both passes", link: sheetsRoot + "okSheet\(id)/edit", exit: 0,
             expect: ["\"name\": \"Spotify\""], fetchedOnce: "/export-host/"),
        Case(name: "fetched once with --keep-duplicates", link: sheetsRoot + "okSheet\(id)/edit", extra: ["--keep-duplicates"], exit: 0,
             expect: ["\"name\": \"Spotify\""], fetchedOnce: "/export-host/"),
        Case(name: "endless body stops at the limit", link: sheetsRoot + "endlessSheet\(id)/edit", extra: ["--max-bytes", "5000000"], exit: 1,
             expect: ["larger than the limit of 5000000 bytes", "pass a larger --max-bytes"], fetchedOnce: "/spreadsheets/d/endlessSheet"),
        Case(name: "gzip bomb counted on decoded bytes", link: sheetsRoot + "gzipSheet\(id)/edit", extra: ["--max-bytes", "1000000"], exit: 1,
             expect: ["larger than the limit of 1000000 bytes"], fetchedOnce: "/spreadsheets/d/gzipSheet"),
        Case(name: "gzip body is read decoded", link: sheetsRoot + "gzipSmall\(id)/edit", exit: 0,
             expect: ["\"name\": \"Spotify\""], fetchedOnce: "/spreadsheets/d/gzipSmall"),
        Case(name: "slow drip hits the deadline once", link: sheetsRoot + "dripSheet\(id)/edit", extra: ["--timeout", "1"], exit: 1,
             expect: ["within 1 s"], fetchedOnce: "/spreadsheets/d/dripSheet"),
        Case(name: "redirect to file:", link: sheetsRoot + "fileRedirect\(id)/edit", exit: 1,
             expect: ["redirected to a file: URL (file:///etc/passwd), refused"]),
        Case(name: "redirect to data:", link: sheetsRoot + "dataRedirect\(id)/edit", exit: 1,
             expect: ["redirected to a data: URL", "refused"]),
        Case(name: "redirect to javascript:", link: sheetsRoot + "jsRedirect\(id)/edit", exit: 1,
             expect: ["redirected to a javascript: URL", "refused"]),
        Case(name: "body is not csv", link: sheetsRoot + "binarySheet\(id)/edit", exit: 1,
             expect: ["not CSV text (application/octet-stream)"]),
        Case(name: "not a sheets link", link: "https://example.com/page", exit: 1,
             expect: ["not a Google Sheets link"]),
    ]

    @Test(arguments: cases)
    func fetch(_ c: Case) throws {
        let server = try LoopbackServer(route: SheetsFetchTests.route)
        defer { server.stop() }
        let link = c.link.replacingOccurrences(of: "{base}", with: server.base)
        let result = try CLI.run(["import", link, "--accept", "all", "--today", "2026-11-30"] + c.extra,
                                 environment: ["INGEST_SHEETS_BASE_URL": server.base, "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"])
        #expect(result.status == c.exit, "stderr:\n\(result.stderrText)")
        let text = c.exit == 0 ? result.stdoutText : result.stderrText
        for piece in c.expect {
            #expect(text.contains(piece), "lacks: \(piece)\nwas:\n\(text)")
        }
        if c.exit != 0 { #expect(result.stdout.isEmpty) }
        if let path = c.fetchedOnce { #expect(server.requests(path) == 1, "requests for \(path)") }
    }

    /// A server that sends faster than the body reaches the disk keeps FoundationNetworking's
    /// queue busy, and a cancel waited behind it while the body filled the disk (seen in CI as a
    /// crash once the disk was full). Several endless imports at once on busy cores, each watched
    /// here: none may keep more than 64 MB on disk or run for more than 60 s.
    @Test func endlessBodiesStopWhileTheMachineIsBusy() throws {
        let server = try LoopbackServer(lifetime: 120, route: SheetsFetchTests.route)
        defer { server.stop() }
        let burning = Burner(threads: 2)
        defer { burning.stop() }
        let link = SheetsFetchTests.sheetsRoot + "endlessSheet\(SheetsFetchTests.id)/edit"
        let runs = 12
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for _ in stride(from: lane, to: runs, by: 4) {
                let environment = ["INGEST_SHEETS_BASE_URL": server.base, "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"]
                if let result = try? Self.watched(["import", link, "--accept", "all", "--max-bytes", "5000000"], environment: environment) {
                    outcomes.add(result)
                }
            }
        }
        #expect(outcomes.all.count == runs)
        for outcome in outcomes.all {
            #expect(outcome.killed == nil, "\(outcome.killed ?? "")")
            #expect(outcome.status == 1)
            #expect(outcome.stderrText.contains("larger than the limit of 5000000 bytes"), "\(outcome.stderrText)")
        }
    }

    /// The body goes to a file as it arrives and nothing holds it in memory, whatever its size:
    /// on busy cores, fetching 300 MB (an endless body stopped by `--max-bytes`) peaks within a
    /// few MiB of fetching 1 MB, and under 64 MiB. A download delegate told of each piece held
    /// every piece its queue had not delivered yet (made to lag 2 ms a message: 200 MiB for 150 MB).
    @Test func aLargeBodyIsFetchedInBoundedMemory() throws {
        let server = try LoopbackServer(lifetime: 120, route: SheetsFetchTests.route)
        defer { server.stop() }
        let burning = Burner(threads: 2)
        defer { burning.stop() }
        let link = SheetsFetchTests.sheetsRoot + "endlessSheet\(SheetsFetchTests.id)/edit"
        func fetch(_ limit: Int) throws -> CLI.Measured {
            let run = try CLI.measured(["import", link, "--accept", "all", "--max-bytes", String(limit), "--timeout", "90"],
                                       environment: ["INGEST_SHEETS_BASE_URL": server.base, "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"])
            #expect(run.status == 1)
            #expect(run.stderrText.contains("larger than the limit of \(limit) bytes"), "\(run.stderrText)")
            return run
        }
        let small = try fetch(1_000_000), large = try fetch(300_000_000)
        #expect(large.peakKiB <= small.peakKiB + 24 * 1024, "peak \(large.peakKiB) KiB for 300 MB, \(small.peakKiB) KiB for 1 MB")
        #expect(large.peakKiB <= 64 * 1024, "peak \(large.peakKiB) KiB for 300 MB")
        print("fetched with a peak of \(small.peakKiB / 1024) MiB for 1 MB and \(large.peakKiB / 1024) MiB for 300 MB")
    }

    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [CLI.Result] = []
        func add(_ outcome: CLI.Result) { lock.lock(); list.append(outcome); lock.unlock() }
        var all: [CLI.Result] { lock.lock(); defer { lock.unlock() }; return list }
    }

    /// Keeps `threads` cores busy until stopped.
    final class Burner: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        init(threads: Int) {
            for _ in 0..<threads {
                Thread { [self] in
                    var x: UInt64 = 1
                    while isRunning { for _ in 0..<100_000 { x = x &* 6364136223846793005 &+ 1 } }
                    _ = x
                }.start()
            }
        }
        var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }
        func stop() { lock.lock(); running = false; lock.unlock() }
    }

    /// Runs `ingest ARGS`, killing it if its temporary folder holds more than 64 MB or the run
    /// passes 60 s.
    static func watched(_ arguments: [String], environment: [String: String]) throws -> CLI.Result {
        let deadline = Date().addingTimeInterval(60)
        return try CLI.run(arguments, environment: environment) { temp in
            let fm = FileManager.default
            let size = (fm.enumerator(atPath: temp.path)?.compactMap { $0 as? String } ?? []).reduce(0) { total, name in
                total + ((try? fm.attributesOfItem(atPath: temp.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
            }
            if size > 64_000_000 { return "kept \(size) bytes on disk past a 5000000-byte limit" }
            return Date() > deadline ? "still running after 60 s" : nil
        }
    }

    /// Ctrl-C during a download removes the part FoundationNetworking writes (`<UUID>.tmp`, which
    /// no one else would remove) with the run's own temporary folder.
    @Test func stoppedDownloadLeavesNothing() throws {
        let server = try LoopbackServer(route: SheetsFetchTests.route)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-fetch-\(UUID().uuidString)")
        let temp = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stopped = try OutputSafetyTests.stop(
            ["import", SheetsFetchTests.sheetsRoot + "endlessSheet\(SheetsFetchTests.id)/edit", "--accept", "all", "-q",
             "--max-bytes", "100000000000", "--timeout", "60"],
            in: folder, environment: ["INGEST_SHEETS_BASE_URL": server.base, "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1",
                                      "TMPDIR": temp.path], with: SIGINT) {
            try OutputSafetyTests.filesInside(temp).contains { $0.hasSuffix(".tmp") }
        }
        guard stopped else { return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == [])
    }

    @Test func unreachable() throws {
        let server = try LoopbackServer(route: SheetsFetchTests.route)
        let base = server.base
        server.stop()
        Thread.sleep(forTimeInterval: 0.2)
        let result = try CLI.run(["import", SheetsFetchTests.sheetsRoot + "okSheet\(SheetsFetchTests.id)/edit", "--accept", "all"],
                                 environment: ["INGEST_SHEETS_BASE_URL": base, "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"])
        #expect(result.status == 1)
        #expect(result.stderrText.contains("cannot reach 127.0.0.1"), "\(result.stderrText)")
    }

    /// The flag wins over the environment variable.
    @Test func flagOverridesEnvironment() throws {
        let server = try LoopbackServer(route: SheetsFetchTests.route)
        defer { server.stop() }
        let result = try CLI.run(["import", SheetsFetchTests.sheetsRoot + "okSheet\(SheetsFetchTests.id)/view",
                                  "--accept", "all", "--sheets-base-url", server.base],
                                 environment: ["INGEST_SHEETS_BASE_URL": "http://127.0.0.1:1", "INGEST_FETCH_TIMEOUT": "5"])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("2 rows → 2 drafts"))
    }
}
