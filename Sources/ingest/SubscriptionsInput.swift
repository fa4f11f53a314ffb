import Foundation
import Ingest

/// The canonical subscriptions file that `calendar`, `due` and `export` read: a path, or `-`
/// for standard input. A file that is not canonical JSON is an input error naming the file,
/// and the line and column for broken JSON.
struct SubscriptionsInput {
    var path: String

    /// What the messages call the input.
    var name: String { path == "-" ? "standard input" : path }

    /// `read`, or nil once the error is printed (the command then exits 1).
    func readOrReport() -> [Subscription]? {
        do {
            return try read()
        } catch {
            Stderr.print("ingest: \(VisibleText.escaped(error.message))")
            return nil
        }
    }

    func read() throws(DocumentError) -> [Subscription] {
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw DocumentError("\(path): is a folder, not a subscriptions file (expected the JSON `ingest import` writes)")
            }
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else {
            throw DocumentError("\(path): cannot read the file (check the name and that it is readable)")
        }
        return try CanonicalReader.read(String(decoding: data, as: UTF8.self), file: name)
    }

    /// Where a subscription came from, for messages: `"Gym" (subs.csv:4)`.
    static func label(_ sub: Subscription) -> String {
        "\"\(VisibleText.escaped(sub.name))\" (\(VisibleText.escaped(sub.source.location())))"
    }
}
