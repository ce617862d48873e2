// The HTML report's script (HTMLPage.script, compiled into lifeline by the EmbedText build-tool
// plugin): the summary at once, a launch's timeline when #launch=N asks for it.
//
// It records its own failures (uncaught errors, rejected promises, console.error) in the root
// element's data-errors attribute, what it has drawn in data-view, and how long that took in
// data-draw-ms (and data-ready-ms, since the page started loading), so a headless browser's DOM
// dump tells a test whether the page worked and a benchmark how fast.
(function () {
'use strict';
var root = document.documentElement;
function recordError(text) {
  var before = root.getAttribute('data-errors');
  root.setAttribute('data-errors', (before ? before + '\n' : '') + text);
}
window.addEventListener('error', function (e) { recordError('error: ' + e.message + ' (line ' + (e.lineno || 0) + ')'); });
window.addEventListener('unhandledrejection', function (e) { recordError('rejection: ' + e.reason); });
var consoleError = console.error;
console.error = function () { recordError('console: ' + Array.prototype.join.call(arguments, ' ')); consoleError.apply(console, arguments); };

var D = JSON.parse(document.getElementById('lifeline-data').textContent);
var app = document.getElementById('app');
var tip = document.getElementById('tip');
var SVG = 'http://www.w3.org/2000/svg';
var SEVERITY_RANK = { error: 0, warning: 1, info: 2 };

// ---- small helpers: text only, never markup ----
function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
function add(parent) { for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]); return parent; }
function sv(tag, attrs, text) {
  var e = document.createElementNS(SVG, tag);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = String(text);
  return e;
}
function num(x) { return typeof x === 'number' ? x : Number(x); }
function dur(ns) {
  if (ns === null || ns === undefined) return '—';
  ns = num(ns);
  var a = Math.abs(ns);
  if (a < 1e3) return ns + ' ns';
  if (a < 1e6) return (ns / 1e3).toFixed(1) + ' µs';
  if (a < 1e9) return (ns / 1e6).toFixed(a < 1e7 ? 2 : 1) + ' ms';
  return (ns / 1e9).toFixed(2) + ' s';
}
function grouped(n) { return num(n).toLocaleString('en-US'); }
function link(text, hash) { var a = el('a', null, text); a.href = hash; return a; }
function safeURL(text) { return /^https?:\/\/[^\s]+$/i.test(text || '') ? text : null; }
// A rule's reference: its text as text, and each URL in it (the URL alone) as a link.
function citation(parts) {
  var span = el('span', 'cite');
  parts.forEach(function (p) {
    var url = p[0] === 'a' ? safeURL(p[1]) : null;
    if (url) { var a = el('a', null, url); a.href = url; a.target = '_blank'; a.rel = 'noopener noreferrer'; span.appendChild(a); }
    else span.appendChild(document.createTextNode(p[1]));
  });
  return span;
}
function sevBadge(sev, pending) { return el('span', 'sev ' + (pending ? 'pending' : sev), pending ? 'pending' : sev); }
function short(text, max) { text = String(text); return text.length > max ? text.slice(0, max - 1) + '…' : text; }

// ---- the data, unpacked once ----
var launches = D.launches.map(function (l, i) {
  return { index: i, id: l[0], app: l[1], device: l[2], os: l[3], platform: l[4], lifecycle: l[5], started: l[6],
           // Time to active: the launch's own (docs/launches.md: from the process start, waiting for the user left
           // out) when its anatomy has one, else from didFinishLaunching.
           file: l[7], line: l[8], events: l[9], duration: l[10] === null ? null : num(l[10]),
           tta: l[16] !== null ? num(l[16]) : l[11] === null ? null : num(l[11]),
           kind: l[12], kindReason: l[13], ending: l[14], endingReason: l[15], ownTta: l[16] === null ? null : num(l[16]),
           phases: l[17].map(function (p) { return { name: p[0], duration: num(p[1]), start: num(p[2]) }; }),
           slowReason: l[18], slowestPhase: l[19], ttff: l[20] === null ? null : num(l[20]),
           resumes: l[21].map(function (r) {
             return { scene: r[0], start: num(r[1]), toActive: r[2] === null ? null : num(r[2]), away: num(r[3]), reconnected: r[4] === 1 };
           }),
           resumeSummary: l[22],
           error: 0, warning: 0, info: 0, pending: 0, findings: [] };
});
var rules = D.rules.map(function (r) { return { id: r[0], severity: r[1], message: r[2], reference: r[3], citation: r[4], violated: 0, pending: 0 }; });
var findings = D.findings.map(function (f, i) {
  var rule = rules[f[0]] || { message: '', reference: null, citation: [] };
  var finding = { index: i, rule: f[0], ruleID: f[1], pending: f[2] === 'pending', severity: f[3], fails: f[4],
                  explanation: f[5], message: rule.message, reference: rule.reference, citation: rule.citation, launch: f[6], session: f[7], scene: f[8],
                  location: f[9],
                  witnesses: f[10].map(function (w) { return { role: w[0], launch: w[1], event: w[2], seq: w[3], name: w[4], location: w[5] }; }) };
  var launch = launches[finding.launch];
  if (launch) { launch.findings.push(finding); launch[finding.pending ? 'pending' : finding.severity] += 1; }
  if (rules[finding.rule]) rules[finding.rule][finding.pending ? 'pending' : 'violated'] += 1;
  return finding;
});
var violations = findings.filter(function (f) { return !f.pending; });
var pendings = findings.filter(function (f) { return f.pending; });
violations.sort(function (a, b) { return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.index - b.index; });

// ---- routing: #summary, #launch=N, #finding=K, #launch=N&event=E (N, K and E from 1) ----
function route() {
  var started = performance.now();
  var params = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (part) {
    var kv = part.split('='); if (kv[0]) params[kv[0]] = decodeURIComponent(kv[1] || '');
  });
  var launch = parseInt(params.launch, 10), number = parseInt(params.finding, 10);
  var finding = number >= 1 && number <= findings.length ? findings[number - 1] : null;
  // A finding opens the launch its witnesses are in, whatever launch the fragment names.
  if (finding && finding.launch >= 0) launch = finding.launch + 1;
  if (launch >= 1 && launch <= launches.length) {
    showLaunch(launches[launch - 1], finding);
  } else {
    showSummary(params.section);
  }
  // How long the view took to draw, and when it was ready since the page started loading: the
  // figures docs/performance.md quotes, read from a headless browser's DOM.
  root.setAttribute('data-draw-ms', (performance.now() - started).toFixed(1));
  root.setAttribute('data-ready-ms', performance.now().toFixed(0));
}
window.addEventListener('hashchange', route);

// ---- the summary ----
var summaryView = null;
function showSummary(section) {
  hideTip();
  if (!summaryView) summaryView = buildSummary();
  app.replaceChildren(summaryView);
  currentLaunch = null;
  root.setAttribute('data-view', 'summary');
  var target = section && document.getElementById(section);
  if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
}

