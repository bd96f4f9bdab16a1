import Synchronization

/// One iteration of a live sequence (`Transaction.updates`, `Status.updates`, `Storefront.updates`
/// …): the elements emitted since it started, and the listener waiting for the next one.
final class UpdatesChannel<Element: Sendable>: Sendable {
    private struct State: ~Copyable {
        var buffer: [Element] = []
        var waiter: UnsafeContinuation<Element?, Never>?
        var ended = false
    }

    /// What `next()` finds without waiting.
    private enum Now {
        case element(Element)
        case ended, wait
    }

    private let state = Mutex(State())

    /// Hands `element` to the waiting listener, or keeps it for its next call.
    func push(_ element: Element) {
        let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            guard !state.ended else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.buffer.append(element)
            return nil
        }
        waiter?.resume(returning: element)
    }

    /// Ends the iteration: the waiting listener (and every later call) gets nil.
    func end() {
        let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
            state.ended = true
            state.buffer.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next element: at once when one is waiting, otherwise when the App Store emits one.
    func next() async -> Element? {
        let now = state.withLock { state -> Now in
            if !state.buffer.isEmpty { return .element(state.buffer.removeFirst()) }
            return state.ended ? .ended : .wait
        }
        switch now {
        case .element(let element): return element
        case .ended: return nil
        case .wait: break
        }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
                let immediate = state.withLock { state -> Element?? in
                    if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
                    if state.ended { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            end()
        }
    }
}
