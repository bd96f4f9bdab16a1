/// The timeline page's stylesheet and SVG patterns: light and dark colours
/// (`prefers-color-scheme`), and a pattern per state so no state is told by colour alone.
enum TimelineStyle {
    /// The `<defs>` holding one pattern per period kind, plus the hatch of a differing cell.
    static let patterns = """
        <defs>
        <pattern id="pattern-subscribed" width="8" height="8" patternUnits="userSpaceOnUse"></pattern>
        <pattern id="pattern-owned" width="8" height="8" patternUnits="userSpaceOnUse"><circle class="ink" cx="4" cy="4" r="1"/></pattern>
        <pattern id="pattern-grace" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect class="ink" width="3" height="8"/></pattern>
        <pattern id="pattern-billingRetry" width="8" height="8" patternUnits="userSpaceOnUse"><path class="ink-line" d="M0 0 L8 8 M8 0 L0 8"/></pattern>
        <pattern id="pattern-expired" width="10" height="10" patternUnits="userSpaceOnUse"><path class="ink-line" d="M0 5 H4"/></pattern>
        <pattern id="pattern-revoked" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect class="ink" width="2" height="6"/></pattern>
        <pattern id="pattern-pending" width="8" height="8" patternUnits="userSpaceOnUse"><circle class="ink" cx="2" cy="2" r="1.2"/><circle class="ink" cx="6" cy="6" r="1.2"/></pattern>
        <pattern id="pattern-shared" width="8" height="6" patternUnits="userSpaceOnUse"><rect class="ink" width="8" height="2"/></pattern>
        <pattern id="pattern-awaitingPayment" width="8" height="8" patternUnits="userSpaceOnUse"><circle class="ink" cx="2" cy="2" r="1.2"/><circle class="ink" cx="6" cy="6" r="1.2"/></pattern>
        <pattern id="pattern-consumed" width="10" height="10" patternUnits="userSpaceOnUse"><circle class="ink" cx="5" cy="5" r="0.8"/></pattern>
        <pattern id="pattern-onHold" width="8" height="8" patternUnits="userSpaceOnUse"><path class="ink-line" d="M0 0 L8 8 M8 0 L0 8"/></pattern>
        <pattern id="pattern-paused" width="8" height="8" patternUnits="userSpaceOnUse"><rect class="ink" x="2" width="1.5" height="8"/><rect class="ink" x="5" width="1.5" height="8"/></pattern>
        <pattern id="pattern-canceled" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect class="ink" width="1.5" height="8"/></pattern>
        <pattern id="pattern-replaced" width="10" height="10" patternUnits="userSpaceOnUse"><path class="ink-line" d="M0 5 H10"/></pattern>
        <pattern id="pattern-differs" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect class="ink-alert" width="2" height="7"/></pattern>
        </defs>
        """