function buildSummary() {
  var view = el('div');
  var c = D.counts;
  add(view, add(el('div', 'head'), el('h1', null, 'Lifeline report'), el('span', 'pill ' + D.status, D.status === 'inputError' ? 'input error' : D.status)));
  add(view, el('div', 'muted', D.summary), el('div', 'muted mono', D.sources));
  var cards = el('div', 'cards');
  [['launches', c.launches, ''], ['events', c.events, ''], ['rules', c.rules, ''], ['errors', c.error, 'error'],
   ['warnings', c.warning, 'warning'], ['info', c.info, 'info'], ['pending', c.pending, 'pending']].forEach(function (x) {
    add(cards, add(el('div', 'card ' + x[2]), el('b', null, grouped(x[1])), el('span', null, x[0])));
  });
  add(view, cards);
  if (D.problems.length) {
    var box = add(el('div', 'problems'), el('b', null, 'Input problems (' + D.problems.length + ')'));
    D.problems.forEach(function (p) { add(box, el('div', 'mono', p[1])); });
    add(view, box);
  }
  add(view, el('h2', null, 'Launches'));
  view.lastChild.id = 'launches';
  add(view, launchTable());
  add(view, el('h2', null, 'Violations by rule and severity'));
  view.lastChild.id = 'rules';
  add(view, ruleTable());
  add(view, el('h2', null, 'Slowest callbacks'));
  view.lastChild.id = 'slowest';
  add(view, slowestTable());
  add(view, el('h2', null, 'Findings (' + violations.length + ')'));
  view.lastChild.id = 'findings';
  add(view, findingList(violations, true));
  add(view, el('h2', null, 'Pending (' + pendings.length + ')'));
  view.lastChild.id = 'pending';
  add(view, el('p', 'muted', 'Obligations still open when a trace ended: the trace stopped before they could be proven or broken.'));
  add(view, findingList(pendings, true));
  if (D.notApplicable.length) {
    add(view, el('h2', null, 'Not applicable (' + D.notApplicable.length + ')'));
    view.lastChild.id = 'not-applicable';
    add(view, el('p', 'muted', 'Rules not judged on launches whose traces do not record a callback they need (a log that prints only some callbacks): never a failure.'));
    add(view, notApplicableTable());
  }
  if (D.assumed.length) {
    add(view, el('h2', null, 'Assumed records (' + D.assumed.length + ')'));
    view.lastChild.id = 'assumed';
    add(view, el('p', 'muted', 'Launches of logs taken to record callbacks they do not show: a log that shows two of a delegate\'s state methods is taken to log them all (--records overrides).'));
    add(view, pagedTable([
      { title: 'first launch', cell: function (a) { return el('span', 'mono', a[0]); } },
      { title: 'launches', num: true, cell: function (a) { return grouped(a[1]); }, sort: function (a) { return a[1]; }, down: true },
      { title: 'assumed', wrap: true, cell: function (a) { return a[2]; } }
    ], D.assumed, 50));
  }
  if (D.identity.length) {
    add(view, el('h2', null, 'Scene identity (' + D.identity.length + ')'));
    view.lastChild.id = 'identity';
    add(view, el('p', 'muted', 'Scene callbacks that name no scene: per-scene rules judge those naming a session as its one scene, and those naming neither as the launch\'s one scene. Where a scene connects while that one is connected, the callbacks may be of two scenes.'));
    add(view, pagedTable([
      { title: 'first launch', cell: function (a) { return el('span', 'mono', a[0]); } },
      { title: 'launches', num: true, cell: function (a) { return grouped(a[1]); }, sort: function (a) { return a[1]; }, down: true },
      { title: 'judged', wrap: true, cell: function (a) { return a[2]; } },
      { title: 'ambiguous at', wrap: true, cell: function (a) { return a[3].map(function (w) { return 'line ' + w[0]; }).join(', ') || '-'; } }
    ], D.identity, 50));
  }
  add(view, el('p', 'muted', 'lifeline ' + D.version));
  return view;
}

// A table that sorts by column and shows rows a page at a time, so thousands of launches stay quick.
function pagedTable(columns, rows, pageSize, filterText) {
  var wrap = el('div');
  var shown = pageSize, sortKey = null, sortDown = false, query = '';
  var input = null;
  if (filterText) {
    input = el('input', 'filter'); input.type = 'search'; input.placeholder = filterText;
    input.addEventListener('input', function () { query = input.value.toLowerCase(); shown = pageSize; draw(); });
    add(wrap, add(el('div', 'toolbar'), input));
  }
  var table = el('table'), thead = el('thead'), tbody = el('tbody'), more = el('a', 'more');
  var tr = el('tr');
  columns.forEach(function (col) {
    var th = el('th', (col.num ? 'num ' : '') + (col.sort ? 'sort' : ''), col.title);
    if (col.sort) th.addEventListener('click', function () {
      sortDown = sortKey === col ? !sortDown : !!col.down; sortKey = col; draw();
    });
    tr.appendChild(th);
  });
  add(table, add(thead, tr), tbody);
  add(wrap, table, more);
  more.addEventListener('click', function () { shown += pageSize * 4; draw(); });
  function draw() {
    var list = rows;
    if (query) list = list.filter(function (r) { return r.text.indexOf(query) >= 0; });
    if (sortKey) {
      var key = sortKey.sort;
      list = list.slice().sort(function (a, b) {
        var x = key(a.item), y = key(b.item);
        if (x === y) return a.position - b.position;
        if (x === null) return 1; if (y === null) return -1;
        return (x < y ? -1 : 1) * (sortDown ? -1 : 1);
      });
    }
    tbody.replaceChildren();
    list.slice(0, shown).forEach(function (r) {
      var row = el('tr');
      columns.forEach(function (col) {
        var td = el('td', (col.num ? 'num ' : '') + (col.wrap ? 'wrap' : ''));
        var v = col.cell(r.item);
        if (v instanceof Node) td.appendChild(v); else td.textContent = v === null || v === undefined ? '' : String(v);
        row.appendChild(td);
      });
      tbody.appendChild(row);
    });
    more.textContent = list.length > shown ? 'Show more (' + grouped(list.length - shown) + ' not shown)' : '';
  }
  rows = rows.map(function (item, position) {
    return { item: item, position: position, text: columns.map(function (c) { return c.search ? String(c.search(item) || '') : ''; }).join(' ').toLowerCase() };
  });
  draw();
  return wrap;
}

function findingBadges(l) {
  var span = el('span');
  ['error', 'warning', 'info'].forEach(function (s) { if (l[s]) add(span, el('span', 'sev ' + s, l[s] + ' ' + s), document.createTextNode(' ')); });
  if (l.pending) add(span, el('span', 'sev pending', l.pending + ' pending'));
  if (!span.childNodes.length) span.textContent = '—';
  return span;
}

function launchTable() {
  return pagedTable([
    { title: '#', num: true, cell: function (l) { return link(String(l.index + 1), '#launch=' + (l.index + 1)); }, sort: function (l) { return l.index; } },
    { title: 'app', cell: function (l) { return l.app || '—'; }, search: function (l) { return l.app; }, sort: function (l) { return l.app || ''; } },
    { title: 'device', cell: function (l) { return l.device || '—'; }, search: function (l) { return l.device; }, sort: function (l) { return l.device || ''; } },
    { title: 'OS', cell: function (l) { return [l.platform, l.os].filter(Boolean).join(' ') || '—'; }, search: function (l) { return l.os; } },
    { title: 'life cycle', cell: function (l) { return l.lifecycle || '—'; }, search: function (l) { return l.lifecycle; } },
    { title: 'kind', cell: function (l) { return l.kind || '—'; }, search: function (l) { return l.kind; }, sort: function (l) { return l.kind || ''; } },
    { title: 'started', cell: function (l) { return l.started || '—'; }, sort: function (l) { return l.started || ''; } },
    { title: 'events', num: true, cell: function (l) { return grouped(l.events); }, sort: function (l) { return l.events; }, down: true },
    { title: 'duration', num: true, cell: function (l) { return dur(l.duration); }, sort: function (l) { return l.duration; }, down: true },
    { title: 'time to active', num: true, cell: function (l) { return dur(l.tta); }, sort: function (l) { return l.tta; }, down: true },
    { title: 'ending', cell: function (l) { return l.ending || '—'; }, search: function (l) { return l.ending; }, sort: function (l) { return l.ending || ''; } },
    { title: 'findings', cell: findingBadges, sort: function (l) { return l.error * 1e6 + l.warning * 1e3 + l.info; }, down: true },
    { title: 'trace', cell: function (l) { return el('span', 'mono', short(l.file + ':' + l.line, 60)); }, search: function (l) { return l.file + ' ' + (l.id || ''); } }
  ], launches, 100, 'Filter launches by app, device, OS, life cycle, kind, ending, file or launch id');
}

function ruleTable() {
  var used = rules.filter(function (r) { return r.violated || r.pending; });
  if (!used.length) return el('p', 'muted', 'No rule was violated or left pending.');
  used.sort(function (a, b) { return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.violated - a.violated; });
  return pagedTable([
    { title: 'rule', cell: function (r) { return el('span', 'mono', r.id); } },
    { title: 'severity', cell: function (r) { return sevBadge(r.severity); } },
    { title: 'violations', num: true, cell: function (r) { return grouped(r.violated); }, sort: function (r) { return r.violated; }, down: true },
    { title: 'pending', num: true, cell: function (r) { return grouped(r.pending); }, sort: function (r) { return r.pending; }, down: true },
    { title: 'what it asks', wrap: true, cell: function (r) { return r.message; } }
  ], used, 50);
}

function notApplicableTable() {
  return pagedTable([
    { title: 'rule', cell: function (n) { return el('span', 'mono', n[0]); } },
    { title: 'first launch', cell: function (n) { return el('span', 'mono', n[1]); } },
    { title: 'launches', num: true, cell: function (n) { return grouped(n[2]); }, sort: function (n) { return n[2]; }, down: true },
    { title: 'why', wrap: true, cell: function (n) { return n[3]; } }
  ], D.notApplicable, 50);
}

