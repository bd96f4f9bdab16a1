/// How fuzzer bytes stand for a choice sequence, and where fuzz findings are saved.
public enum FuzzChoices {
    /// Where failing histories go unless told otherwise (the environment variable
    /// `PURCHASE_FUZZ_FAILURES` overrides it in the built-in fuzz target).
    public static let defaultFailuresFolder = ".purchase-conformance/fuzz-failures"

    /// Zero choices appended to every input: they finish the store set-up and answer "stop"
    /// to the next keep-going coin, so a short input is a short history, not an overrun.
    static let padding = 512

    /// The choice values that `bytes` stand for (two bytes each, little-endian).
    public static func values(from bytes: [UInt8]) -> [UInt64] {
        var values: [UInt64] = []
        values.reserveCapacity(bytes.count / 2 + padding)
        var i = 0
        while i + 1 < bytes.count {
            values.append(UInt64(bytes[i]) | UInt64(bytes[i + 1]) << 8)
            i += 2
        }
        if i < bytes.count { values.append(UInt64(bytes[i])) }
        values.append(contentsOf: repeatElement(0, count: padding))
        return values
    }

    /// The bytes that stand for `choices` (each at most 65,535): the inverse of `choices(from:)`.
    public static func bytes(for choices: [UInt64]) -> [UInt8] {
        choices.flatMap { value -> [UInt8] in
            let v = min(value, 0xFFFF)
            return [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
    }
}
