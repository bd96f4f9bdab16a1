/// A compact, versioned text form of a choice sequence, for reproducing one case exactly.
///
/// The text is `g1:` followed by unpadded base64url of LEB128 varints: the number of choices,
/// then for each choice its index, its bound and its below-target count. A token reproduces a
/// case only for the same generator code; the durable record of a failure is the value itself.
public struct ReplayToken: Hashable, Sendable, CustomStringConvertible {
    /// The version prefix this build writes and reads.
    public static let versionPrefix = "g1:"

    /// The choices the token stands for.
    public let sequence: ChoiceSequence

    /// Wraps a choice sequence.
    public init(_ sequence: ChoiceSequence) {
        self.sequence = sequence
    }

    /// Parses a token, throwing a ``ReplayTokenError`` that says what is wrong with bad text.
    public init(parsing text: String) throws(ReplayTokenError) {
        guard text.hasPrefix(Self.versionPrefix) else {
            let shown = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            if text.contains(":") {
                throw ReplayTokenError(
                    "unsupported replay token version '\(shown)': this build reads '\(Self.versionPrefix)' tokens")
            }
            throw ReplayTokenError("a replay token must start with '\(Self.versionPrefix)'")
        }
        let body = text.utf8.dropFirst(Self.versionPrefix.utf8.count)
        let bytes = try Base64URL.decode(body)
        var reader = VarintReader(bytes: bytes)
        let count = try reader.read(field: "choice count")
        // Each choice takes at least three bytes, which bounds a believable count.
        guard count <= UInt64(bytes.count) / 3 else {
            throw ReplayTokenError("replay token claims \(count) choices but holds only \(bytes.count) bytes")
        }
        var choices: [Choice] = []
        choices.reserveCapacity(Int(count))
        for position in 0..<Int(count) {
            let value = try reader.read(field: "index of choice \(position)")
            let max = try reader.read(field: "bound of choice \(position)")
            let below = try reader.read(field: "below-target count of choice \(position)")
            guard value <= max, below <= max else {
                throw ReplayTokenError(
                    "choice \(position) of the replay token is out of bounds (index \(value), bound \(max), below \(below))"
                )
            }
            choices.append(Choice(value: value, max: max, belowTarget: below))
        }
        guard reader.isAtEnd else {
            throw ReplayTokenError("replay token has \(reader.remaining) unexpected trailing bytes")
        }
        self.sequence = ChoiceSequence(choices)
    }

    /// The token's text, starting with ``versionPrefix``.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sequence.count * 3 + 2)
        appendVarint(UInt64(sequence.count), to: &bytes)
        for choice in sequence.choices {
            appendVarint(choice.value, to: &bytes)
            appendVarint(choice.max, to: &bytes)
            appendVarint(choice.belowTarget, to: &bytes)
        }
        return Self.versionPrefix + Base64URL.encode(bytes)
    }

    /// Same as ``text``.
    public var description: String { text }
}

/// Why a replay token could not be read.
public struct ReplayTokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence naming the problem.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    /// Same as ``message``.
    public var description: String { message }
}