function slowestTable() {
  if (!D.slowest.length) return el('p', 'muted', 'No callback was recorded with begin and end.');
  var longest = num(D.slowest[0][4]) || 1;
  return pagedTable([
    { title: 'callback', cell: function (s) {
        var bar = el('span', 'bar'); bar.style.width = Math.max(2, Math.round(120 * num(s[4]) / longest)) + 'px';
        return add(el('span'), bar, el('span', 'mono', s[2]));
      } },
    { title: 'duration', num: true, cell: function (s) { return dur(s[4]); } },
    { title: 'session', cell: function (s) { return s[3] === null ? 'app' : short(s[3], 40); } },
    { title: 'launch', cell: function (s) {
        var l = launches[s[0]];
        return link('#' + (s[0] + 1) + (l && l.app ? ' ' + l.app : ''), '#launch=' + (s[0] + 1) + '&event=' + (s[1] + 1));
      } }
  ], D.slowest, 25);
}

function findingList(list, withLaunch, current) {
  var wrap = el('div');
  if (!list.length) return add(wrap, el('p', 'muted', 'None.'));
  var ul = el('ul', 'findings'), more = el('a', 'more'), shown = 0;
  function page(count) {
    list.slice(shown, shown + count).forEach(function (f) {
      var li = el('li', f.pending ? 'pending' : f.severity);
      li.setAttribute('data-finding', String(f.index + 1));
      if (current && current === f) li.classList.add('current');
      add(li, add(el('div'), sevBadge(f.severity, f.pending), document.createTextNode(' '), el('span', 'mono', f.ruleID),
                  f.fails ? el('span', 'muted', ' · fails the check') : null));
      add(li, el('div', 'msg', f.explanation));
      var meta = el('div', 'meta');
      meta.appendChild(document.createTextNode('rule: ' + f.message));
      if (f.reference) {
        meta.appendChild(document.createTextNode(' · see '));
        meta.appendChild(citation(f.citation));
      }
      if (f.location) meta.appendChild(document.createTextNode(' · at ' + f.location));
      if (withLaunch) meta.appendChild(document.createTextNode(f.launch >= 0 ? ' · launch #' + (f.launch + 1) : ' · no launch timeline'));
      add(li, meta);
      li.addEventListener('click', function (e) {
        if (e.target.tagName === 'A') return;
        if (f.launch >= 0) location.hash = '#launch=' + (f.launch + 1) + '&finding=' + (f.index + 1);
      });
      ul.appendChild(li);
    });
    shown += count;
    more.textContent = list.length > shown ? 'Show more (' + grouped(list.length - shown) + ' not shown)' : '';
  }
  more.addEventListener('click', function () { page(200); });
  page(100);
  return add(wrap, ul, more);
}

// ---- a launch ----
var SCENE_STATES = {
  'scene(_:willConnectTo:options:)': 'unattached', 'sceneWillEnterForeground(_:)': 'foregroundInactive',
  'sceneDidBecomeActive(_:)': 'foregroundActive', 'sceneWillResignActive(_:)': 'foregroundInactive',
  'sceneDidEnterBackground(_:)': 'background', 'sceneDidDisconnect(_:)': 'ended'
};
var APP_STATES = {
  'application(_:willFinishLaunchingWithOptions:)': 'launching', 'application(_:didFinishLaunchingWithOptions:)': 'launching',
  'applicationDidBecomeActive(_:)': 'foregroundActive', 'applicationWillResignActive(_:)': 'foregroundInactive',
  'applicationDidEnterBackground(_:)': 'background', 'applicationWillEnterForeground(_:)': 'foregroundInactive',
  'applicationWillTerminate(_:)': 'ended'
};
// SwiftUI's phases, drawn on the app's lane of a launch that has no scene lane (a SwiftUI app without a
// scene delegate: its phases are all the trace shows of its states, as its anatomy reads them).
var PHASE_STATES = { active: 'foregroundActive', inactive: 'foregroundInactive', background: 'background' };
var STATE_NAMES = { unattached: 'unattached', foregroundInactive: 'foreground inactive', foregroundActive: 'foreground active',
                    background: 'background', suspended: 'suspended', ended: 'ended', launching: 'launching' };
var DISCARD = 'application(_:didDiscardSceneSessions:)';

function loadLaunch(launch) {
  if (launch.model) return launch.model;
  var L = JSON.parse(document.getElementById('launch-' + launch.index).textContent);
  var S = L.s, F = L.f;
  var events = L.e.map(function (e, i) {
    return { index: i, seq: e[0], t: num(e[1]), phase: ['instant', 'begin', 'end'][e[2] & 3], app: (e[2] & 4) !== 0,
             name: S[e[3]], session: e[4] < 0 ? null : S[e[4]], scene: e[5] < 0 ? null : S[e[5]],
             thread: e[6] < 0 ? null : S[e[6]], file: F[e[7]], line: e[8], attrs: e[9] || null, findings: [] };
  });
  // Lanes: the app, then each scene session in order of appearance, named by what its events say it is
  // (SceneLaneNames: its role, title or activity, configuration; its id when they say nothing).
  var names = new Map();
  (L.n || []).forEach(function (n) { if (typeof S[n[0]] === 'string') names.set(S[n[0]], { name: String(n[1]), role: n[2] === null ? null : String(n[2]) }); });
  var lanes = [{ key: null, title: 'app', name: null, role: null, events: [], scenes: [], bands: [], spans: [], marks: [], sceneChanges: [] }];
  var byKey = new Map();
  var end = events.length ? events[events.length - 1].t : 0;
  events.forEach(function (e) { if (e.t > end) end = e.t; });
  events.forEach(function (e) {
    var lane = lanes[0];
    if (e.session !== null) {
      lane = byKey.get(e.session);
      if (!lane) {
        var known = names.get(e.session) || { name: null, role: null };
        lane = { key: e.session, title: e.session, name: known.name, role: known.role, events: [], scenes: [], bands: [], spans: [], marks: [], sceneChanges: [] };
        byKey.set(e.session, lane); lanes.push(lane);
      }
    }
    e.lane = lane;
    lane.events.push(e);
  });
  // The app's phase when there is one (scope app), else every reading; a view's first reading before it counts too.
  var phases = lanes.length === 1 && launch.lifecycle !== 'app' ? events.filter(function (e) {
    return e.name === 'swiftui.scenePhase' && e.attrs && PHASE_STATES[e.attrs.phase];
  }) : [];
  var firstAppPhase = phases.find(function (e) { return e.attrs.scope === 'app'; });
  // Marked once here, so the lanes' pass asks each event one flag (not a search of the phases).
  phases.forEach(function (e) {
    e.drawsPhase = !firstAppPhase || e.attrs.scope === 'app' || e.t < firstAppPhase.t;
  });
  // Spans: begin/end pairs by name, session and scene; nested ones stack in rows.
  lanes.forEach(function (lane) {
    var open = {}, depth = 0, state = null, since = 0, lastScene = null;
    function setState(s, t) {
      if (s === state) return;
      if (state !== null && t > since) lane.bands.push({ state: state, from: since, to: t });
      state = s; since = t;
    }
    lane.events.forEach(function (e) {
      if (e.scene !== null && e.scene !== lastScene) {
        if (lastScene !== null) lane.sceneChanges.push({ t: e.t, scene: e.scene, event: e });
        if (lane.scenes.indexOf(e.scene) < 0) lane.scenes.push(e.scene);
        lastScene = e.scene;
      }
      if (lane.key === null && e.drawsPhase) setState(PHASE_STATES[e.attrs.phase], e.t);
      var table = lane.key === null ? APP_STATES : SCENE_STATES;
      var launched = lane.key === null && e.phase !== 'begin' && e.name === 'application(_:didFinishLaunchingWithOptions:)';
      if (e.phase !== 'end' && table[e.name] && !launched) {
        if (lane.key !== null || launch.lifecycle === 'app' || table[e.name] === 'launching' || table[e.name] === 'ended') setState(table[e.name], e.t);
      } else if (launched && state === 'launching') {
        // Launching ends with didFinishLaunching: a legacy app is then inactive until it becomes active; a
        // scene-based app's state is its scenes', in their lanes.
        setState(launch.lifecycle === 'app' ? 'foregroundInactive' : null, e.t);
      }
      if (e.phase === 'instant') { lane.marks.push(e); return; }
      var key = e.name + '\u0000' + e.scene;
      if (e.phase === 'begin') {
        (open[key] = open[key] || []).push(e);
        e.depth = depth++;
        return;
      }
      var begin = open[key] && open[key].pop();
      if (begin) { depth = Math.max(0, depth - 1); lane.spans.push({ begin: begin, end: e, depth: begin.depth }); e.pair = begin; begin.pair = e; }
      else lane.marks.push(e);
    });
    Object.keys(open).forEach(function (k) { open[k].forEach(function (b) { lane.spans.push({ begin: b, end: null, depth: b.depth }); }); });
    if (state !== null) lane.bands.push({ state: state, from: since, to: Math.max(end, since) });
    lane.rows = 1 + lane.spans.reduce(function (m, s) { return Math.max(m, s.depth); }, 0);
  });
  // A discarded session's lane ends where the app discards it.
  events.forEach(function (e) {
    if (e.name !== DISCARD || !e.attrs) return;
    var ids = [].concat(e.attrs.sessions || []);
    ids.forEach(function (id) {
      var lane = byKey.get(String(id)); if (!lane) return;
      lane.bands = lane.bands.filter(function (b) { return b.from < e.t; }).map(function (b) { return { state: b.state, from: b.from, to: Math.min(b.to, e.t) }; });
      lane.bands.push({ state: 'ended', from: e.t, to: Math.max(end, e.t) });
    });
  });
  launch.findings.forEach(function (f) {
    f.witnesses.forEach(function (w) { if (w.launch === launch.index && events[w.event]) events[w.event].findings.push({ finding: f, role: w.role }); });
  });
  launch.model = { events: events, lanes: lanes, start: 0, end: Math.max(end, 1), t0: num(L.t0) };
  return launch.model;
}