    /// The page's CSS.
    static let css = """
        :root { color-scheme: light dark;
          --bg: #ffffff; --fg: #1d1d1f; --muted: #5f6368; --grid: #d8d8de; --lane: #f5f5f7; --cell: #eef0f3;
          --subscribed: #2e7d32; --owned: #1f5fbf; --grace: #e0a100; --billingRetry: #e65100; --expired: #9aa0a6;
          --revoked: #c62828; --pending: #7b3fb3; --shared: #00838f; --alert: #d32f2f; --alert-bg: #fdecea;
          --paused: #6d4c41; --canceled: #689f38;
          --ink: rgba(255,255,255,0.55); --band: rgba(211,47,47,0.09); }
        @media (prefers-color-scheme: dark) { :root {
          --bg: #161618; --fg: #ececf1; --muted: #a1a1aa; --grid: #3a3a40; --lane: #202024; --cell: #2a2a30;
          --subscribed: #5cb860; --owned: #5b9bf0; --grace: #f2c037; --billingRetry: #ff8a3d; --expired: #7c8187;
          --revoked: #ff5c5c; --pending: #b07ee6; --shared: #26c6da; --alert: #ff6b6b; --alert-bg: #3b1f1f;
          --paused: #bcaaa4; --canceled: #9ccc65;
          --ink: rgba(0,0,0,0.45); --band: rgba(255,107,107,0.13); } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 14px/1.45 -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1260px; margin: 0 auto; padding: 20px 10px 40px; }
        h1 { font-size: 20px; margin: 0 0 6px; }
        h2 { font-size: 16px; margin: 24px 0 8px; }
        p { margin: 4px 0; }
        .muted { color: var(--muted); }
        .scroll { overflow-x: auto; border: 1px solid var(--grid); border-radius: 8px; background: var(--bg); }
        svg.timeline { display: block; font-size: 11px; font-family: inherit; }
        svg.timeline text { fill: var(--fg); }
        .heading { font-weight: 600; fill: var(--muted) !important; text-transform: uppercase; letter-spacing: 0.04em; font-size: 10px; }
        .grid line { stroke: var(--grid); stroke-width: 1; stroke-dasharray: 2 3; }
        .dates text { fill: var(--muted) !important; }
        .marker circle { fill: var(--bg); stroke: var(--fg); stroke-width: 1.5; }
        .marker text { font-weight: 600; }
        .marker .span { fill: none; stroke: var(--muted); stroke-width: 1.5; }
        .marker .span-label { fill: var(--muted) !important; font-weight: 400; }
        .marker.diverged rect { fill: var(--alert); stroke: var(--alert); }
        .marker.diverged text { fill: #ffffff !important; }
        .marker.diverged .span-label { fill: var(--alert) !important; font-weight: 600; }
        .diverged-band { fill: var(--band); stroke: var(--alert); stroke-width: 1.5; stroke-dasharray: 6 4; }
        .diverged-label { fill: var(--alert) !important; font-weight: 700; }
        .lane-bg { fill: var(--lane); rx: 6px; }
        .lane-name { font-weight: 700; font-size: 13px; }
        .lane-kind, .track-name, .row-topic { fill: var(--muted) !important; font-size: 10.5px; }
        .row-title { font-weight: 600; }
        .period .fill { stroke: none; }
        .period .pattern { stroke: none; }
        .period text { font-weight: 600; paint-order: stroke; stroke: var(--bg); stroke-width: 3px; stroke-linejoin: round; }
        .ink { fill: var(--ink); } .ink-line { stroke: var(--ink); stroke-width: 1.6; fill: none; }
        .ink-alert { fill: var(--alert); opacity: 0.22; }
        .p-subscribed .fill { fill: var(--subscribed); } .p-owned .fill { fill: var(--owned); }
        .p-grace .fill { fill: var(--grace); } .p-billingRetry .fill { fill: var(--billingRetry); }
        .p-expired .fill { fill: var(--expired); opacity: 0.55; } .p-revoked .fill { fill: var(--revoked); }
        .p-pending .fill { fill: none; stroke: var(--pending) !important; stroke-width: 2; stroke-dasharray: 5 3; }
        .p-pending .pattern { fill: none; }
        .p-pending .ink { fill: var(--pending); }
        .p-shared .fill { fill: var(--shared); }
        .p-awaitingPayment .fill { fill: none; stroke: var(--pending) !important; stroke-width: 2; stroke-dasharray: 5 3; }
        .p-awaitingPayment .pattern { fill: none; } .p-awaitingPayment .ink { fill: var(--pending); }
        .p-consumed .fill { fill: var(--expired); opacity: 0.35; } .p-onHold .fill { fill: var(--billingRetry); }
        .p-paused .fill { fill: var(--paused); } .p-canceled .fill { fill: var(--canceled); }
        .p-replaced .fill { fill: var(--expired); opacity: 0.55; }
        .mark path { fill: var(--owned); stroke: var(--bg); stroke-width: 1; }
        .mark.revoked path { fill: var(--revoked); }
        .cell rect { fill: var(--cell); }
        .cell.differs rect:first-of-type { fill: var(--alert-bg); stroke: var(--alert); stroke-width: 1.5; }
        .cell.differs text { font-weight: 700; }
        .row[data-row="deviceClock"] .cell rect { fill: var(--lane); stroke: var(--muted); stroke-dasharray: 3 2; }
        .legend { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 10px 0 0; padding: 0; list-style: none; font-size: 13px; }
        .legend li { display: flex; align-items: center; gap: 6px; }
        .events { padding-left: 28px; }
        figure { margin: 0; }
        .events li.diverged { color: var(--alert); font-weight: 700; }
        .events li.not-run { color: var(--muted); }
        code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
        pre { background: var(--lane); padding: 12px; border-radius: 8px; overflow-x: auto; }
        """
}
