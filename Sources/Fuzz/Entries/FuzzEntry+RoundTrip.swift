import ConformanceRunner
import PurchaseStateMachine

/// An event with a compact spelling that parses back to it: either store's event.
protocol CompactSpelledEvent: Equatable {
    /// The compact spelling.
    var compact: String { get }
    /// Parses a compact spelling.
    init(compact text: String) throws
}

/// A history file's value: its events and the text it renders to, which parses back to it.
protocol RenderedHistory: Equatable {
    associatedtype Step: CompactSpelledEvent
    /// The events, in order.
    var events: [Step] { get }
    /// The file's text.
    var fileText: String { get }
    /// Parses a file's text.
    static func parse(file text: String) throws -> Self
}

extension Event: CompactSpelledEvent {}
extension PlayEvent: CompactSpelledEvent {}
extension History: RenderedHistory {
    static func parse(file text: String) throws -> History { try History(text: text) }
}

extension PlayHistory: RenderedHistory {
    static func parse(file text: String) throws -> PlayHistory { try PlayHistory(text: text) }
}

extension FuzzEntry {
    /// The first event of `history` whose compact spelling does not parse back to it, as a
    /// failure; nil when every one does.
    static func spellingFailure<H: RenderedHistory>(_ history: H) -> FuzzVerdict? {
        for (i, event) in history.events.enumerated() {
            let spelling = event.compact
            guard let again = try? H.Step(compact: spelling), again == event else {
                return .failed("event \(i) \(spelling) does not parse back from its compact spelling")
            }
        }
        return nil
    }

    /// A failure when `history`'s rendered file does not parse back to the same history; nil when it does.
    static func renderingFailure<H: RenderedHistory>(_ history: H) -> FuzzVerdict? {
        do {
            let again = try H.parse(file: history.fileText)
            guard again == history else { return .failed("the rendered history does not parse back to the same history") }
        } catch {
            return .failed("the rendered history does not parse: \(error)")
        }
        return nil
    }
}