// ---- idle time, compressed ----
// A stretch of the launch with no event, no begin/end pair and no phase of its own running (the wait
// for the user is idle) is idle when it lasts at least IDLE_MIN and at least IDLE_SHARE of the time
// still drawn to scale: the longest first, each judged against what the ones before it left. So a
// prewarmed launch's 45-minute wait, and then the half minute the user spent in it, give way to the
// 190 ms that launched it, while stretches as long as the activity between them stay to scale.
// Each idle stretch is drawn BREAK_PX wide at the whole launch's view, narrower when there are many,
// the breaks together at most BREAK_SHARE of the plot and none narrower than BREAK_MIN_PX.
var IDLE_MIN = 1e9, IDLE_SHARE = 0.2, BREAK_PX = 64, BREAK_MIN_PX = 24, BREAK_SHARE = 0.4;

function idleStretches(launch, model, most) {
  var events = model.events;
  if (most < 1 || !events.length) return [];
  // Busy intervals in time order: an event, or a begin/end pair from its begin to its end.
  var busy = events.map(function (e) { return [e.t, e.pair && e.phase === 'begin' ? e.pair.t : e.t]; });
  for (var i = 1; i < busy.length; i++) if (busy[i][0] < busy[i - 1][0]) { busy.sort(function (a, b) { return a[0] - b[0]; }); break; }
  var gaps = [], lo = busy[0][0], reach = busy[0][1];
  busy.forEach(function (b) {
    if (b[0] - reach >= IDLE_MIN) gaps.push({ from: reach, to: b[0] });
    reach = Math.max(reach, b[1]);
  });
  var hi = reach;
  // A phase of the launch is never idle, though no event marks it (pre-main, say); waiting for the user is.
  launch.phases.forEach(function (p) {
    var from = p.start, to = p.start + p.duration;
    lo = Math.min(lo, from); hi = Math.max(hi, to);
    if (p.name === 'waiting for the user') return;
    gaps = gaps.reduce(function (kept, g) {
      if (to <= g.from || from >= g.to) { kept.push(g); return kept; }
      if (from - g.from >= IDLE_MIN) kept.push({ from: g.from, to: from });
      if (g.to - to >= IDLE_MIN) kept.push({ from: to, to: g.to });
      return kept;
    }, []);
  });
  gaps.sort(function (a, b) { return (b.to - b.from) - (a.to - a.from) || a.from - b.from; });
  var chosen = [], scaled = hi - lo;
  for (var k = 0; k < gaps.length && chosen.length < most; k++) {
    var length = gaps[k].to - gaps[k].from;
    if (length < IDLE_SHARE * scaled) break;
    chosen.push(gaps[k]);
    scaled -= length;
  }
  return chosen.sort(function (a, b) { return a.from - b.from; });
}

// Real time (ns since the first event) to plot time and back: each stretch [from, to] takes `gap`
// units of plot time, the time between stretches its own length. Piecewise linear and increasing, so
// every drawing, the axis, hover, zoom and pan share it, and it inverts. No stretches: the identity.
function timeMap(stretches, gap) {
  var knots = [], behind = 0;
  stretches.forEach(function (s) {
    var u = s.from - behind;
    knots.push({ from: s.from, to: s.to, u0: u, u1: u + gap });
    behind = s.to - (u + gap);
  });
  return {
    stretches: knots,
    u: function (t) {
      var shift = 0;
      for (var i = 0; i < knots.length; i++) {
        var k = knots[i];
        if (t < k.from) break;
        if (t < k.to) return k.u0 + (t - k.from) * gap / (k.to - k.from);
        shift = k.to - k.u1;
      }
      return t - shift;
    },
    t: function (u) {
      var shift = 0;
      for (var i = 0; i < knots.length; i++) {
        var k = knots[i];
        if (u < k.u0) break;
        if (u < k.u1) return k.from + (u - k.u0) * (k.to - k.from) / gap;
        shift = k.to - k.u1;
      }
      return u + shift;
    }
  };
}

// A long duration as a person says it: 12.5 s, 5.0 min, 45 min, 2 h 5 min.
function roughly(ns) {
  var s = ns / 1e9;
  if (s < 60) return s.toFixed(s < 10 ? 1 : 0) + ' s';
  var m = s / 60;
  if (m < 60) return (m < 10 ? m.toFixed(1) : String(Math.round(m))) + ' min';
  var h = Math.floor(m / 60), rest = Math.round(m - h * 60);
  return h + ' h' + (rest ? ' ' + rest + ' min' : '');
}

// An axis tick's time, with the decimals its step needs (2700.35 s and 2700.36 s, not 2700.35 s twice).
function tickLabel(t, step) {
  if (Math.abs(t) < 1e9) return dur(t);
  var decimals = Math.min(9, Math.max(2, Math.ceil(-Math.log10(step / 1e9) - 1e-9)));
  return (t / 1e9).toFixed(decimals) + ' s';
}

// The widest part of [x1, x2] that no idle break covers (cuts: [left, right] pixel ranges in order).
function openRoom(x1, x2, cuts) {
  var best = [x1, x1], from = x1;
  cuts.forEach(function (c) {
    if (c[1] <= from || c[0] >= x2) return;
    if (c[0] - from > best[1] - best[0]) best = [from, c[0]];
    from = Math.max(from, c[1]);
  });
  if (x2 - from > best[1] - best[0]) best = [from, x2];
  return best;
}

// A label's width in the page's font, measured once per text.
var measured = new Map(), measure = null;
function textWidth(text, font) {
  var key = font + '\u0000' + text;
  if (!measured.has(key)) {
    if (!measure) measure = document.createElement('canvas').getContext('2d');
    measure.font = font;
    measured.set(key, measure.measureText(text).width);
  }
  return measured.get(key);
}

// A callback's name on the timeline: `sceneDidBecomeActive`, not `sceneDidBecomeActive(_:)`.
function markName(name) { return short(String(name).replace(/\(_:\)$/, ''), 40); }

var LABEL_W = 190, AXIS_H = 26, LANE_PAD = 8, BAND_H = 14, ROW_H = 16, PHASE_H = 24;
var currentLaunch = null;
document.addEventListener('keydown', function (e) {
  if (!currentLaunch || e.target.tagName === 'INPUT' || e.ctrlKey || e.metaKey || e.altKey) return;
  currentLaunch.model.state.key(e.key);
});

