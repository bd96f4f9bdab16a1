extension TimelineSVG {
    /// One group per lane: its name on the left, a band per track with its periods and marks.
    mutating func drawLanes() {
        for lane in timeline.lanes {
            let height = TimelineLayout.laneHeight(tracks: lane.tracks.count)
            out.append(
                "<g class=\"lane\" data-lane=\"\(Markup.escape(lane.id))\" data-products=\"\(Markup.escape(lane.products.joined(separator: " ")))\">")
            out.append(
                "<rect class=\"lane-bg\" x=\"4\" y=\"\(Markup.number(y - 5))\" width=\"\(Markup.number(layout.plotRight - 4))\" height=\"\(Markup.number(height + 10))\"/>")
            out.append("<text class=\"lane-name\" x=\"10\" y=\"\(Markup.number(y + 11))\">\(Markup.escape(lane.id))</text>")
            var subtitle = lane.kindLabel
            if lane.kindLabel == "subscription group" { subtitle = "group: " + lane.products.joined(separator: ", ") }
            if let fitted = Markup.fit(subtitle, width: TimelineLayout.labelWidth - 20) {
                out.append("<text class=\"lane-kind\" x=\"10\" y=\"\(Markup.number(y + 24))\">\(Markup.escape(fitted))</text>")
            }
            for track in lane.tracks {
                drawTrack(track, lane: lane)
                y += TimelineLayout.trackHeight + TimelineLayout.trackGap
            }
            y += TimelineLayout.laneGap - TimelineLayout.trackGap
            out.append("</g>")
        }
    }

    private mutating func drawTrack(_ track: TimelineTrack, lane: TimelineLane) {
        let h = TimelineLayout.trackHeight
        if lane.tracks.count > 1 || track.name != "own" {
            out.append(
                "<text class=\"track-name\" x=\"\(Markup.number(TimelineLayout.labelWidth + 4))\" y=\"\(Markup.number(y + 15))\" text-anchor=\"end\">\(Markup.escape(track.name))</text>")
        }
        for period in track.periods {
            let x0 = layout.x(period.from)
            let x1 = layout.x(period.to)
            let showsProduct = lane.products.count > 1 || period.product != lane.id
            let words = period.kind.label + (showsProduct ? " · \(period.product)" : "")
            let title = "\(lane.id) (\(track.name)): \(words), \(Markup.date(period.start)) to \(Markup.date(period.end))"
            let box = "x=\"\(Markup.number(x0 + 1))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(max(1, x1 - x0 - 2)))\" height=\"\(Markup.number(h))\""
            out.append("<g class=\"period p-\(period.kind.rawValue)\" data-kind=\"\(period.kind.rawValue)\">")
            out.append("<title>\(Markup.escape(title))</title>")
            out.append("<rect class=\"fill\" \(box) rx=\"3\"/>")
            out.append("<rect class=\"pattern\" \(box) rx=\"3\" fill=\"url(#pattern-\(period.kind.rawValue))\"/>")
            if let text = Markup.fit(words, width: x1 - x0 - 10) {
                out.append("<text x=\"\(Markup.number(x0 + 6))\" y=\"\(Markup.number(y + 15))\">\(Markup.escape(text))</text>")
            }
            out.append("</g>")
        }
        for mark in track.marks {
            let x = layout.x(mark.at) + 8
            let cy = y + h / 2
            out.append("<g class=\"mark\(mark.revoked ? " revoked" : "")\">")
            out.append("<title>\(Markup.escape("\(lane.id): bought \(mark.label)\(mark.revoked ? ", later refunded" : "")"))</title>")
            out.append("<path d=\"M\(Markup.number(x)) \(Markup.number(cy - 7)) l7 7 l-7 7 l-7 -7 z\"/>")
            let words = mark.label + (mark.revoked ? " refunded" : "")
            out.append("<text x=\"\(Markup.number(x + 10))\" y=\"\(Markup.number(cy + 4))\">\(Markup.escape(words))</text>")
            out.append("</g>")
        }
    }

    /// Consecutive slots of `row` with the same value, as one cell each.
    static func runs(_ row: TimelineRow) -> [(first: Int, last: Int, text: String, differs: Bool)] {
        var runs: [(first: Int, last: Int, text: String, differs: Bool)] = []
        for (i, cell) in row.cells.enumerated() {
            guard let cell else { continue }
            let differs = i < row.differs.count && row.differs[i]
            if let last = runs.last, last.last == i - 1, last.text == cell, last.differs == differs {
                runs[runs.count - 1].last = i
            } else {
                runs.append((i, i, cell, differs))
            }
        }
        return runs
    }

    /// The rows compared after each event, one cell per run of equal values; differing cells are hatched and marked ≠.
    mutating func drawRows() {
        guard !timeline.rows.isEmpty else { return }
        y += 8
        out.append(
            "<text class=\"heading\" x=\"8\" y=\"\(Markup.number(y + 4))\">compared after each event</text>")
        y += 12
        for row in timeline.rows {
            out.append(
                "<g class=\"row\" data-row=\"\(row.role.rawValue)\" data-topic=\"\(Markup.escape(row.topic))\">")
            out.append("<text class=\"row-topic\" x=\"10\" y=\"\(Markup.number(y + 11))\">\(Markup.escape(row.topic))</text>")
            out.append("<text class=\"row-title\" x=\"10\" y=\"\(Markup.number(y + 23))\">\(Markup.escape(row.title))</text>")
            for run in Self.runs(row) {
                let x0 = layout.x(Double(run.first))
                let x1 = layout.x(Double(run.last + 1))
                let differs = run.differs && row.role != .deviceClock
                let events = run.first == run.last ? "event \(run.first + 1)" : "events \(run.first + 1)–\(run.last + 1)"
                out.append(
                    "<g class=\"cell\(differs ? " differs" : "")\" data-events=\"\((run.first...run.last).map { "\($0 + 1)" }.joined(separator: " "))\">"
                        + "<title>\(Markup.escape("After \(events), \(row.topic) \(row.title): \(run.text)\(differs ? " (differs)" : "")"))</title>")
                let box = "x=\"\(Markup.number(x0 + 1))\" y=\"\(Markup.number(y + 2))\" width=\"\(Markup.number(max(1, x1 - x0 - 2)))\" height=\"\(Markup.number(TimelineLayout.rowHeight - 4))\""
                out.append("<rect \(box) rx=\"3\"/>")
                if differs { out.append("<rect class=\"hatch\" \(box) rx=\"3\" fill=\"url(#pattern-differs)\"/>") }
                if let text = Markup.fit((differs ? "≠ " : "") + run.text, width: x1 - x0 - 8) {
                    out.append("<text x=\"\(Markup.number(x0 + 5))\" y=\"\(Markup.number(y + 17))\">\(Markup.escape(text))</text>")
                }
                out.append("</g>")
            }
            out.append("</g>")
            y += TimelineLayout.rowHeight + (row.role == .reported ? 8 : 0)
        }
    }
}
