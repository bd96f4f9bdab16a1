/// The most recent bytes of a stream, up to a capacity: what a report shows of a subject's
/// standard error without letting a chatty subject fill the memory.
struct BoundedOutput: Sendable {
    /// How many bytes are kept.
    let capacity: Int
    private var bytes: [UInt8] = []
    /// Bytes written so far and dropped because they were older than the last `capacity`.
    private(set) var dropped = 0

    init(capacity: Int = 64 * 1024) { self.capacity = capacity }

    /// Appends bytes, forgetting the oldest beyond the capacity (amortised: trims at twice the capacity).
    mutating func append(_ new: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: new)
        if bytes.count > 2 * capacity { trim() }
    }

    /// Forgets everything.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        dropped = 0
    }

    /// The last `capacity` bytes as text (invalid UTF-8 replaced), noting dropped bytes at the
    /// top; when bytes were dropped, the text starts at a line (or at least a character) boundary.
    var text: String {
        var copy = self
        copy.trim()
        var start = copy.bytes.startIndex
        if copy.dropped > 0, let newline = copy.bytes.prefix(1024).firstIndex(of: UInt8(ascii: "\n")) {
            start = newline + 1
        }
        while start < copy.bytes.endIndex, copy.bytes[start] & 0xC0 == 0x80, start - copy.bytes.startIndex < 4 {
            start += 1
        }
        let body = String(decoding: copy.bytes[start...], as: UTF8.self)
        let skipped = copy.dropped + (start - copy.bytes.startIndex)
        return skipped > 0 ? "[… \(skipped) earlier bytes not kept]\n" + body : body
    }

    /// The last line that is not blank, up to `limit` bytes, for one-line fault messages.
    func lastLine(limit: Int = 200) -> String? {
        let lines = String(decoding: bytes.suffix(4 * limit), as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let line = lines.last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        return line.count > limit ? String(line.prefix(limit)) + "…" : String(line)
    }

    var isEmpty: Bool { bytes.isEmpty }

    private mutating func trim() {
        guard bytes.count > capacity else { return }
        let excess = bytes.count - capacity
        bytes.removeFirst(excess)
        dropped += excess
    }
}