function showLaunch(launch, finding) {
  hideTip();
  var model = loadLaunch(launch);
  if (currentLaunch !== launch) {
    currentLaunch = launch;
    buildLaunchView(launch, model);
  }
  var eventParam = /(?:^#|&)event=(\d+)/.exec(location.hash);
  focusOn(launch, model, finding, eventParam ? parseInt(eventParam[1], 10) - 1 : -1);
  root.setAttribute('data-view', 'launch-' + (launch.index + 1));
}

function buildLaunchView(launch, model) {
  var view = el('div');
  var nav = add(el('div', 'nav'), link('← Summary', '#summary'));
  if (launch.index > 0) add(nav, link('‹ previous launch', '#launch=' + launch.index));
  if (launch.index + 1 < launches.length) add(nav, link('next launch ›', '#launch=' + (launch.index + 2)));
  add(view, nav);
  add(view, add(el('div', 'head'), el('h1', null, 'Launch ' + (launch.index + 1) + (launch.app ? ' · ' + launch.app : '')),
                launch.findings.length ? findingBadges(launch) : null));
  add(view, el('div', 'meta-line', [launch.device, [launch.platform, launch.os].filter(Boolean).join(' '),
    launch.lifecycle ? launch.lifecycle + ' life cycle' : null, launch.started, launch.id ? 'launch ' + launch.id : null,
    launch.file + ':' + launch.line].filter(Boolean).join(' · ')));
  add(view, add(el('div', 'cards'),
    add(el('div', 'card'), el('b', null, grouped(launch.events)), el('span', null, 'events')),
    add(el('div', 'card'), el('b', null, dur(launch.duration)), el('span', null, 'first to last event')),
    add(el('div', 'card'), el('b', null, dur(launch.tta)), el('span', null, 'time to active')),
    launch.ttff === null ? null : add(el('div', 'card'), el('b', null, dur(launch.ttff)), el('span', null, 'time to first frame')),
    add(el('div', 'card'), el('b', null, String(model.lanes.length - 1)), el('span', null, 'scene sessions')),
    add(el('div', 'card'), el('b', null, launch.kind || '—'), el('span', null, 'kind')),
    add(el('div', 'card'), el('b', null, launch.ending || '—'), el('span', null, 'ending'))));
  // Why this kind and this ending, and where the time to active went (docs/launches.md).
  if (launch.kindReason) add(view, el('p', 'muted', launch.kind + ': ' + launch.kindReason));
  if (launch.endingReason) add(view, el('p', 'muted', 'ended ' + launch.ending + ': ' + launch.endingReason));
  if (launch.phases.length) {
    var slowestMarked = false;
    var origin = {'pre-main': 'process start', 'pre-main and UIKit start': 'process start', 'UIKit start': 'module load'};
    add(view, el('p', 'muted', 'phases (' + dur(launch.ownTta) + ' to active from the ' +
      (origin[launch.phases[0].name] || 'first event') + '): ' +
      launch.phases.map(function (p) {
        var slowest = !slowestMarked && p.name === launch.slowestPhase;
        if (slowest) slowestMarked = true;
        return p.name + ' ' + dur(p.duration) + (slowest ? ' (slowest)' : '');
      }).join(' · ')));
  }
  if (launch.slowReason) add(view, el('p', 'slow', 'slow: ' + launch.slowReason));
  if (launch.resumeSummary) add(view, el('p', 'resumed', 'resumed: ' + launch.resumeSummary));
  var toolbar = el('div', 'toolbar');
  var zoomIn = el('button', null, 'Zoom in'), zoomOut = el('button', null, 'Zoom out'), fit = el('button', null, 'Fit');
  var linear = el('button', 'linear', 'Linear time');
  linear.title = 'Draw idle stretches to scale, or compressed to a break (l)';
  var legend = el('div', 'legend');
  ['unattached', 'foregroundInactive', 'foregroundActive', 'background', 'ended'].forEach(function (s) {
    var i = el('i'); i.style.background = 'var(--' + s + ')'; add(legend, add(el('span'), i, document.createTextNode(STATE_NAMES[s])));
  });
  [['callback', 'callback'], ['appevent', 'app event'], ['error', 'error'], ['warning', 'warning'], ['info', 'info'], ['pending', 'pending']].forEach(function (x) {
    var i = el('i'); i.style.background = 'var(--' + x[0] + ')'; add(legend, add(el('span'), i, document.createTextNode(x[1])));
  });
  add(toolbar, zoomIn, zoomOut, fit, linear, el('span', 'muted', 'wheel to zoom, drag to pan, hover for details'), legend);
  add(view, toolbar);
  var box = el('div', 'timeline');
  add(view, box);
  add(view, el('h2', null, 'Findings in this launch (' + launch.findings.filter(function (f) { return !f.pending; }).length + ')'));
  var findingsBox = el('div'); add(view, findingsBox);
  var eventsBox = el('div');
  add(view, el('h2', null, 'Pending in this launch (' + launch.findings.filter(function (f) { return f.pending; }).length + ')'));
  var pendingBox = el('div'); add(view, pendingBox);
  add(view, el('h2', null, 'Events (' + grouped(model.events.length) + ')'));
  add(view, eventsBox);
  app.replaceChildren(view);
  window.scrollTo(0, 0);

  var width = Math.max(600, box.clientWidth || 1200);
  var plot = width - LABEL_W - 16;
  var span = Math.max(model.end - model.start, 1);
  // Idle stretches, each breakPx wide when the whole launch is in view: the gap g in plot time solves
  // g × fitScale = breakPx with fitScale = plot / (1.04 × (busy time + n × g)).
  var stretches = idleStretches(launch, model, Math.floor(BREAK_SHARE * plot / BREAK_MIN_PX));
  var breakPx = stretches.length ? Math.min(BREAK_PX, BREAK_SHARE * plot / stretches.length) : BREAK_PX;
  var idle = stretches.reduce(function (sum, s) { return sum + (Math.min(s.to, model.end) - Math.max(s.from, model.start)); }, 0);
  var busyTime = Math.max(span - idle, 1e6);
  var gap = 1.04 * breakPx * busyTime / (plot - 1.04 * breakPx * stretches.length);
  var maps = { compressed: timeMap(stretches, gap), linear: timeMap([], 1) };
  if (!stretches.length) linear.hidden = true;
  var fitScale = 0, view0 = null, v = { x0: 0, scale: 1 };
  // The view of the whole launch under a map: its first to last event, with a margin.
  function fitTo(map) {
    var from = map.u(model.start), width = Math.max(map.u(model.end) - from, 1);
    fitScale = plot / (width * 1.04);
    view0 = { x0: from - width * 0.02, scale: fitScale };
  }
  fitTo(maps.compressed);
  v.x0 = view0.x0; v.scale = view0.scale;
  var svg = sv('svg', { 'class': 'lanes', role: 'img', 'aria-label': 'timeline of launch ' + (launch.index + 1), 'data-time': 'compressed' });
  box.appendChild(svg);
  var layout = [], y = AXIS_H;
  // The launch's phases (docs/launches.md) as a band above the lanes, when it has them.
  var phaseRow = launch.phases.length || launch.resumes.length ? { y: y, h: PHASE_H } : null;
  if (phaseRow) y += PHASE_H;
  model.lanes.forEach(function (lane) {
    var h = LANE_PAD + BAND_H + 6 + lane.rows * ROW_H + LANE_PAD + (lane.sceneChanges.length ? 10 : 0);
    layout.push({ lane: lane, y: y, h: Math.max(h, 52) });
    y += Math.max(h, 52);
  });
  var height = y + 4;
  svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
  svg.setAttribute('height', String(height));
  var state = { launch: launch, model: model, svg: svg, v: v, width: width, plot: plot, height: height, layout: layout, phaseRow: phaseRow, focus: null,
                map: maps.compressed };
  model.state = state;

  function redraw() { draw(state); }
  var pending = false;
  function schedule() { if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; redraw(); }); } }
  function zoom(factor, px) {
    var t = v.x0 + (px - LABEL_W) / v.scale;
    v.scale = Math.min(Math.max(v.scale * factor, fitScale * 0.5), 50);
    v.x0 = t - (px - LABEL_W) / v.scale;
    schedule();
  }
  zoomIn.addEventListener('click', function () { zoom(2, LABEL_W + plot / 2); });
  zoomOut.addEventListener('click', function () { zoom(0.5, LABEL_W + plot / 2); });
  fit.addEventListener('click', function () { v.x0 = view0.x0; v.scale = view0.scale; schedule(); });
  // Linear time and back: the time in the middle of the plot stays there, at the same zoom relative to the whole launch.
  function toggleTime() {
    if (!stretches.length) return;
    var middle = state.map.t(v.x0 + plot / 2 / v.scale), zoomed = v.scale / fitScale;
    state.map = state.map === maps.linear ? maps.compressed : maps.linear;
    fitTo(state.map);
    v.scale = fitScale * zoomed;
    v.x0 = state.map.u(middle) - plot / 2 / v.scale;
    var isLinear = state.map === maps.linear;
    linear.textContent = isLinear ? 'Compress idle time' : 'Linear time';
    svg.setAttribute('data-time', isLinear ? 'linear' : 'compressed');
    schedule();
  }
  linear.addEventListener('click', toggleTime);
  function svgX(e) { var r = svg.getBoundingClientRect(); return (e.clientX - r.left) * width / r.width; }
  svg.addEventListener('wheel', function (e) {
    e.preventDefault();
    if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) { v.x0 += (e.deltaX || e.deltaY) / v.scale; schedule(); return; }
    zoom(Math.exp(-e.deltaY * 0.0025), svgX(e));
  }, { passive: false });
  var drag = null;
  svg.addEventListener('pointerdown', function (e) { drag = { x: svgX(e), x0: v.x0 }; svg.classList.add('dragging'); svg.setPointerCapture(e.pointerId); });
  svg.addEventListener('pointermove', function (e) {
    if (drag) { v.x0 = drag.x0 - (svgX(e) - drag.x) / v.scale; hideTip(); schedule(); return; }
    var target = e.target.closest ? e.target.closest('[data-e]') : null;
    if (target) showTip(model.events[parseInt(target.getAttribute('data-e'), 10)], e); else hideTip();
  });
  function endDrag() { drag = null; svg.classList.remove('dragging'); }
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', endDrag);
  svg.addEventListener('pointerleave', function () { if (!drag) hideTip(); });
  state.key = function (key) {
    if (key === '+' || key === '=') zoom(1.5, LABEL_W + plot / 2);
    else if (key === '-') zoom(1 / 1.5, LABEL_W + plot / 2);
    else if (key === '0') { v.x0 = view0.x0; v.scale = view0.scale; schedule(); }
    else if (key === 'l') toggleTime();
  };
  // Shows [from, to] with room around it: at least a twentieth of the launch, never past the whole of it.
  state.zoomTo = function (from, to) {
    from = state.map.u(from); to = state.map.u(to);
    var width = Math.max(to - from, (state.map.u(model.end) - state.map.u(model.start)) / 20, 1);
    var middle = (from + to) / 2;
    v.scale = Math.min(Math.max(plot / (width * 1.6), fitScale), 50);
    v.x0 = middle - (plot / 2) / v.scale;
    redraw();
  };
  state.eventsBox = eventsBox;
  state.findingsBox = findingsBox;
  state.pendingBox = pendingBox;
  redraw();
}

