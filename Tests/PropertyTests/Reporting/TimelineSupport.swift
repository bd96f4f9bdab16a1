import ConformanceRunner
import Foundation
import PurchaseStateMachine

/// Reads the structure back out of a rendered timeline page: the `data-` attributes the SVG
/// carries for tools and tests.
struct TimelinePage {
    let html: String

    /// Every value of `attribute` on elements whose class list starts with `className`, in order.
    func values(of attribute: String, onClass className: String) -> [String] {
        var out: [String] = []
        for piece in html.components(separatedBy: "<g class=\"\(className)").dropFirst() {
            guard let tagEnd = piece.firstIndex(of: ">") else { continue }
            let tag = piece[..<tagEnd]
            guard let start = tag.range(of: " \(attribute)=\"") else { continue }
            let rest = tag[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            out.append(String(rest[..<end]))
        }
        return out
    }

    /// The numbers of the event markers.
    var markers: [Int] { values(of: "data-event", onClass: "marker").compactMap(Int.init) }
    /// The number of the marker flagged as diverging.
    var divergedMarkers: [Int] { values(of: "data-event", onClass: "marker diverged").compactMap(Int.init) }
    /// The products each lane covers.
    var laneProducts: [[String]] { values(of: "data-products", onClass: "lane").map { $0.split(separator: " ").map(String.init) } }
    /// The rows: role and topic.
    var rows: [String] {
        zip(values(of: "data-row", onClass: "row"), values(of: "data-topic", onClass: "row")).map { "\($0.0)/\($0.1)" }
    }
}

enum TimelineFixtures {
    /// The saved example and bench failures (`Tests/RegressionCorpus/Cases`), App Store ones only (timelines draw those).
    static var corpus: [String] {
        let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RegressionCorpus/Cases").path
        return (HistoryFile.historyFiles(in: folder) ?? []).filter { !HistoryFile.isPlay($0) }
    }

    /// The products a history touches, found without the renderer: purchased, shared, or in a transaction.
    static func products(of history: History, upTo count: Int) -> [String] {
        var ids: [String] = []
        var model = history.makeModel()
        var effects = StepEffects()
        for event in history.events.prefix(count) {
            switch event {
            case .purchase(let p): ids.append(p.product)
            case .familyShare(let id), .familyUnshare(let id): ids.append(id)
            default: break
            }
            try? model.apply(event, into: &effects)
        }
        for n in 0..<model.state.transactionCount {
            if let t = model.state.transaction(UInt64(n + 1)) { ids.append(t.productID) }
        }
        return Array(Set(ids)).sorted()
    }
}
