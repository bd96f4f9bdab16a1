import BuiltInSubjects
import ConformanceRunner
import Foundation

/// The live status line on standard error: histories/s, events, failures, elapsed.
final class ProgressLine: @unchecked Sendable {
    let io: ToolIO
    let lock = NSLock()
    var lastDraw = ContinuousClock.now
    var drawn = false

    init(io: ToolIO) { self.io = io }

    /// Draws the line for `progress` (at most ten times a second).
    func update(_ progress: CampaignProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) || !drawn else { return }
        lastDraw = now
        drawn = true
        let seconds = max(0.001, progress.elapsed.seconds)
        let rate = Int(Double(progress.historiesRun) / seconds)
        let text =
            "\(progress.phase): \(grouped(progress.historiesRun))/\(grouped(progress.historiesPlanned)) histories · "
            + "\(grouped(rate)) histories/s · \(grouped(progress.eventsRun)) events · "
            + "\(progress.failuresFound) failure\(progress.failuresFound == 1 ? "" : "s") · \(String(format: "%.1f", seconds)) s"
        io.standardError("\r\u{1B}[2K" + text)
    }

    /// Clears the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { io.standardError("\r\u{1B}[2K") }
    }
}