function draw(state) {
  var svg = state.svg, v = state.v, model = state.model, width = state.width, plot = state.plot, map = state.map;
  var x = function (t) { return LABEL_W + (map.u(t) - v.x0) * v.scale; };
  var tMin = map.t(v.x0), tMax = map.t(v.x0 + plot / v.scale);
  svg.replaceChildren();
  var defs = sv('defs');
  var clip = sv('clipPath', { id: 'plot-clip' });
  clip.appendChild(sv('rect', { x: LABEL_W, y: 0, width: plot + 16, height: state.height }));
  defs.appendChild(clip);
  var hatch = sv('pattern', { id: 'idle-hatch', patternUnits: 'userSpaceOnUse', width: 6, height: 6, patternTransform: 'rotate(45)' });
  hatch.appendChild(sv('rect', { 'class': 'idle-ground', width: 6, height: 6 }));
  hatch.appendChild(sv('line', { 'class': 'idle-line', x1: 0, y1: 0, x2: 0, y2: 6 }));
  defs.appendChild(hatch);
  svg.appendChild(defs);
  // The idle breaks in view, in pixels: a little narrower than their stretch, so the events at either end show.
  // Each is named on the axis with the time it stands for ("45 min idle", or "5.3 s" where the break is
  // narrow), unless that would run into the name of the break before it.
  var breaks = [], family = getComputedStyle(svg).fontFamily, font = '11px ' + family, labelFont = '10px ' + family, named = -Infinity;
  map.stretches.forEach(function (k) {
    if (k.to < tMin || k.from > tMax) return;
    var left = x(k.from), right = x(k.to), inset = Math.min(6, (right - left) / 4), middle = (left + right) / 2;
    var text = roughly(k.to - k.from) + ' idle';
    if (textWidth(text, labelFont) > right - left + 16) text = roughly(k.to - k.from);
    var half = textWidth(text, labelFont) / 2, shown = middle - half > named + 6 && middle - half >= LABEL_W - 4 && middle + half <= width;
    if (shown) named = middle + half;
    breaks.push({ stretch: k, left: left + inset, right: right - inset, text: shown ? text : null, full: roughly(k.to - k.from) + ' idle',
                  middle: middle, textLeft: shown ? Math.min(left + inset, middle - half) : left + inset,
                  textRight: shown ? Math.max(right - inset, middle + half) : right - inset });
  });
  var cuts = breaks.map(function (b) { return [b.left, b.right]; });
  // Lane backgrounds and labels.
  state.layout.forEach(function (row, i) {
    svg.appendChild(sv('rect', { 'class': 'lane-bg' + (i % 2 ? ' odd' : ''), x: 0, y: row.y, width: width, height: row.h }));
    svg.appendChild(sv('line', { 'class': 'lane-sep', x1: 0, x2: width, y1: row.y, y2: row.y }));
  });
  // Axis: a tick about every 110 px at 1, 2 or 5 × 10^k nanoseconds, in each stretch of time drawn to
  // scale (between idle breaks the scale is the same). A break is labelled with the time it stands for.
  var axis = sv('g', { 'class': 'axis' });
  var raw = 110 / v.scale, step = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1))));
  if (raw / step > 5) step *= 5; else if (raw / step > 2) step *= 2;
  var pieces = [], from = tMin;
  breaks.forEach(function (b) { pieces.push([from, b.stretch.from]); from = Math.max(from, b.stretch.to); });
  pieces.push([from, tMax]);
  pieces.forEach(function (piece, i) {
    var edge = i < breaks.length ? breaks[i].textLeft - 4 : width, start = i > 0 ? breaks[i - 1].textRight + 4 : -Infinity;
    // Time counts from the launch's first event: nothing happened before it to mark.
    for (var t = Math.max(0, Math.ceil(piece[0] / step) * step); t <= piece[1]; t += step) {
      var px = x(t), text = tickLabel(t, step);
      axis.appendChild(sv('line', { 'class': 'grid', x1: px, x2: px, y1: AXIS_H - 4, y2: state.height }));
      if (px + 3 >= start && px + 3 + textWidth(text, font) < Math.min(edge, width - 4)) axis.appendChild(sv('text', { x: px + 3, y: AXIS_H - 9 }, text));
    }
  });
  svg.appendChild(axis);
  var plotGroup = sv('g', { 'clip-path': 'url(#plot-clip)' });
  svg.appendChild(plotGroup);
  var labels = sv('g');
  svg.appendChild(labels);
  state.cuts = cuts;
  if (state.phaseRow) drawPhases(state, plotGroup, labels, x, tMin, tMax);
  var rings = sv('g', { 'class': 'rings' }), above = sv('g');
  state.layout.forEach(function (row) {
    var lane = row.lane;
    var g = sv('g', { 'class': 'lane', 'data-lane': lane.key === null ? 'app' : 'session' });
    plotGroup.appendChild(g);
    var bandY = row.y + LANE_PAD;
    lane.bands.forEach(function (b) {
      if (b.to < tMin || b.from > tMax) return;
      var x1 = Math.max(x(b.from), LABEL_W - 2), x2 = Math.min(x(b.to), width);
      if (x2 - x1 < 0.5) return;
      var rect = sv('rect', { 'class': 'band state-' + b.state, 'data-state': b.state, x: x1, y: bandY, width: x2 - x1, height: BAND_H, rx: 2 });
      rect.appendChild(sv('title', {}, STATE_NAMES[b.state] + ' from ' + dur(b.from) + ' to ' + dur(b.to)));
      g.appendChild(rect);
      var name = STATE_NAMES[b.state], room = openRoom(x1, x2, cuts);
      if (room[1] - room[0] > name.length * 6 + 8) g.appendChild(sv('text', { 'class': 'band-label', x: room[0] + 4, y: bandY + 10.5 }, name));
    });
    var rowsY = bandY + BAND_H + 6;
    // Level of detail: with more events in view than pixels, a span or mark that would land on
    // the pixel column (and row) already drawn is left out, unless a finding names it. The
    // element count stays bounded by the plot's width whatever the launch holds.
    var crowded = lane.events.length > plot, lastAt = {};
    function covered(e, px, row) {
      if (!crowded || e.findings.length || (e.pair && e.pair.findings.length)) return false;
      var column = Math.round(px), key = row;
      if (lastAt[key] === column) return true;
      lastAt[key] = column;
      return false;
    }
    // What each row holds, left to right, for the labels of marks and short bars (below).
    var occupied = [];
    function occupy(depth, left, right, e, y) {
      (occupied[depth] = occupied[depth] || []).push({ left: left, right: right, e: e, y: y });
    }
    lane.spans.forEach(function (s) {
      var from = s.begin.t, to = s.end ? s.end.t : model.end;
      if (to < tMin || from > tMax) return;
      var x1 = x(from), x2 = Math.max(x(to), x1 + 2);
      if (x2 - x1 < 3 && covered(s.begin, x1, s.depth)) return;
      var yy = rowsY + s.depth * ROW_H;
      var rect = sv('rect', { 'class': 'span hit' + (s.begin.app ? ' app' : '') + (s.end ? '' : ' open'), 'data-e': s.begin.index,
                              x: x1, y: yy, width: x2 - x1, height: ROW_H - 3, rx: 2 });
      g.appendChild(rect);
      var label = short(s.begin.name, 60);
      var room = openRoom(Math.max(x1, LABEL_W), Math.min(x2, width), cuts), visible = room[1] - room[0];
      if (visible > 40) g.appendChild(sv('text', { 'class': 'span-label', x: room[0] + 3, y: yy + 10 }, short(label, Math.floor((visible - 6) / 5.6))));
      occupy(s.depth, x1, x2, visible > 40 ? null : s.begin, yy + 10);
      [s.begin, s.end].forEach(function (e) { if (e) ring(rings, e, x1 - 3, yy - 3, x2 - x1 + 6, ROW_H + 3); });
    });
    lane.marks.forEach(function (e) {
      if (e.t < tMin || e.t > tMax) return;
      var px = x(e.t), yy = rowsY + ROW_H / 2 - 1.5;
      if (covered(e, px, e.app ? 'app' : 'callback')) return;
      var shape;
      if (e.app) shape = sv('circle', { 'class': 'mark hit app', 'data-e': e.index, cx: px, cy: yy, r: 4.5 });
      else shape = sv('path', { 'class': 'mark hit', 'data-e': e.index, d: 'M' + px + ' ' + (yy - 6) + 'l6 6l-6 6l-6 -6z' });
      g.appendChild(shape);
      occupy(0, px - 6, px + 6, e, yy + 3.5);
      ring(rings, e, px - 9, yy - 9, 18, 18);
    });
    // A mark or a bar too short for its name gets the name beside it, to its right, where that fits
    // before the next thing in its row, after the last label, and short of an idle break and the
    // plot's edge: greedily, left to right. A crowded lane gets none (zoom in for them).
    if (!crowded) occupied.forEach(function (row) {
      row.sort(function (a, b) { return a.left - b.left || a.right - b.right; });
      var reach = -Infinity;
      row.forEach(function (item, i) {
        if (item.e) {
          var text = markName(item.e.name), left = item.right + 3, right = left + textWidth(text, labelFont);
          var next = i + 1 < row.length ? row[i + 1].left : Infinity;
          var clear = cuts.every(function (c) { return c[1] <= left || c[0] >= right + 2; });
          if (left > reach + 2 && left >= LABEL_W && right + 4 <= next && right <= width - 4 && clear) {
            g.appendChild(sv('text', { 'class': 'mark-label', 'data-label-for': item.e.index, x: left, y: item.y }, text));
            reach = right;
          }
        }
        reach = Math.max(reach, item.right);
      });
    });
    lane.sceneChanges.forEach(function (c) {
      if (c.t < tMin || c.t > tMax) return;
      var px = x(c.t);
      g.appendChild(sv('line', { 'class': 'scene-change', 'data-scene': c.scene, x1: px, x2: px, y1: row.y + 2, y2: row.y + row.h - 2 }));
      var label = 'new scene ' + short(c.scene, 30);
      var left = px + label.length * 5.6 + 6 > width;
      above.appendChild(sv('text', { 'class': 'scene-label', x: left ? px - 3 : px + 3, y: row.y + row.h - 4, 'text-anchor': left ? 'end' : 'start' }, label));
    });
    // The label column, drawn over the plot.
    labels.appendChild(sv('rect', { x: 0, y: row.y + 1, width: LABEL_W - 6, height: row.h - 1, fill: 'var(--panel)' }));
    // A session's lane is named by what its events say it is (its role, title or activity, configuration),
    // its id and scene object beneath; a session they say nothing about is named by its id.
    var title = sv('text', { 'class': 'lane-label', x: 10, y: row.y + 20 },
                   lane.key === null ? 'app' : short(lane.name || lane.title, 26));
    title.appendChild(sv('title', {}, lane.key === null ? 'app-level callbacks and events' :
      (lane.name ? lane.name + '\n' : '') + 'scene session ' + short(lane.title, 80) + (lane.role ? '\nrole ' + short(lane.role, 80) : '') +
      (lane.scenes.length ? '\nscene ' + lane.scenes.slice(0, 5).map(function (c) { return short(c, 40); }).join(', ') + (lane.scenes.length > 5 ? ', …' : '') : '')));
    labels.appendChild(title);
    var scenes = lane.scenes.length ? (lane.scenes.length > 1 ? lane.scenes.length + ' scene objects' : 'scene ' + short(lane.scenes[0], lane.name ? 14 : 22)) : 'no scene object';
    var sub = lane.key === null ? (model.lanes.length > 1 ? 'app delegate' : '') : lane.name ? short(lane.title, 12) + ' · ' + scenes : scenes;
    labels.appendChild(sv('text', { 'class': 'lane-sub', x: 10, y: row.y + 34 }, sub));
  });
  // Idle breaks: hatched, with zigzag edges, over the lanes and the phase band; the axis names the time.
  breaks.forEach(function (b) {
    var k = b.stretch, w = Math.max(b.right - b.left, 1), top = AXIS_H - 4, text = b.full;
    var idle = sv('g', { 'class': 'idle', 'data-from': String(k.from), 'data-to': String(k.to), 'data-idle': text });
    var rect = sv('rect', { x: b.left, y: top, width: w, height: state.height - top, fill: 'url(#idle-hatch)' });
    rect.appendChild(sv('title', {}, text + ': nothing recorded from ' + dur(k.from) + ' to ' + dur(k.to) + ' (' + dur(k.to - k.from) +
      '), drawn compressed; Linear time draws it to scale'));
    idle.appendChild(rect);
    [b.left, b.right].forEach(function (edge) {
      var d = 'M' + edge + ' ' + top;
      for (var yy = top, side = 1; yy < state.height; yy += 5, side = -side) d += 'L' + (edge + side * 2) + ' ' + Math.min(yy + 5, state.height);
      idle.appendChild(sv('path', { 'class': 'idle-edge', d: d }));
    });
    plotGroup.appendChild(idle);
    if (b.text) axis.appendChild(sv('text', { 'class': 'idle-label', x: b.middle, y: AXIS_H - 9, 'text-anchor': 'middle' }, b.text));
  });
  plotGroup.appendChild(above);
  plotGroup.appendChild(rings);
  var selected = state.selected;
  if (selected && selected.t >= tMin && selected.t <= tMax) {
    var row = state.layout.filter(function (r) { return r.lane === selected.lane; })[0];
    if (row) plotGroup.appendChild(sv('rect', { 'class': 'selected', x: x(selected.t) - 6, y: row.y + 2,
      width: Math.max(12, selected.pair ? x(selected.pair.t) - x(selected.t) + 12 : 12), height: row.h - 4, rx: 4 }));
  }
  labels.appendChild(sv('line', { 'class': 'lane-sep', x1: LABEL_W - 6, x2: LABEL_W - 6, y1: 0, y2: state.height }));
  markFocus(state);

  // An outline around a witness, one per finding that names it, in the finding's severity colour.
  function ring(group, e, x0, y0, w, h) {
    e.findings.forEach(function (witness, i) {
      var f = witness.finding, grow = i * 3;
      var shape = sv('rect', { 'class': 'vio ' + (f.pending ? 'pending' : f.severity), 'data-finding': String(f.index + 1), 'data-role': witness.role,
                               x: x0 - grow, y: y0 - grow, width: w + 2 * grow, height: h + 2 * grow, rx: Math.min(9, h / 2) + grow });
      group.appendChild(shape);
    });
  }
}

