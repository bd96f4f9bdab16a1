extension Instant: CustomStringConvertible {
    /// The instant in ISO 8601 UTC form, for example `2026-01-01T00:00:00Z`.
    public var iso8601: String {
        let c = civil
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T"
            + "\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))Z"
    }

    public var description: String { iso8601 }

    /// Parses an ISO 8601 UTC timestamp `YYYY-MM-DDTHH:MM:SS[.fff]Z` (a `+00:00` suffix is also
    /// accepted); returns nil for anything else, including impossible dates such as February 30.
    public init?(iso8601 text: String) {
        var body = Substring(text)
        if body.hasSuffix("Z") {
            body = body.dropLast()
        } else if body.hasSuffix("+00:00") {
            body = body.dropLast(6)
        } else {
            return nil
        }
        if let dot = body.firstIndex(of: ".") {
            let fraction = body[body.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            body = body[..<dot]
        }
        let bytes = Array(body.utf8)
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let b = bytes[i]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second < 60
        else { return nil }
        self.init(CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
}

private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
