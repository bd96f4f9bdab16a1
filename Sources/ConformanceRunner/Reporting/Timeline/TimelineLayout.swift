import Foundation
import PurchaseStateMachine

/// Where a timeline's slots fall horizontally, and its fixed vertical measures.
///
/// An instantaneous event gets a narrow slot; an `advanceTime` a wider one that grows with the
/// logarithm of its length (a year is wider than a day, but not 365 times wider), so short and
/// long histories both read at 1280 px. Inside a slot, store time is linear.
struct TimelineLayout {
    /// The width of the whole picture.
    let width: Double
    /// Where slots start (after the lane labels).
    let plotLeft: Double
    /// The left edge of each slot, plus the right edge of the last.
    let edges: [Double]

    static let labelWidth = 200.0
    static let preferredPlotWidth = 950.0
    static let minimumSlot = 44.0
    static let divergedSlot = 130.0
    static let markerRow = 46.0
    static let dateRow = 86.0
    static let lanesTop = 112.0
    static let trackHeight = 22.0
    static let trackGap = 4.0
    static let laneGap = 14.0
    static let rowHeight = 26.0

    init(events: [TimelineEvent], divergedAt: Int?) {
        let ran = events.filter(\.ran)
        let weights = ran.map { e -> Double in
            let days = Double(e.start.seconds(to: e.end)) / 86_400
            return days > 0 ? 2 + 1.2 * log2(1 + days) : 1.6
        }
        let total = max(1, weights.reduce(0, +))
        var edges = [Self.labelWidth + 10]
        for (i, w) in weights.enumerated() {
            let least = i == divergedAt ? Self.divergedSlot : Self.minimumSlot * (w > 1.6 ? 2 : 1)
            let slot = max(least, Self.preferredPlotWidth * w / total)
            edges.append((edges.last ?? 0) + slot)
        }
        self.edges = edges
        plotLeft = Self.labelWidth + 10
        width = max(Self.labelWidth + 10 + Self.preferredPlotWidth, edges.last ?? 0) + 50
    }

    /// The x of a position in slots.
    func x(_ position: Double) -> Double {
        guard edges.count > 1 else { return plotLeft }
        let i = min(max(0, Int(position.rounded(.down))), edges.count - 2)
        let fraction = min(1, max(0, position - Double(i)))
        return edges[i] + fraction * (edges[i + 1] - edges[i])
    }

    /// The right end of the plot.
    var plotRight: Double { edges.last ?? plotLeft }

    /// The height of a lane with `tracks` tracks.
    static func laneHeight(tracks: Int) -> Double { Double(tracks) * (trackHeight + trackGap) - trackGap }
}

/// Text made safe for HTML and SVG, and numbers written the same way on every machine.
enum Markup {
    /// Escapes `&`, `<`, `>`, `"` and `'`.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// An element's opening tag (self-closing when `empty`), attributes in the order given, values escaped.
    static func tag(_ name: String, _ attributes: KeyValuePairs<String, String>, empty: Bool = false) -> String {
        var out = "<" + name
        for (key, value) in attributes { out += " \(key)=\"\(escape(value))\"" }
        return out + (empty ? "/>" : ">")
    }

    /// A `<rect>` with the given class, position and size.
    static func rect(_ cls: String?, x: Double, y: Double, width: Double, height: Double, fill: String? = nil) -> String {
        var out = "<rect" + (cls.map { " class=\"\($0)\"" } ?? "")
        out += " x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(max(1, width)))\" height=\"\(number(height))\" rx=\"3\""
        return out + (fill.map { " fill=\"\($0)\"" } ?? "") + "/>"
    }

    /// A `<text>` element at (`x`, `y`) holding `content`, escaped.
    static func text(_ content: String, x: Double, y: Double, cls: String? = nil, anchor: String? = nil) -> String {
        var out = "<text" + (cls.map { " class=\"\($0)\"" } ?? "") + " x=\"\(number(x))\" y=\"\(number(y))\""
        if let anchor { out += " text-anchor=\"\(anchor)\"" }
        return out + ">" + escape(content) + "</text>"
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// `text` cut to about `width` pixels of 11 px text, with an ellipsis when cut.
    static func fit(_ text: String, width: Double) -> String? {
        let room = Int(width / 6.6)
        guard room >= 2 else { return nil }
        guard text.count > room else { return text }
        return String(text.prefix(room - 1)) + "…"
    }

    /// A store time as people read it: the date, and the time of day when it is not midnight.
    static func date(_ instant: Instant) -> String {
        let iso = instant.iso8601
        let day = String(iso.prefix(10))
        let time = iso.dropFirst(11).prefix(5)
        return time == "00:00" ? day : "\(day) \(time)"
    }
}
