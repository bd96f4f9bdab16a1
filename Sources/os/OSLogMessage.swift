#if !canImport(Darwin)
    /// A log message written with string interpolation (a stand-in for the unified log's).
    ///
    /// Interpolations take the unified log's options — `privacy:`, `format:`, `align:` — and
    /// render the value as plain text; `rendered` is what the message would say.
    public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
        /// The text with every interpolation rendered.
        public let rendered: String

        /// A message without interpolations.
        public init(stringLiteral value: String) { self.rendered = value }

        /// A message with interpolations.
        public init(stringInterpolation: OSLogInterpolation) { self.rendered = stringInterpolation.text }
    }

    /// Builds an `OSLogMessage`, accepting the unified log's interpolation options.
    public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        /// Reserves room for the literal text.
        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }

        /// Appends literal text.
        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Appends any value, as `String(describing:)` does.
        public mutating func appendInterpolation<T>(
            _ value: @autoclosure () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) {
            text += String(describing: value())
        }

        /// Appends an integer with a format (`\(count, format: .hex)` renders decimal here).
        public mutating func appendInterpolation<T: BinaryInteger>(
            _ value: @autoclosure () -> T, format: OSLogIntegerFormatting, align: OSLogStringAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) {
            text += String(value())
        }

        /// Appends a floating-point value with a format.
        public mutating func appendInterpolation<T: BinaryFloatingPoint & CustomStringConvertible>(
            _ value: @autoclosure () -> T, format: OSLogFloatFormatting, align: OSLogStringAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) {
            text += value().description
        }
    }

    /// Whether an interpolated value may appear in the log.
    public struct OSLogPrivacy: Equatable, Sendable {
        /// How a private value is masked.
        public struct Mask: Equatable, Sendable {
            let name: String
            /// Replaced by a hash of the value.
            public static let hash = Mask(name: "hash")
            /// Not masked.
            public static let none = Mask(name: "none")
        }

        let name: String
        /// The system decides (dynamic strings are private).
        public static let auto = OSLogPrivacy(name: "auto")
        /// Shown.
        public static let `public` = OSLogPrivacy(name: "public")
        /// Redacted.
        public static let `private` = OSLogPrivacy(name: "private")
        /// Redacted, also in a sysdiagnose.
        public static let sensitive = OSLogPrivacy(name: "sensitive")

        /// Redacted with a mask.
        public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(name: "private") }
        /// The system decides, with a mask.
        public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
        /// Redacted, also in a sysdiagnose, with a mask.
        public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
    }

    /// How an interpolated integer is formatted.
    public struct OSLogIntegerFormatting: Sendable {
        /// Decimal.
        public static let decimal = OSLogIntegerFormatting()
        /// Hexadecimal.
        public static let hex = OSLogIntegerFormatting()
        /// Octal.
        public static let octal = OSLogIntegerFormatting()
        /// Decimal, with options.
        public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .decimal }
        /// Hexadecimal, with options.
        public static func hex(explicitPrefix: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .hex }
    }

    /// How an interpolated floating-point value is formatted.
    public struct OSLogFloatFormatting: Sendable {
        /// Fixed notation.
        public static let fixed = OSLogFloatFormatting()
        /// Exponential notation.
        public static let exponential = OSLogFloatFormatting()
        /// Fixed or exponential, whichever is shorter.
        public static let hybrid = OSLogFloatFormatting()
        /// Fixed notation with a precision.
        public static func fixed(precision: @escaping @autoclosure () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting { .fixed }
    }

    /// How an interpolated value is padded.
    public struct OSLogStringAlignment: Sendable {
        /// No padding.
        public static let none = OSLogStringAlignment()
        /// Padded on the left to a column width.
        public static func right(columns: @escaping @autoclosure () -> Int) -> OSLogStringAlignment { .none }
        /// Padded on the right to a column width.
        public static func left(columns: @escaping @autoclosure () -> Int) -> OSLogStringAlignment { .none }
    }
#endif
