import Foundation

extension Product {
    /// The style that formats prices in the product's currency and storefront locale.
    ///
    /// Deterministic: the currency and locale follow the catalog's display price ("$" → USD in
    /// en_US, "€" → EUR in de_DE, "£" → GBP in en_GB, "¥" → JPY in ja_JP; otherwise USD in
    /// en_US), whatever the machine's locale.
    public var priceFormatStyle: Decimal.FormatStyle.Currency {
        let (code, locale) = Self.currency(of: displayPrice)
        return Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: locale))
    }

    /// The style that formats a subscription period ("1 month", "2 weeks") in English.
    public var subscriptionPeriodFormatStyle: Product.SubscriptionPeriodFormatStyle { .init() }

    /// The style that formats a subscription period's unit ("month") in English.
    public var subscriptionPeriodUnitFormatStyle: Product.SubscriptionPeriod.Unit.FormatStyle { .init() }

    static func currency(of displayPrice: String) -> (code: String, locale: String) {
        if displayPrice.contains("€") { return ("EUR", "de_DE") }
        if displayPrice.contains("£") { return ("GBP", "en_GB") }
        if displayPrice.contains("¥") { return ("JPY", "ja_JP") }
        return ("USD", "en_US")
    }

    /// Formats the date range of one subscription period as its length: "1 month", "2 weeks"
    /// (StoreKit's `subscriptionPeriodFormatStyle` is a `Date.ComponentsFormatStyle`, which
    /// Foundation on Linux does not offer; this style takes the same input).
    public struct SubscriptionPeriodFormatStyle: FormatStyle, Hashable, Codable, Sendable {
        /// Creates the style.
        public init() {}

        /// The length of `range` in the largest whole unit: years, months, weeks or days (UTC).
        public func format(_ range: Range<Date>) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let parts = calendar.dateComponents([.year, .month, .day], from: range.lowerBound, to: range.upperBound)
            let (years, months, days) = (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            if years > 0, months == 0, days == 0 { return Self.count(years, "year") }
            if years > 0 || months > 0, days == 0 { return Self.count(years * 12 + months, "month") }
            let total = Int((range.upperBound.timeIntervalSince(range.lowerBound) / 86_400).rounded())
            return total > 0 && total % 7 == 0 ? Self.count(total / 7, "week") : Self.count(total, "day")
        }

        static func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
    }
}

extension Product.SubscriptionPeriod {
    /// The dates one period covers, starting at `referenceDate` (UTC Gregorian calendar).
    public func dateRange(referenceDate: Date = .now) -> Range<Date> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let component: Calendar.Component
        var amount = value
        switch unit {
        case .day: component = .day
        case .week: (component, amount) = (.day, value * 7)
        case .month: component = .month
        case .year: component = .year
        }
        let end = calendar.date(byAdding: component, value: amount, to: referenceDate) ?? referenceDate
        return referenceDate..<max(end, referenceDate)
    }

    /// Formats the period with a style that takes a date range, such as `subscriptionPeriodFormatStyle`.
    public func formatted<S: FormatStyle>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput
    where S.FormatInput == Range<Date> {
        format.format(dateRange(referenceDate: referenceDate))
    }

    /// Formats the period with a style that takes a duration.
    public func formatted<S: FormatStyle>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput
    where S.FormatInput == Duration {
        let range = dateRange(referenceDate: referenceDate)
        return format.format(.seconds(Int64(range.upperBound.timeIntervalSince(range.lowerBound))))
    }

    /// Every day, week, month, … as StoreKit's common periods.
    public static let weekly = Product.SubscriptionPeriod(value: 1, unit: .week)
    /// One month.
    public static let monthly = Product.SubscriptionPeriod(value: 1, unit: .month)
    /// One year.
    public static let yearly = Product.SubscriptionPeriod(value: 1, unit: .year)
    /// Three days.
    public static let everyThreeDays = Product.SubscriptionPeriod(value: 3, unit: .day)
    /// Two weeks.
    public static let everyTwoWeeks = Product.SubscriptionPeriod(value: 2, unit: .week)
    /// Two months.
    public static let everyTwoMonths = Product.SubscriptionPeriod(value: 2, unit: .month)
    /// Three months.
    public static let everyThreeMonths = Product.SubscriptionPeriod(value: 3, unit: .month)
    /// Six months.
    public static let everySixMonths = Product.SubscriptionPeriod(value: 6, unit: .month)
}

extension Product.SubscriptionPeriod: CustomDebugStringConvertible {
    /// The period as "1 month", "2 weeks".
    public var debugDescription: String {
        Product.SubscriptionPeriodFormatStyle.count(value, unit.englishName)
    }
}

extension Product.SubscriptionPeriod.Unit {
    /// The unit's name, capitalized: "Day", "Week", "Month", "Year".
    public var localizedDescription: String { englishName.capitalized }

    /// Formats the unit with a style such as `subscriptionPeriodUnitFormatStyle`.
    public func formatted<S: Foundation.FormatStyle>(_ format: S) -> S.FormatOutput where S.FormatInput == Self {
        format.format(self)
    }

    var englishName: String {
        switch self {
        case .day: return "day"
        case .week: return "week"
        case .month: return "month"
        case .year: return "year"
        }
    }

    /// Formats a unit as its lowercase English name ("month").
    public struct FormatStyle: Foundation.FormatStyle, Hashable, Codable, Sendable {
        /// Creates the style.
        public init() {}
        /// The unit's name: "day", "week", "month", "year".
        public func format(_ value: Product.SubscriptionPeriod.Unit) -> String { value.englishName }
        /// The same style: names are English whatever the locale.
        public func locale(_ locale: Locale) -> Self { self }
    }
}

extension Product.SubscriptionOffer.PaymentMode {
    /// The mode's name: "Free Trial", "Pay As You Go", "Pay Up Front".
    public var localizedDescription: String {
        switch self {
        case .freeTrial: return "Free Trial"
        case .payAsYouGo: return "Pay As You Go"
        case .payUpFront: return "Pay Up Front"
        default: return rawValue
        }
    }
}

extension Transaction.RevocationReason {
    /// The reason in words.
    public var localizedDescription: String {
        self == .developerIssue ? "The customer reported an issue with the app." : "Other reason."
    }
}
