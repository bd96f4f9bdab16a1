/// The ordered record of every draw a test case made; replaying it reproduces the case.
///
/// Sequences are ordered *shortlex*: a shorter sequence is smaller, and sequences of equal length
/// compare their shrink indices left to right. The shrinker only ever moves to smaller sequences.
public struct ChoiceSequence: Hashable, Sendable, Comparable, RandomAccessCollection {
    /// The recorded draws, in order.
    public var choices: [Choice]

    /// Wraps recorded draws.
    public init(_ choices: [Choice]) {
        self.choices = choices
    }

    /// The shrink indices alone: what replay needs.
    public var values: [UInt64] { choices.map(\.value) }

    /// The position of the first draw.
    public var startIndex: Int { choices.startIndex }
    /// The position after the last draw.
    public var endIndex: Int { choices.endIndex }
    /// The draw at `position`.
    public subscript(position: Int) -> Choice { choices[position] }

    /// Orders sequences shortlex by their shrink indices.
    public static func < (lhs: ChoiceSequence, rhs: ChoiceSequence) -> Bool {
        shortlexPrecedes(lhs.choices, rhs.choices)
    }

    /// Whether `lhs` comes strictly before `rhs` in shortlex order of their indices.
    public static func shortlexPrecedes(_ lhs: [UInt64], _ rhs: [UInt64]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        for index in lhs.indices where lhs[index] != rhs[index] {
            return lhs[index] < rhs[index]
        }
        return false
    }

    static func shortlexPrecedes(_ lhs: [Choice], _ rhs: [Choice]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        for index in lhs.indices where lhs[index].value != rhs[index].value {
            return lhs[index].value < rhs[index].value
        }
        return false
    }
}
