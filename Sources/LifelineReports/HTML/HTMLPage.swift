/// The HTML report's own style sheet and script, compiled in so the page needs no other file.
///
/// The script (``script``, compiled in from `HTML/report.js` by the EmbedText build-tool plugin) reads the report's JSON data elements and
/// draws with text nodes and SVG attributes only, never `innerHTML`: trace text cannot become markup.
enum HTMLPage {
    /// The style sheet: system fonts, a light theme, and a dark one for `prefers-color-scheme: dark`.
    static let style: StaticString = """
        :root{--bg:#f6f7f9;--panel:#fff;--ink:#1d2330;--muted:#5d6677;--line:#dde1e8;--accent:#2f6fdf;
        --unattached:#b9c0cc;--foregroundInactive:#f2c14e;--foregroundActive:#3fb46b;--background:#6f86b8;--suspended:#8f7fb3;
        --ended:#d6d9df;--launching:#9fc6f0;--callback:#37529a;--appevent:#138a8a;
        --error:#d93036;--warning:#e8870e;--info:#2f7fd6;--pending:#8a63d2;
        font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
        @media (prefers-color-scheme:dark){:root{--bg:#14171d;--panel:#1c2029;--ink:#e4e7ee;--muted:#98a1b3;--line:#2e3441;
        --callback:#8fa8f0;--appevent:#4cc7c7;--ended:#3a404c;--unattached:#59606e}}
        *{box-sizing:border-box}body{margin:0}
        #app{max-width:1500px;margin:0 auto;padding:18px 24px 60px}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 10px}h3{font-size:14px;margin:18px 0 8px}
        a{color:var(--accent);text-decoration:none;cursor:pointer}a:hover{text-decoration:underline}
        .muted{color:var(--muted)}.slow{color:var(--warning)}.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
        .head{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap}
        .pill{display:inline-block;border-radius:10px;padding:1px 9px;font-size:12px;font-weight:600;color:#fff;background:var(--muted)}
        .pill.passed{background:var(--foregroundActive)}.pill.failed{background:var(--error)}.pill.inputError{background:var(--warning)}
        .cards{display:flex;gap:12px;flex-wrap:wrap;margin:14px 0}
        .card{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:10px 16px;min-width:120px}
        .card b{display:block;font-size:22px}.card span{color:var(--muted);font-size:12px}
        .card.error b{color:var(--error)}.card.warning b{color:var(--warning)}.card.info b{color:var(--info)}.card.pending b{color:var(--pending)}
        table{border-collapse:collapse;width:100%;background:var(--panel);border:1px solid var(--line);border-radius:8px;overflow:hidden}
        th,td{text-align:left;padding:5px 10px;border-bottom:1px solid var(--line);vertical-align:top;white-space:nowrap}
        td.wrap{white-space:normal;overflow-wrap:anywhere;min-width:200px}
        th{font-size:12px;color:var(--muted);font-weight:600;background:var(--bg);cursor:default;user-select:none}
        th.sort{cursor:pointer}th.sort:hover{color:var(--ink)}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
        tr:hover td{background:rgba(47,111,223,.05)}
        .sev{display:inline-block;border-radius:4px;padding:0 6px;font-size:11.5px;font-weight:700;color:#fff;text-transform:uppercase}
        .sev.error{background:var(--error)}.sev.warning{background:var(--warning)}.sev.info{background:var(--info)}.sev.pending{background:var(--pending)}
        .bar{display:inline-block;height:8px;border-radius:2px;background:var(--callback);vertical-align:middle;margin-right:6px}
        .more{margin:8px 0;display:inline-block}
        .problems{background:var(--panel);border:1px solid var(--warning);border-radius:8px;padding:8px 14px;margin:12px 0}
        .problems div{white-space:pre-wrap;word-break:break-word}
        .findings{list-style:none;padding:0;margin:0}
        .findings li{background:var(--panel);border:1px solid var(--line);border-left:4px solid var(--muted);border-radius:6px;padding:8px 12px;margin:6px 0;cursor:pointer}
        .findings li.error{border-left-color:var(--error)}.findings li.warning{border-left-color:var(--warning)}.findings li.info{border-left-color:var(--info)}
        .findings li.pending{border-left-color:var(--pending)}
        .findings li:hover,.findings li.current{box-shadow:0 0 0 2px var(--accent) inset}
        .findings .msg{margin:3px 0;word-break:break-word}.findings .meta{font-size:12px;color:var(--muted);word-break:break-all}
        input.filter{padding:5px 9px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--ink);min-width:260px}
        .toolbar{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:10px 0}
        button{font:inherit;font-size:13px;padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--ink);cursor:pointer}
        button:hover{border-color:var(--accent)}
        .legend{display:flex;gap:12px;flex-wrap:wrap;font-size:12px;color:var(--muted)}
        .legend i{display:inline-block;width:14px;height:9px;border-radius:2px;margin-right:4px;vertical-align:middle}
        .timeline{background:var(--panel);border:1px solid var(--line);border-radius:8px;overflow:hidden;position:relative}
        .timeline svg{display:block;width:100%;cursor:grab;touch-action:none;user-select:none}
        .timeline svg.dragging{cursor:grabbing}
        svg text{font-size:11px;fill:var(--ink)}svg .axis text{fill:var(--muted)}svg .grid{stroke:var(--line)}
        svg .lane-bg{fill:transparent}svg .lane-bg.odd{fill:rgba(127,127,127,.05)}svg .lane-sep{stroke:var(--line)}
        svg .lane-label{font-weight:600}svg .lane-sub{fill:var(--muted);font-size:10px}
        svg .band{stroke:none}svg .band-label{font-size:9.5px;fill:#1d2330;pointer-events:none}
        svg .phase{stroke:var(--panel);stroke-width:1}svg .phase-0{fill:#cfdcf3}svg .phase-1{fill:#b7cbee}
        svg .phase.waiting{fill:var(--ended)}svg .phase.after{fill:#cbe8d3}svg .phase.slowest{stroke:var(--warning);stroke-width:2}svg .phase.resume{fill:#9fd3c7}
        svg .phase-label{font-size:9.5px;fill:#1d2330;pointer-events:none}
        svg .state-unattached{fill:var(--unattached)}svg .state-foregroundInactive{fill:var(--foregroundInactive)}
        svg .state-foregroundActive{fill:var(--foregroundActive)}svg .state-background{fill:var(--background)}
        svg .state-suspended{fill:var(--suspended)}svg .state-ended{fill:var(--ended)}svg .state-launching{fill:var(--launching)}
        svg .span{fill:var(--callback);opacity:.9}svg .span.app{fill:var(--appevent)}svg .span.open{opacity:.45}
        svg .mark{fill:var(--callback);stroke:var(--panel);stroke-width:1}svg .mark.app{fill:var(--appevent)}
        svg .span-label{font-size:10px;fill:#fff;pointer-events:none}
        svg .mark-label{font-size:10px;fill:var(--ink);pointer-events:none}
        svg .idle-ground{fill:var(--panel)}svg .idle-line{stroke:var(--line);stroke-width:2}
        svg .idle-edge{fill:none;stroke:var(--muted);stroke-width:1}svg .axis .idle-label{font-size:10px;font-style:italic;fill:var(--ink)}
        svg .scene-change{stroke:var(--muted);stroke-dasharray:3 3}svg .scene-label{font-size:10px;fill:var(--muted)}
        svg .vio{fill:none;stroke-width:2.5;pointer-events:none}svg .vio.error{stroke:var(--error)}svg .vio.warning{stroke:var(--warning)}
        svg .vio.info{stroke:var(--info)}svg .vio.pending{stroke:var(--pending);stroke-dasharray:3 2}
        svg .vio.dim{opacity:.25}svg .vio.focus{stroke-width:4;animation:pulse 1s ease-in-out 3}
        svg .selected{fill:none;stroke:var(--accent);stroke-width:2;stroke-dasharray:4 3;pointer-events:none}
        svg .hit{cursor:pointer}svg .hit:hover{filter:brightness(1.25)}
        @keyframes pulse{50%{stroke-width:7}}
        #tip{position:fixed;z-index:10;max-width:460px;background:var(--panel);color:var(--ink);border:1px solid var(--line);border-radius:8px;
        box-shadow:0 6px 24px rgba(0,0,0,.18);padding:8px 11px;font-size:12.5px;pointer-events:none}
        #tip b{display:block;font-size:13px;margin-bottom:3px;word-break:break-all}#tip div{word-break:break-all}
        #tip .k{color:var(--muted)}#tip .bad{color:var(--error);font-weight:600}
        .meta-line{color:var(--muted);margin:2px 0 8px;word-break:break-all}
        .nav{display:flex;gap:14px;margin:0 0 10px;font-size:13px}
        """
}
