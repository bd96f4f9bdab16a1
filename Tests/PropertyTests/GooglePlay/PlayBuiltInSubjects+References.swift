import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PlayBuiltInSubjects {
    /// The correct backend and the correct app without one, by name.
    static let referenceNames = ["play-reference-server", "play-reference-app"]

    /// A line for each reference subject that fails `history` (or is not built in); empty when both pass.
    static func referenceFailures(_ history: PlayHistory) -> [String] {
        referenceNames.compactMap { name in
            guard let runner = named(name) else { return "\(name): no such built-in subject" }
            return runner.replay(history).failure.map { "\(name): \($0.check.rawValue) failed after event \($0.eventIndex + 1)" }
        }
    }
}
