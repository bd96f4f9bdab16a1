extension TimelineSVG {
    /// One group per lane: its name on the left, a band per track with its periods and marks.
    mutating func drawLanes() {
        for lane in timeline.lanes {
            let height = TimelineLayout.laneHeight(tracks: lane.tracks.count)
            out.append(Markup.tag("g", ["class": "lane", "data-lane": lane.id, "data-products": lane.products.joined(separator: " ")]))
            out.append(Markup.rect("lane-bg", x: 4, y: y - 5, width: layout.plotRight - 4, height: height + 10))
            out.append(Markup.text(lane.id, x: 10, y: y + 11, cls: "lane-name"))
            let subtitle = lane.kindLabel == "subscription group" ? "group: " + lane.products.joined(separator: ", ") : lane.kindLabel
            if let fitted = Markup.fit(subtitle, width: TimelineLayout.labelWidth - 20) {
                out.append(Markup.text(fitted, x: 10, y: y + 24, cls: "lane-kind"))
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
            out.append(Markup.text(track.name, x: TimelineLayout.labelWidth + 4, y: y + 15, cls: "track-name", anchor: "end"))
        }
        for period in track.periods {
            let x0 = layout.x(period.from)
            let x1 = layout.x(period.to)
            let showsProduct = lane.products.count > 1 || period.product != lane.id
            let words = period.kind.label + (showsProduct ? " · \(period.product)" : "")
            let title = "\(lane.id) (\(track.name)): \(words), \(Markup.date(period.start)) to \(Markup.date(period.end))"
            out.append(Markup.tag("g", ["class": "period p-\(period.kind.rawValue)", "data-kind": period.kind.rawValue]))
            out.append("<title>\(Markup.escape(title))</title>")
            out.append(Markup.rect("fill", x: x0 + 1, y: y, width: x1 - x0 - 2, height: h))
            out.append(Markup.rect("pattern", x: x0 + 1, y: y, width: x1 - x0 - 2, height: h, fill: "url(#pattern-\(period.kind.rawValue))"))
            if let text = Markup.fit(words, width: x1 - x0 - 10) {
                out.append(Markup.text(text, x: x0 + 6, y: y + 15))
            }
            out.append("</g>")
        }
        for mark in track.marks {
            let x = layout.x(mark.at) + 8
            let cy = y + h / 2
            out.append("<g class=\"mark\(mark.revoked ? " revoked" : "")\">")
            out.append("<title>\(Markup.escape("\(lane.id): bought \(mark.label)\(mark.revoked ? ", later refunded" : "")"))</title>")
            out.append("<path d=\"M\(Markup.number(x)) \(Markup.number(cy - 7)) l7 7 l-7 7 l-7 -7 z\"/>")
            out.append(Markup.text(mark.label + (mark.revoked ? " refunded" : ""), x: x + 10, y: cy + 4))
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

    /// The rows compared after each event, one cell per run of equal values; differing cells
    /// are hatched and marked ≠.
    mutating func drawRows() {
        guard !timeline.rows.isEmpty else { return }
        y += 8
        out.append(Markup.text("compared after each event", x: 8, y: y + 4, cls: "heading"))
        y += 12
        for row in timeline.rows {
            out.append(Markup.tag("g", ["class": "row", "data-row": row.role.rawValue, "data-topic": row.topic]))
            out.append(Markup.text(row.topic, x: 10, y: y + 11, cls: "row-topic"))
            out.append(Markup.text(row.title, x: 10, y: y + 23, cls: "row-title"))
            for run in Self.runs(row) {
                let x0 = layout.x(Double(run.first))
                let x1 = layout.x(Double(run.last + 1))
                let differs = run.differs && row.role != .deviceClock
                let events = run.first == run.last ? "event \(run.first + 1)" : "events \(run.first + 1)–\(run.last + 1)"
                let numbers = (run.first...run.last).map { "\($0 + 1)" }.joined(separator: " ")
                out.append(Markup.tag("g", ["class": differs ? "cell differs" : "cell", "data-events": numbers]))
                out.append("<title>\(Markup.escape("After \(events), \(row.topic) \(row.title): \(run.text)\(differs ? " (differs)" : "")"))</title>")
                let height = TimelineLayout.rowHeight - 4
                out.append(Markup.rect(nil, x: x0 + 1, y: y + 2, width: x1 - x0 - 2, height: height))
                if differs {
                    out.append(Markup.rect("hatch", x: x0 + 1, y: y + 2, width: x1 - x0 - 2, height: height, fill: "url(#pattern-differs)"))
                }
                if let text = Markup.fit((differs ? "≠ " : "") + run.text, width: x1 - x0 - 8) {
                    out.append(Markup.text(text, x: x0 + 5, y: y + 17))
                }
                out.append("</g>")
            }
            out.append("</g>")
            y += TimelineLayout.rowHeight + (row.role == .reported ? 8 : 0)
        }
    }
}
