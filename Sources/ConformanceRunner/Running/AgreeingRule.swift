/// One fast-path evaluation and the facts it waits for (a struct, not a tuple: an array of tuples
/// stores the function at its most general form and every call went through a thunk).
struct AgreeingRule: Sendable {
    let facts: AgreeingFacts
    let evaluate: AgreeingEvaluation
}