// The phase band: each phase from its start for its duration, named when there is room; the wait
// for the user greyed, the phases after the first active state green, the slowest outlined.
function drawPhases(state, plotGroup, labels, x, tMin, tMax) {
  var launch = state.launch, row = state.phaseRow, width = state.width;
  var g = sv('g', { 'class': 'phases' });
  plotGroup.appendChild(g);
  var slowestSeen = false;
  launch.phases.forEach(function (p, i) {
    var from = p.start, to = p.start + p.duration;
    var slowest = !slowestSeen && p.name === launch.slowestPhase;
    if (slowest) slowestSeen = true;
    if (to < tMin || from > tMax) return;
    var x1 = Math.max(x(from), LABEL_W - 2), x2 = Math.min(Math.max(x(to), x(from) + 1), width);
    var kind = p.name === 'waiting for the user' ? ' waiting' : (p.name === 'first frame' || p.name === 'fully displayed') ? ' after' : ' phase-' + (i % 2);
    var rect = sv('rect', { 'class': 'phase' + kind + (slowest ? ' slowest' : ''), 'data-phase': p.name,
                            x: x1, y: row.y + 4, width: Math.max(x2 - x1, 1), height: row.h - 8, rx: 2 });
    rect.appendChild(sv('title', {}, p.name + ': ' + dur(p.duration) + (slowest ? ' (slowest)' : '')));
    g.appendChild(rect);
    var text = p.name + ' ' + dur(p.duration), room = openRoom(x1, x2, state.cuts);
    if (room[1] - room[0] > text.length * 5.4 + 8) g.appendChild(sv('text', { 'class': 'phase-label', x: room[0] + 4, y: row.y + 15.5 }, text));
    else if (room[1] - room[0] > p.name.length * 5.4 + 8) g.appendChild(sv('text', { 'class': 'phase-label', x: room[0] + 4, y: row.y + 15.5 }, p.name));
  });
  // Each resume from the background: from coming back to active again (docs/launches.md, "Resumes").
  launch.resumes.forEach(function (r) {
    var from = r.start, to = r.start + (r.toActive === null ? 0 : r.toActive);
    if (to < tMin || from > tMax) return;
    var x1 = Math.max(x(from), LABEL_W - 2), x2 = Math.min(Math.max(x(to), x(from) + 2), width);
    var rect = sv('rect', { 'class': 'phase resume', 'data-resume': r.scene === null ? 'the app' : r.scene,
                            x: x1, y: row.y + 4, width: Math.max(x2 - x1, 2), height: row.h - 8, rx: 2 });
    rect.appendChild(sv('title', {}, 'resume of ' + (r.scene === null ? 'the app' : 'scene ' + r.scene) +
      (r.reconnected ? ' (released in the background, connected again)' : '') + ' after ' + dur(r.away) + ' in the background: ' +
      (r.toActive === null ? 'not active again' : 'active in ' + dur(r.toActive))));
    g.appendChild(rect);
    var text = r.toActive === null ? 'resume' : 'resume ' + dur(r.toActive), room = openRoom(x1, x2, state.cuts);
    if (room[1] - room[0] > text.length * 5.4 + 8) g.appendChild(sv('text', { 'class': 'phase-label', x: room[0] + 4, y: row.y + 15.5 }, text));
  });
  labels.appendChild(sv('rect', { x: 0, y: row.y + 1, width: LABEL_W - 6, height: row.h - 1, fill: 'var(--panel)' }));
  var title = sv('text', { 'class': 'lane-label phase-title', x: 10, y: row.y + 16 }, 'phases');
  title.appendChild(sv('title', {}, 'the launch\'s phases from the process start, and its resumes from the background (docs/launches.md)'));
  labels.appendChild(title);
  labels.appendChild(sv('line', { 'class': 'lane-sep', x1: 0, x2: width, y1: row.y + row.h, y2: row.y + row.h }));
}

