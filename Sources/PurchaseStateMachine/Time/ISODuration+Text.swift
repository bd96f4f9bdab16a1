extension ISODuration: CustomStringConvertible {
    /// The ISO 8601 spelling, for example `P1M`, `P1Y2M`, `PT6H` or `-P1D`; zero is `P0D`.
    public var iso8601: String {
        var text = isNegative ? "-P" : "P"
        if years != 0 { text += "\(years)Y" }
        if months != 0 { text += "\(months)M" }
        if weeks != 0 { text += "\(weeks)W" }
        if days != 0 { text += "\(days)D" }
        if hours != 0 || minutes != 0 || seconds != 0 {
            text += "T"
            if hours != 0 { text += "\(hours)H" }
            if minutes != 0 { text += "\(minutes)M" }
            if seconds != 0 { text += "\(seconds)S" }
        }
        return text.count <= 2 ? (isNegative ? "-P0D" : "P0D") : text
    }

    public var description: String { iso8601 }

    /// Parses an ISO 8601 duration (`P1M`, `P1W`, `P3D`, `PT6H`, `P1Y2M3DT4H5M6S`); a leading
    /// `-` is accepted only when `allowNegative` is true. Returns nil for anything else.
    public init?(iso8601 text: String, allowNegative: Bool = false) {
        var rest = Substring(text)
        var negative = false
        if rest.first == "-" {
            guard allowNegative else { return nil }
            negative = true
            rest = rest.dropFirst()
        }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var result = ISODuration(isNegative: negative)
        var inTime = false
        var sawComponent = false
        var number = ""
        var lastDateRank = -1
        var lastTimeRank = -1
        for ch in rest {
            if ch.isASCII && ch.isNumber {
                number.append(ch)
                continue
            }
            if ch == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                continue
            }
            guard !number.isEmpty, number.count <= 9, let value = Int(number) else { return nil }
            number = ""
            sawComponent = true
            let rank: Int
            switch (inTime, ch) {
            case (false, "Y"): rank = 0; result.years = value
            case (false, "M"): rank = 1; result.months = value
            case (false, "W"): rank = 2; result.weeks = value
            case (false, "D"): rank = 3; result.days = value
            case (true, "H"): rank = 0; result.hours = value
            case (true, "M"): rank = 1; result.minutes = value
            case (true, "S"): rank = 2; result.seconds = value
            default: return nil
            }
            if inTime {
                guard rank > lastTimeRank else { return nil }
                lastTimeRank = rank
            } else {
                guard rank > lastDateRank else { return nil }
                lastDateRank = rank
            }
        }
        guard number.isEmpty, sawComponent, !(inTime && lastTimeRank < 0) else { return nil }
        self = result
    }
}
