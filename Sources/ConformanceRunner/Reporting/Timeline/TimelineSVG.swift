import PurchaseStateMachine

/// Draws a `Timeline` as inline SVG: event markers, the date axis, one lane per product or
/// group, and the rows compared after each event. Every element carries text (a label or a
/// `<title>`) and every state a pattern as well as a colour.
struct TimelineSVG {
    let timeline: Timeline
    let layout: TimelineLayout
    var out: [String] = []
    var y = TimelineLayout.lanesTop

    init(_ timeline: Timeline) {
        self.timeline = timeline
        layout = TimelineLayout(events: timeline.events, divergedAt: timeline.divergedAt)
    }

    /// The `<svg>` element.
    func rendered() -> String {
        var copy = self
        return copy.draw()
    }

    private mutating func draw() -> String {
        drawLanes()
        drawRows()
        let height = y + 16
        let lanesAndRows = out
        out = []
        drawDivergence(height: height)
        drawSlotGrid(height: height)
        drawMarkers()
        drawDates()
        let w = Markup.number(layout.width)
        let h = Markup.number(height)
        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" role=\"img\" width=\"\(w)\" height=\"\(h)\" "
                + "viewBox=\"0 0 \(w) \(h)\" aria-labelledby=\"timeline-title timeline-desc\">",
            "<title id=\"timeline-title\">\(Markup.escape(timeline.verdict))</title>",
            "<desc id=\"timeline-desc\">\(Markup.escape(TimelineDescription(timeline).text))</desc>",
            TimelineStyle.patterns,
        ]
        svg += out
        svg += lanesAndRows
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    var ranCount: Int { timeline.events.filter(\.ran).count }

    private mutating func drawSlotGrid(height: Double) {
        out.append("<g class=\"grid\" aria-hidden=\"true\">")
        for edge in layout.edges {
            let x = Markup.number(edge)
            out.append("<line x1=\"\(x)\" y1=\"\(Markup.number(TimelineLayout.dateRow - 14))\" x2=\"\(x)\" y2=\"\(Markup.number(height - 8))\"/>")
        }
        out.append("</g>")
    }

    private mutating func drawDivergence(height: Double) {
        guard let at = timeline.divergedAt, at < ranCount else { return }
        let x0 = layout.x(Double(at))
        let x1 = layout.x(Double(at + 1))
        out.append(
            "<rect class=\"diverged-band\" x=\"\(Markup.number(x0))\" y=\"18\" width=\"\(Markup.number(x1 - x0))\" "
                + "height=\"\(Markup.number(height - 26))\"><title>The checks failed after event \(at + 1)</title></rect>")
        out.append(Markup.text("diverged after \(at + 1)", x: (x0 + x1) / 2, y: 14, cls: "diverged-label", anchor: "middle"))
    }

    private mutating func drawMarkers() {
        let cy = TimelineLayout.markerRow
        out.append("<text class=\"heading\" x=\"8\" y=\"\(Markup.number(cy + 4))\">events</text>")
        for event in timeline.events where event.ran {
            let i = Double(event.number - 1)
            let advance = event.end > event.start
            let cx = advance ? layout.x(i + 0.5) : layout.x(i)
            let diverged = timeline.divergedAt == event.number - 1
            var title = "\(event.number). \(event.text)"
            if !event.failedChecks.isEmpty { title += " — failed: \(event.failedChecks.joined(separator: ", "))" }
            out.append(
                "<g class=\"marker\(diverged ? " diverged" : "")\" data-event=\"\(event.number)\""
                    + "\(diverged ? " data-diverged=\"true\"" : "") data-kind=\"\(event.kind)\">")
            out.append("<title>\(Markup.escape(title))</title>")
            if advance {
                let a = Markup.number(layout.x(i) + 3)
                let b = Markup.number(layout.x(i + 1) - 3)
                out.append("<path class=\"span\" d=\"M\(a) \(Markup.number(cy + 8)) V\(Markup.number(cy)) H\(b) V\(Markup.number(cy + 8))\"/>")
            }
            if diverged {
                let (x, y) = (Markup.number(cx), Markup.number(cy))
                out.append("<rect x=\"\(Markup.number(cx - 13))\" y=\"\(Markup.number(cy - 13))\" width=\"26\" height=\"26\" transform=\"rotate(45 \(x) \(y))\"/>")
            } else {
                out.append("<circle cx=\"\(Markup.number(cx))\" cy=\"\(Markup.number(cy))\" r=\"11\"/>")
            }
            out.append(Markup.text("\(event.number)", x: cx, y: cy + 4, anchor: "middle"))
            if advance, let label = Markup.fit(Self.spanLabel(event.text), width: layout.x(i + 1) - layout.x(i) - 40) {
                out.append(Markup.text(label, x: cx + 16, y: cy - 4, cls: "span-label"))
            }
            out.append("</g>")
        }
    }

    /// `advanceTime(P10D)` written as `+P10D`.
    static func spanLabel(_ text: String) -> String {
        guard text.hasPrefix("advanceTime("), text.hasSuffix(")") else { return text }
        return "+" + text.dropFirst("advanceTime(".count).dropLast()
    }

    private mutating func drawDates() {
        out.append("<g class=\"dates\">")
        out.append("<text class=\"heading\" x=\"8\" y=\"\(Markup.number(TimelineLayout.dateRow + 4))\">store clock (UTC)</text>")
        var lastX = -1_000.0
        var lastText = ""
        var inside: [(Double, Instant)] = []
        for lane in timeline.lanes {
            for track in lane.tracks {
                for p in track.periods where p.from != p.from.rounded(.down) { inside.append((p.from, p.start)) }
            }
        }
        for event in timeline.events where event.ran {
            let i = Double(event.number - 1)
            let within = inside.filter { $0.0 > i && $0.0 < i + 1 }.sorted { $0.0 < $1.0 }
            for (position, instant) in [(i, event.start)] + within + [(i + 1, event.end)] {
                let text = Markup.date(instant)
                let x = layout.x(position)
                guard text != lastText, x - lastX >= 78 || lastText.isEmpty else { continue }
                out.append(Markup.text(text, x: x, y: TimelineLayout.dateRow + 4, anchor: "middle"))
                lastX = x
                lastText = text
            }
        }
        out.append("</g>")
    }
}
