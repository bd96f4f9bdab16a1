/// Hypothesis 5.23.11's reported rows, copied from the brief's §3 tables (ShrinkingChallenge.md).
///
/// Hypothesis reports five variants. Its evaluation counts include the first failing call, so
/// they are compared with our `shrinkEvals + 1`.
enum HypothesisReference {
    struct Row {
        let markdown: String
        let medianEvaluations: Double
    }

    static let rows: [String: Row] = [
        "reverse": Row(
            markdown:
                "| Hypothesis 5.23.11 | 100 | 1 | `[0, 1]` 100% | 100% | 100% | 46.0 (23–91); med 46 | – | `pbt-libraries/hypothesis/challenges/reverse.md` (+`.json`) |",
            medianEvaluations: 46),
        "lengthlist": Row(
            markdown:
                "| Hypothesis 5.23.11 | 100 | 1 | `[900]` 100% | 100% | 100% | 85.1 (47–115); med 87 | – | `pbt-libraries/hypothesis/challenges/lengthlist.md` (+`.json`) |",
            medianEvaluations: 87),
        "bound5": Row(
            markdown:
                "| Hypothesis 5.23.11 (lists ≤ 1 element) | 100 | 1 | `([], [], [], [-1], [-32768])` 100% | 100% | 100% | 136.8 (109–253); med 132 | – | `pbt-libraries/hypothesis/challenges/bound5.md` (+`.json`) |",
            medianEvaluations: 132),
        "calculator": Row(
            markdown:
                "| Hypothesis 5.23.11 | 100 | 1 | `0/(0+0)` 100% | 100% | 100% | 341.5 (100–902); med 287 | – | `pbt-libraries/hypothesis/challenges/calculator.md` (+`.json`) |",
            medianEvaluations: 287),
        "large_union_list": Row(
            markdown:
                "| Hypothesis 5.23.11 | 100 | 1 | `[[0, 1, -1, 2, -2]]` 100% | 100% | 100% | 341.1 (213–472); med 336 | – | `pbt-libraries/hypothesis/challenges/large_union_list.md` (+`.json`) |",
            medianEvaluations: 336),
    ]

    /// The five variants Hypothesis reports (the brief's "core-5").
    static let coreFive = ["bound5", "calculator", "large_union_list", "lengthlist", "reverse"]
}
