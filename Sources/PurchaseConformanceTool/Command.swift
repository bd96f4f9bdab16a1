/// One subcommand of the tool: its name, its line in the top-level help, its options, and what it
/// does with the arguments parsed against them (`--help` is answered before it runs).
struct Command: Sendable {
    /// What the user types: `check`, `replay`, ….
    let name: String
    /// The one line the top-level help gives it.
    let summary: String
    /// The options it accepts.
    let options: [OptionSpec]
    /// Runs it and returns the exit status.
    let perform: @Sendable (PurchaseConformanceTool, CommandArguments) throws -> Int32
}
