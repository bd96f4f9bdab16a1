import Foundation

/// The machine's active processor count, read once.
enum ProcessInfoCores {
    static let count = ProcessInfo.processInfo.activeProcessorCount
}
