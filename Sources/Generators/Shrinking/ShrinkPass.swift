/// The shrink passes, in the order every round runs them.
enum ShrinkPass: Int, CaseIterable, Sendable {
    case removeDiscarded
    case deleteSpanRuns
    case deleteSpans
    case zeroSpans
    case replaceWithDescendant
    case reorderSpans
    case redistributePairs
    case minimizeChoices
    case minimizeDuplicates
    case lowerPairs
    case mergeSpans
    case deleteChoiceRuns
    case lowerAndRechoose

    var name: String {
        switch self {
        case .removeDiscarded: "remove discarded spans"
        case .deleteSpanRuns: "delete span runs"
        case .deleteSpans: "delete single spans"
        case .zeroSpans: "zero spans"
        case .replaceWithDescendant: "replace span with descendant"
        case .deleteChoiceRuns: "delete choice runs"
        case .minimizeChoices: "minimize single choices"
        case .minimizeDuplicates: "minimize duplicated choices"
        case .lowerPairs: "lower pairs together"
        case .reorderSpans: "sort sibling spans"
        case .redistributePairs: "redistribute between integers"
        case .mergeSpans: "merge same-label spans"
        case .lowerAndRechoose: "lower a choice and re-choose a later item's lead"
        }
    }
}
