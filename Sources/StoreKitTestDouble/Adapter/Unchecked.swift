/// Where a task of the adapter leaves its outcome (read on the driving thread only).
final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// A value handed between the adapter and the app's main actor on the same driving thread.
struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
