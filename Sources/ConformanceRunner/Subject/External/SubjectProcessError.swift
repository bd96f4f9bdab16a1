/// A fault in talking to a subject process: it could not start, did not answer in time, exited,
/// or wrote something other than one reply line.
public struct SubjectProcessError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Reason: Hashable, Sendable {
        case launchFailed(String)
        case notRunning
        case timeout(seconds: Double, partial: String?)
        case exited(status: String, beforeReading: Bool, partial: String?)
        case replyTooLong(limit: Int)
        case unexpectedOutput(String)
        case writeFailed(String)
        case otherHistory
        case earlierFault(String)
    }

    let reason: Reason
    /// The last non-blank line the subject wrote on standard error before the fault, if any.
    public let lastErrorLine: String?

    init(_ reason: Reason, lastErrorLine: String? = nil) {
        self.reason = reason
        self.lastErrorLine = lastErrorLine
    }

    /// Whether the subject did not reply within the per-message timeout.
    public var isTimeout: Bool {
        if case .timeout = reason { return true }
        return false
    }

    /// Whether the subject process ended (exited, crashed or closed its output) during the exchange.
    public var hasExited: Bool {
        if case .exited = reason { return true }
        return false
    }

    /// The fault in words, with what the subject last wrote where that helps.
    public var description: String {
        var text: String
        switch reason {
        case .launchFailed(let why):
            text = "could not start the subject: \(why)"
        case .notRunning:
            text = "the subject process is not running"
        case .timeout(let seconds, let partial):
            text = "no reply within \(Self.format(seconds)) s; the subject process was stopped"
            if let partial { text += " (it had written only: \(partial))" }
        case .exited(let status, let beforeReading, let partial):
            text = beforeReading
                ? "the subject process had already ended (\(status)) and could not read the message"
                : "the subject process ended (\(status)) without replying"
            if let partial { text += " (it had written only: \(partial))" }
        case .replyTooLong(let limit):
            text = "the reply is longer than \(limit) bytes without a newline; the subject process was stopped"
        case .unexpectedOutput(let output):
            text = "the subject wrote more than one line in reply to the previous message: \(output)"
        case .writeFailed(let why):
            text = "could not write the message to the subject: \(why)"
        case .otherHistory:
            text = "another history started on this subject process while this one was running: "
                + "an external subject runs one history at a time (use parallelism 1)"
        case .earlierFault(let message):
            text = "the subject had already failed in this history: \(message)"
        }
        if let lastErrorLine { text += "; its last line on standard error: \(lastErrorLine)" }
        return text
    }

    static func format(_ seconds: Double) -> String {
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The first `limit` bytes of `bytes` as quoted text, marking a cut.
    static func quote(_ bytes: some Collection<UInt8>, limit: Int = 200) -> String {
        var text = String(decoding: bytes.prefix(limit), as: UTF8.self).debugDescription
        if bytes.count > limit { text += "… (\(bytes.count) bytes)" }
        return text
    }
}
