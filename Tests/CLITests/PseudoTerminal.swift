import Foundation

/// Runs `ingest` with standard input and standard error on a pseudo-terminal (Python's `pty`),
/// as a person at a terminal would, and standard output to a file: what the terminal showed,
/// and the exit status. Each prompt (text ending in "] " or ": ") gets the next answer.
enum PseudoTerminal {
    static let script = """
        import json, os, pty, select, sys
        answers = json.loads(sys.argv[1])
        stdout_path = sys.argv[2]
        pid, fd = pty.fork()
        if pid == 0:
            out = os.open(stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, 1)
            os.execv(sys.argv[3], sys.argv[3:])
        screen = b""
        pending = b""
        while True:
            ready, _, _ = select.select([fd], [], [], 60)
            if not ready:
                break
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            screen += data
            pending += data
            if answers and (pending.endswith(b"] ") or pending.endswith(b": ")):
                os.write(fd, answers.pop(0).encode() + b"\\n")
                pending = b""
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(screen)
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    struct Result {
        var status: Int32
        var screen: String
    }

    static func run(_ args: [String], in folder: URL, answers: [String] = [], stdout: String = "/dev/null",
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let answerList = String(decoding: try JSONSerialization.data(withJSONObject: answers), as: UTF8.self)
        process.arguments = ["python3", "-c", script, answerList, stdout, CLI.executable.path] + args
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env.removeValue(forKey: "INGEST_PROGRESS")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let screen = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, screen: screen)
    }
}
