import Foundation
import Ingest

/// A one-line progress indicator on standard error for long work: drawn once the work has taken
/// a second, redrawn five times a second with `\r`, cleared at the end. Only when standard error
/// is a terminal and the user has not opted out (`-q`, `INGEST_PROGRESS=0`, `TERM=dumb`): never
/// in pipes or CI logs. Messages printed meanwhile clear the line first (`Stderr`).
final class ProgressLine: @unchecked Sendable {
    static var wanted: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(2) == 1 && !Stderr.quiet && environment["INGEST_PROGRESS"] != "0" && environment["TERM"] != "dumb"
    }

    private let finished = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts the line when it is wanted; `describe` gives its text (nil: nothing to show yet).
    static func start(_ describe: @escaping @Sendable () -> String?) -> ProgressLine? {
        guard wanted else { return nil }
        let line = ProgressLine()
        Thread.detachNewThread { line.draw(describe) }
        return line
    }

    private func draw(_ describe: @Sendable () -> String?) {
        var wait = 1.0
        while finished.wait(timeout: .now() + wait) == .timedOut {
            wait = 0.2
            if let text = describe() { Stderr.drawProgress(text) }
        }
        Stderr.clearProgress()
        ended.signal()
    }

    /// Clears the line; nothing is drawn after this returns.
    func stop() {
        finished.signal()
        ended.wait()
    }

    /// The line for reading files and links: "reading subs.csv: 45 % of 127.0 MB, 98.1 MB/s".
    static func reading(_ verb: String = "reading") -> ProgressLine? {
        let meter = RateMeter()
        return start {
            guard let now = ReadProgress.snapshot() else { return nil }
            let rate = meter.rate(of: now)
            var text = "\(verb) \(now.name): "
            if now.total > 0 {
                text += "\(min(100, now.done * 100 / now.total)) % of \(megabytes(now.total))"
            } else {
                text += megabytes(now.done)
            }
            if let rate { text += ", \(megabytes(Int(rate)))/s" }
            return text
        }
    }

    /// The line for a count of items: "validate: 120/2000 files".
    static func counting(_ label: String, total: Int, unit: String, done: @escaping @Sendable () -> Int) -> ProgressLine? {
        start { "\(label): \(done())/\(total) \(unit)" }
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.0f kB", Double(bytes) / 1e3)
    }
}

/// Bytes per second of a read, from its first sample on (a steady figure, not the last jump).
private final class RateMeter: @unchecked Sendable {
    private var first: (name: String, done: Int, time: Double)?

    func rate(of now: ReadProgress.Snapshot) -> Double? {
        let time = Date().timeIntervalSinceReferenceDate
        guard let first, first.name == now.name, now.done >= first.done else {
            self.first = (now.name, now.done, time)
            return nil
        }
        guard time - first.time >= 0.5 else { return nil }
        return Double(now.done - first.done) / (time - first.time)
    }
}

/// Counts finished items from several threads.
final class DoneCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
