import PurchaseStateMachine

/// An app action of the current event and the subject's result (a class: an optional of it
/// costs nothing to carry through an event that has none).
final class ActionCapture {
    let name: String
    let value: JSONValue?
    let result: JSONValue?

    init(name: String, value: JSONValue?, result: JSONValue?) {
        self.name = name
        self.value = value
        self.result = result
    }
}
