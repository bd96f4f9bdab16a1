/// Unpadded base64url (RFC 4648 §5) without Foundation.
enum Base64URL {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in stride(from: 18, through: 0, by: -6) {
                out.append(alphabet[Int((chunk >> UInt32(shift)) & 63)])
            }
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let chunk = UInt32(bytes[index]) << 16
            out.append(alphabet[Int((chunk >> 18) & 63)])
            out.append(alphabet[Int((chunk >> 12) & 63)])
        } else if rest == 2 {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out.append(alphabet[Int((chunk >> 18) & 63)])
            out.append(alphabet[Int((chunk >> 12) & 63)])
            out.append(alphabet[Int((chunk >> 6) & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode<Text: Collection<UInt8>>(_ text: Text) throws(ReplayTokenError) -> [UInt8] {
        var sextets: [UInt8] = []
        sextets.reserveCapacity(text.count)
        for (offset, byte) in text.enumerated() {
            guard let value = sextet(byte) else {
                throw ReplayTokenError(
                    "replay token has a character outside base64url at position \(offset + ReplayToken.versionPrefix.count)"
                )
            }
            sextets.append(value)
        }
        guard sextets.count % 4 != 1 else {
            throw ReplayTokenError("replay token body has an impossible length (\(sextets.count) characters)")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sextets.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for value in sextets {
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else {
            throw ReplayTokenError("replay token body has non-zero padding bits")
        }
        return bytes
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}

/// Appends `value` as an unsigned LEB128 varint.
func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
    var rest = value
    while rest >= 0x80 {
        bytes.append(UInt8(rest & 0x7F) | 0x80)
        rest >>= 7
    }
    bytes.append(UInt8(rest))
}

/// Reads unsigned LEB128 varints, rejecting truncation and overflow.
struct VarintReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }
    var remaining: Int { bytes.count - position }

    mutating func read(field: String) throws(ReplayTokenError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else {
                throw ReplayTokenError("replay token ends in the middle of the \(field)")
            }
            let byte = bytes[position]
            position += 1
            let payload = UInt64(byte & 0x7F)
            guard shift < 64, shift < 63 || payload <= 1 else {
                throw ReplayTokenError("replay token's \(field) does not fit in 64 bits")
            }
            result |= payload << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }
}