function markFocus(state) {
  var f = state.focus;
  state.svg.querySelectorAll('.vio').forEach(function (r) {
    var mine = f && r.getAttribute('data-finding') === String(f.index + 1);
    r.classList.toggle('focus', !!mine);
    r.classList.toggle('dim', !!f && !mine);
  });
}

function focusOn(launch, model, finding, eventIndex) {
  var state = model.state;
  state.focus = finding;
  var mine = launch.findings;
  state.findingsBox.replaceChildren(findingList(mine.filter(function (f) { return !f.pending; }), false, finding));
  state.pendingBox.replaceChildren(findingList(mine.filter(function (f) { return f.pending; }), false, finding));
  if (!state.eventsBox.firstChild) state.eventsBox.appendChild(eventTable(launch, model));
  var targets = [];
  if (finding) {
    finding.witnesses.forEach(function (w) { if (w.launch === launch.index && model.events[w.event]) targets.push(model.events[w.event]); });
  } else if (eventIndex >= 0 && model.events[eventIndex]) {
    targets.push(model.events[eventIndex]);
  }
  state.selected = finding ? null : targets[0] || null;
  if (targets.length) {
    var times = [];
    targets.forEach(function (e) { times.push(e.t); if (e.pair) times.push(e.pair.t); });
    state.zoomTo(Math.min.apply(null, times), Math.max.apply(null, times));
    state.svg.scrollIntoView({ block: 'center' });
  } else {
    draw(state);
  }
}

// The launch's events as a table: a row opens its event on the timeline.
function eventTable(launch, model) {
  return pagedTable([
    { title: 'seq', num: true, cell: function (e) { return link(String(e.seq), '#launch=' + (launch.index + 1) + '&event=' + (e.index + 1)); }, sort: function (e) { return e.index; } },
    { title: 'time', num: true, cell: function (e) { return dur(e.t); } },
    { title: 'lane', cell: function (e) { return e.session === null ? 'app' : short(e.session, 30); }, search: function (e) { return e.session || 'app'; } },
    { title: 'event', cell: function (e) { return el('span', 'mono', e.name); }, search: function (e) { return e.name; } },
    { title: 'phase', cell: function (e) { return e.phase; } },
    { title: 'duration', num: true, cell: function (e) { return e.pair && e.phase === 'begin' ? dur(e.pair.t - e.t) : ''; },
      sort: function (e) { return e.pair && e.phase === 'begin' ? e.pair.t - e.t : null; }, down: true },
    { title: 'findings', cell: function (e) {
        if (!e.findings.length) return '';
        var span = el('span');
        e.findings.forEach(function (w) { add(span, sevBadge(w.finding.severity, w.finding.pending), document.createTextNode(' ' + w.finding.ruleID + ' ')); });
        return span;
      } },
    { title: 'attrs', wrap: true, cell: function (e) {
        return e.attrs ? el('span', 'mono', Object.keys(e.attrs).map(function (k) { return k + '=' + e.attrs[k]; }).join(' ')) : '';
      }, search: function (e) { return e.attrs ? JSON.stringify(e.attrs) : ''; } },
    { title: 'at', cell: function (e) { return el('span', 'mono muted', short(e.file, 40) + ':' + e.line); } }
  ], model.events, 200, 'Filter events by name, session or attribute');
}

// ---- the tooltip ----
function showTip(e, mouse) {
  if (!e) return hideTip();
  tip.replaceChildren();
  add(tip, el('b', null, e.name));
  function line(k, value) { if (value === null || value === undefined || value === '') return; add(tip, add(el('div'), el('span', 'k', k + ' '), document.createTextNode(String(value)))); }
  line('phase', e.pair ? (e.phase === 'begin' ? 'begin … end' : 'end of begin … end') : e.phase + (e.phase === 'begin' ? ' (no end recorded)' : ''));
  line('seq', e.seq + (e.pair ? ' … ' + e.pair.seq : ''));
  line('time', dur(e.t) + ' after the first event');
  if (e.pair) line('duration', dur(Math.abs(e.pair.t - e.t)));
  line('session', e.session);
  if (e.lane && e.lane.name) line('lane', e.lane.name);
  line('scene', e.scene);
  line('thread', e.thread);
  if (e.attrs) Object.keys(e.attrs).forEach(function (k) { line('attrs.' + k, Array.isArray(e.attrs[k]) ? '[' + e.attrs[k].join(', ') + ']' : e.attrs[k]); });
  line('at', e.file + ':' + e.line);
  var related = e.findings.concat(e.pair ? e.pair.findings : []);
  related.forEach(function (w) { add(tip, add(el('div', 'bad'), document.createTextNode((w.finding.pending ? 'pending' : w.finding.severity) + ' ' + w.finding.ruleID + ' (' + w.role + ')'))); });
  tip.hidden = false;
  var x = mouse.clientX + 14, y = mouse.clientY + 14;
  var r = tip.getBoundingClientRect();
  if (x + r.width > window.innerWidth - 8) x = mouse.clientX - r.width - 14;
  if (y + r.height > window.innerHeight - 8) y = mouse.clientY - r.height - 14;
  tip.style.left = Math.max(4, x) + 'px';
  tip.style.top = Math.max(4, y) + 'px';
}
function hideTip() { tip.hidden = true; }

route();
root.setAttribute('data-ready', 'true');
})();
