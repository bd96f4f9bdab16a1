/// The picture in words, for the SVG's `<desc>` (what a screen reader reads).
struct TimelineDescription {
    /// The sentences.
    let text: String

    init(_ timeline: Timeline) {
        var sentences: [String] = []
        let ran = timeline.events.filter(\.ran)
        sentences.append("\(ran.count) of \(timeline.events.count) events ran against \(timeline.subject).")
        if let at = timeline.divergedAt {
            sentences.append("The checks failed after event \(at + 1), \(timeline.events[at].text).")
        }
        for lane in timeline.lanes {
            var parts: [String] = []
            for track in lane.tracks {
                for p in track.periods {
                    parts.append("\(track.name) \(p.kind.label) (\(p.product)) \(Markup.date(p.start)) to \(Markup.date(p.end))")
                }
                for m in track.marks { parts.append("bought \(m.label)\(m.revoked ? ", refunded" : "")") }
            }
            sentences.append("Lane \(lane.id), \(lane.kindLabel): " + (parts.isEmpty ? "nothing happened" : parts.joined(separator: "; ")) + ".")
        }
        for row in timeline.rows {
            let cells = row.cells.enumerated().compactMap { i, cell in cell.map { "after \(i + 1): \($0)" } }
            guard !cells.isEmpty else { continue }
            sentences.append("\(row.topic), \(row.title): " + cells.joined(separator: "; ") + ".")
        }
        text = sentences.joined(separator: " ")
    }
}
