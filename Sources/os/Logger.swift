// The module named `os` where Apple's does not exist (Package.swift declares it only there), so a
// store class that logs with `import os` / `import OSLog` — `Logger`, `os_log` — compiles
// unchanged. Messages are built (their interpolations run, as on Apple platforms when the level
// is enabled) and dropped: the simulation keeps no log, so output stays byte-identical per seed.
#if !canImport(Darwin)
    /// Writes messages to the unified log (a stand-in that drops them).
    public struct Logger: Sendable {
        /// A logger for the default subsystem.
        public init() {}
        /// A logger for a subsystem and category.
        public init(subsystem: String, category: String) {}
        /// A logger that writes to an `OSLog` handle.
        public init(_ log: OSLog) {}

        /// Logs a message at the default level.
        public func log(_ message: OSLogMessage) {}
        /// Logs a message at the given level.
        public func log(level: OSLogType, _ message: OSLogMessage) {}
        /// Logs a trace message (debug level).
        public func trace(_ message: OSLogMessage) {}
        /// Logs a debug message.
        public func debug(_ message: OSLogMessage) {}
        /// Logs an informational message.
        public func info(_ message: OSLogMessage) {}
        /// Logs a notice (default level).
        public func notice(_ message: OSLogMessage) {}
        /// Logs a warning (error level).
        public func warning(_ message: OSLogMessage) {}
        /// Logs an error.
        public func error(_ message: OSLogMessage) {}
        /// Logs a critical message (fault level).
        public func critical(_ message: OSLogMessage) {}
        /// Logs a fault.
        public func fault(_ message: OSLogMessage) {}
    }

    /// A log handle for `os_log` and `Logger(_:)` (a stand-in).
    public final class OSLog: Sendable {
        /// A handle for a subsystem and category.
        public init(subsystem: String, category: String) {}
        private init() {}
        /// The default handle.
        public static let `default` = OSLog()
        /// A handle whose messages are never written.
        public static let disabled = OSLog()
    }

    /// The level of a log message.
    public struct OSLogType: Equatable, Sendable, RawRepresentable {
        /// The underlying value, as in `os/log.h`.
        public let rawValue: UInt8
        /// Wraps a raw level.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The default level.
        public static let `default` = OSLogType(rawValue: 0x00)
        /// Informational messages.
        public static let info = OSLogType(rawValue: 0x01)
        /// Debug messages.
        public static let debug = OSLogType(rawValue: 0x02)
        /// Errors.
        public static let error = OSLogType(rawValue: 0x10)
        /// Faults.
        public static let fault = OSLogType(rawValue: 0x11)
    }

    /// Logs a message built by interpolation (`os_log(.info, "bought \(id)")`); dropped.
    public func os_log(
        _ type: OSLogType = .default, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
        _ message: OSLogMessage
    ) {}

    /// Logs a printf-style message (`os_log("bought %{public}s", id)`); dropped.
    public func os_log(
        _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default,
        type: OSLogType = .default, _ args: Any...
    ) {}

    /// Logs a printf-style message at a level (`os_log(.debug, "bought %{public}s", id)`); dropped.
    public func os_log(
        _ type: OSLogType, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, _ message: StaticString,
        _ args: Any...
    ) {}
#endif
