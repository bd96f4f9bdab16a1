import ConformanceRunner
import Testing

extension Conformance {
    /// Attaches a failure's minimal history (`NAME.json`, replayable) and its timeline
    /// (`NAME.html`) to the current test. Swift Testing writes attachments to disk only with
    /// `swift test --attachments-path DIR`; otherwise they are kept with the test's results.
    static func attach<St: Store>(_ failure: StoreFailureReport<St>, subject: String, sourceLocation: SourceLocation) {
        let name = failure.artifactName
        Attachment.record(failure.history.fileText, named: name + ".json", sourceLocation: sourceLocation)
        Attachment.record(failure.timelineHTML(subject: subject), named: name + ".html", sourceLocation: sourceLocation)
    }

    /// Outside Swift Testing (XCTest): XCTAttachment does not exist in swift-corelibs-xctest on
    /// Linux, so each saved failure's timeline is written beside its history file, and the lines
    /// returned here (appended to the thrown error) name both files.
    static func timelineFiles<St: Store>(_ run: StoreConformanceRun<St>) -> String {
        var lines: [String] = []
        for failure in run.result.failures {
            guard let saved = failure.savedPath else { continue }
            let html = (saved.hasSuffix(".json") ? String(saved.dropLast(5)) : saved) + ".html"
            do {
                try HistoryFile.writeText(failure.timelineHTML(subject: run.subject), to: html)
                lines.append("Minimal history: \(saved) · timeline: \(html)")
            } catch {
                lines.append("Minimal history: \(saved) · timeline not written: \(error)")
            }
        }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n")
    }
}
