/// A timeline as one self-contained HTML page: inline SVG and CSS, no scripts, no fetched
/// fonts or images, light and dark. The same timeline always gives the same bytes.
public struct TimelineHTML: Hashable, Sendable {
    /// The timeline drawn.
    public var timeline: Timeline

    /// Wraps `timeline`.
    public init(_ timeline: Timeline) { self.timeline = timeline }

    /// The page's version, written in a `<meta>` tag so tools can tell pages apart.
    public static let format = "purchase-conformance-timeline/1"

    /// The whole page.
    public var rendered: String {
        let t = timeline
        var html = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"color-scheme\" content=\"light dark\">",
            "<meta name=\"generator\" content=\"\(Self.format)\">",
            "<title>\(Markup.escape(t.verdict))</title>",
            "<style>", TimelineStyle.css, "</style>",
            "</head>",
            "<body>",
            "<main>",
            "<header>",
            "<h1>\(Markup.escape(t.verdict))</h1>",
        ]
        if let rule = t.rule { html.append("<p>Rule: \(Markup.escape(rule))</p>") }
        var facts = ["Subject: \(t.subject)", "\(t.events.count) event\(t.events.count == 1 ? "" : "s")"]
        if let first = t.events.first, let last = t.events.last(where: \.ran) {
            facts.append("store clock \(Markup.date(first.start)) to \(Markup.date(last.end)) (UTC)")
        }
        html.append("<p class=\"muted\">\(Markup.escape(facts.joined(separator: " · ")))</p>")
        html.append("</header>")
        html.append("<figure>")
        html.append("<div class=\"scroll\">")
        html.append(TimelineSVG(t).rendered())
        html.append("</div>")
        html.append("<figcaption>")
        html.append(legend)
        html.append(
            "<p class=\"muted\">Each event owns a column: an instant event's column shows the state after it; a time advance "
                + "spreads its span of store time across its (log-scaled) column. The rows at the bottom are what the checks "
                + "compared after each event; hatched cells marked ≠ differ.</p>")
        html.append("</figcaption>")
        html.append("</figure>")
        html.append("<h2>Events</h2>")
        html.append("<ol class=\"events\">")
        for e in t.events {
            let diverged = t.divergedAt == e.number - 1
            let cls = diverged ? " class=\"diverged\"" : (e.ran ? "" : " class=\"not-run\"")
            let note = diverged ? " ← diverged here" : (e.ran ? "" : " (did not run: the replay stops at the first failure)")
            html.append("<li\(cls) data-event=\"\(e.number)\"><code>\(Markup.escape(e.text))</code>\(Markup.escape(note))</li>")
        }
        html.append("</ol>")
        html.append("<h2>Report</h2>")
        html.append("<pre>\(Markup.escape(t.report))</pre>")
        html += ["</main>", "</body>", "</html>", ""]
        return html.joined(separator: "\n")
    }

    /// One swatch per state that appears, plus the differing cell, each with its words.
    private var legend: String {
        var kinds: [PeriodKind] = []
        for lane in timeline.lanes {
            for track in lane.tracks { for p in track.periods where !kinds.contains(p.kind) { kinds.append(p.kind) } }
        }
        let shown = PeriodKind.allCases.filter { kinds.contains($0) }
        var items: [String] = []
        for kind in shown {
            items.append(
                "<li><svg width=\"30\" height=\"14\" aria-hidden=\"true\"><g class=\"period p-\(kind.rawValue)\">"
                    + "<rect class=\"fill\" x=\"1\" y=\"1\" width=\"28\" height=\"12\" rx=\"3\"/>"
                    + "<rect class=\"pattern\" x=\"1\" y=\"1\" width=\"28\" height=\"12\" rx=\"3\" fill=\"url(#pattern-\(kind.rawValue))\"/>"
                    + "</g></svg>\(Markup.escape(kind.label))</li>")
        }
        if timeline.lanes.contains(where: { $0.tracks.contains { !$0.marks.isEmpty } }) {
            items.append("<li><svg width=\"16\" height=\"16\" aria-hidden=\"true\"><g class=\"mark\"><path d=\"M8 1 l7 7 l-7 7 l-7 -7 z\"/></g></svg>consumable bought</li>")
        }
        items.append(
            "<li><svg width=\"30\" height=\"14\" aria-hidden=\"true\"><g class=\"cell differs\"><rect x=\"1\" y=\"1\" width=\"28\" height=\"12\" rx=\"3\"/>"
                + "<rect x=\"1\" y=\"1\" width=\"28\" height=\"12\" rx=\"3\" fill=\"url(#pattern-differs)\"/></g></svg>≠ model and app differ</li>")
        if timeline.divergedAt != nil {
            items.append(
                "<li><svg width=\"18\" height=\"18\" aria-hidden=\"true\"><g class=\"marker diverged\"><rect x=\"4\" y=\"4\" width=\"10\" height=\"10\" transform=\"rotate(45 9 9)\"/></g></svg>the event after which the checks failed</li>")
        }
        return "<ul class=\"legend\">" + items.joined() + "</ul>"
    }
}

extension StoreFailureReport {
    /// The failure's timeline as a self-contained HTML page (see `TimelineHTML`).
    public func timelineHTML(subject: String) -> String {
        TimelineHTML(St.timeline(self, subject: subject)).rendered
    }

    /// A file name for the failure's artifacts: its saved file's name without `.json`, or its check.
    public var artifactName: String {
        guard let saved = savedPath ?? replayedFrom else { return check.rawValue }
        let file = saved.split(separator: "/").last.map(String.init) ?? saved
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }
}
