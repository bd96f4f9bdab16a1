import PurchaseStateMachine

extension SubjectRunner {
    /// A subject in another process, started from `command` (an argument vector, no shell).
    static func external(command: String, timeout: Double, catalog: Catalog) throws -> SubjectRunner {
        throw UsageError("--exec: subjects in other processes are being connected (\(command))", command: "check")
    }
}
