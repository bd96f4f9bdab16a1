import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension FuzzEntry {
    /// Google Play history file → parse → validate → replay against both Play references.
    ///
    /// Properties: parsing never traps; each event's compact spelling parses back to the event;
    /// the catalog and the whole file render and parse back to themselves; and a history the
    /// reader accepts replays against `play-reference-app` and `play-reference-server` with every
    /// check holding (an event a reference's own replies make impossible is refused, not a finding).
    public static func playHistory(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .refused }
        let history: PlayHistory
        do { history = try PlayHistory(text: text) } catch { return .refused }
        for (i, event) in history.events.enumerated() {
            let spelling = event.compact
            guard let again = try? PlayEvent(compact: spelling), again == event else {
                return .failed("event \(i) \(spelling) does not parse back from its compact spelling")
            }
        }
        guard let catalog = try? PlayCatalog(json: history.catalog.json), catalog == history.catalog else {
            return .failed("the catalog does not parse back from its JSON")
        }
        do {
            let again = try PlayHistory(text: history.fileText)
            guard again == history else { return .failed("the rendered history does not parse back to the same history") }
        } catch {
            return .failed("the rendered history does not parse: \(error)")
        }
        for name in ["play-reference-app", "play-reference-server"] {
            guard let reference = PlayBuiltInSubjects.named(name) else { return .failed("no built-in subject \(name)") }
            if let failure = reference.run(history).failure {
                return .failed("\(name) failed \(failure.check.rawValue) at event \(failure.eventIndex): expected \(failure.expected), got \(failure.observed)")
            }
        }
        return .passed
    }
}
