/// The running iterations of one live sequence, held weakly: an iteration the app stopped
/// (dropped its iterator) leaves the set.
struct ChannelSet<Element: Sendable> {
    private struct Weak {
        weak var value: UpdatesChannel<Element>?
    }

    private var channels: [Weak] = []

    /// Whether some iteration is still running.
    var isEmpty: Bool {
        mutating get {
            channels.removeAll { $0.value == nil }
            return channels.isEmpty
        }
    }

    /// Adds an iteration.
    mutating func add(_ channel: UpdatesChannel<Element>) { channels.append(Weak(value: channel)) }

    /// Hands `element` to every running iteration, in the order they started.
    mutating func push(_ element: Element) {
        channels.removeAll { $0.value == nil }
        for channel in channels { channel.value?.push(element) }
    }

    /// Ends every iteration (the app was terminated).
    mutating func endAll() {
        for channel in channels { channel.value?.end() }
        channels.removeAll()
    }
}
