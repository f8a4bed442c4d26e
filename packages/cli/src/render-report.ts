import type { StrategyName } from '@acm/core';
import type { SimulationResult } from './simulation-result';

/**
 * Renders a simulation result as one self-contained HTML page: the result is
 * embedded as JSON and an inline script draws it. The page opens with the
 * headline figures, a chart of peak tokens per conversation (raw, managed and
 * the budget), each strategy's share of the savings (the last resort
 * flagged), and an index with one row per conversation, sortable by savings,
 * peak and violations. Each conversation's details (its raw vs managed
 * tokens per turn with the budget line, its compression events, every
 * figure) are collapsed until opened. Charts are sized to their container
 * and redrawn when it changes, so labels are never cut off, down to phone
 * width; a chart with nothing to show is replaced by a sentence. No network
 * access, no external file.
 */
export function renderReport(result: SimulationResult): string {
  const title = `ACM simulation${result.input === null ? '' : ` — ${result.input}`}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p id="settings"></p>
</header>
<main>
<section id="overview"><h2>All conversations</h2>
<div id="headline" class="cards"></div>
<div id="overview-chart" class="chart-box"></div>
<details id="aggregate-details"><summary>Every figure</summary><table id="aggregate-table" class="figures"></table></details>
</section>
<section id="savings"><h2>Share of the savings per strategy</h2><div id="strategy-chart"></div><p id="last-resort-note" hidden></p></section>
<section id="index"><h2>Conversations</h2>
<div class="toolbar"><span>Sort by</span>
<button type="button" data-sort="input">input order</button>
<button type="button" data-sort="savings">savings</button>
<button type="button" data-sort="peak">peak</button>
<button type="button" data-sort="violations">violations</button>
<span class="spacer"></span>
<button type="button" id="expand-all">open all</button>
<button type="button" id="collapse-all">close all</button>
</div>
<table id="conversation-index"><thead><tr></tr></thead><tbody></tbody></table>
</section>
<section id="conversation-list"><h2>Details</h2><div id="conversations"></div></section>
</main>
<script type="application/json" id="acm-result">${embedJson(result)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** JSON that is safe inside a `<script>` element. */
function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; color: #1d2330; overflow-wrap: anywhere; }
h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 18px; margin-top: 28px; }
#settings { color: #556; margin-top: 0; }
button { font: inherit; padding: 3px 10px; border: 1px solid #c5cbd8; border-radius: 4px; background: #fff; color: #1d2330; cursor: pointer; }
button[aria-pressed="true"] { background: #1d2330; color: #fff; border-color: #1d2330; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 10px; margin: 12px 0 16px; }
.card { border: 1px solid #e3e6ee; border-radius: 6px; padding: 8px 12px; min-width: 0; }
.card .label { color: #556; font-size: 12px; } .card .value { font-size: 20px; font-weight: 600; }
.card.bad .value { color: #b03a2e; }
table.figures { border-collapse: collapse; width: 100%; max-width: 760px; } table.figures td { padding: 3px 14px 3px 0; vertical-align: top; border-bottom: 1px solid #f0f2f6; }
table.figures td:first-child { color: #556; width: 45%; }
details > summary { cursor: pointer; }
#aggregate-details { margin-top: 12px; } #aggregate-details > summary { color: #2471a3; }
.chart-box { width: 100%; min-width: 0; }
.chart-box + .chart-box { margin-top: 12px; }
svg { display: block; max-width: 100%; background: #fafbfd; border: 1px solid #e3e6ee; border-radius: 4px; }
svg text { font: 11px system-ui, sans-serif; fill: #445; }
.series-raw { fill: none; stroke: #c0392b; stroke-width: 1.6; } .dot-raw { fill: #c0392b; }
.series-managed { fill: none; stroke: #2471a3; stroke-width: 2; } .dot-managed { fill: #2471a3; }
.budget { stroke: #7d8597; stroke-dasharray: 4 3; }
.axis { stroke: #b8bfcc; } .grid { stroke: #eceff4; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 4px 0 0; font-size: 12px; color: #445; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
.swatch-raw { background: #c0392b; } .swatch-managed { background: #2471a3; } .swatch-budget { background: #7d8597; height: 2px; vertical-align: 3px; }
.caption { font-size: 12px; color: #556; margin: 2px 0 4px; }
.empty { color: #667; font-style: italic; margin: 6px 0; }
.strategy-row { display: grid; grid-template-columns: minmax(0, 240px) minmax(60px, 1fr) minmax(0, 290px); gap: 4px 10px; align-items: center; padding: 3px 0; }
.strategy-name { text-align: right; }
.bar-track { background: #f0f2f6; border-radius: 3px; height: 16px; min-width: 0; }
.bar { display: block; height: 100%; border-radius: 3px; min-width: 1px; }
.strategy-row.last-resort .strategy-name { font-weight: 600; }
.badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; background: #fdebd0; color: #8a4b08; margin-left: 6px; white-space: nowrap; }
#last-resort-note { border-left: 4px solid #d68910; background: #fef9e7; padding: 8px 12px; }
#last-resort-note.warning { border-left-color: #b03a2e; background: #fdedec; }
.toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 8px; }
.toolbar .spacer { flex: 1; }
#conversation-index { border-collapse: collapse; width: 100%; }
#conversation-index th, #conversation-index td { padding: 4px 8px; text-align: right; border-bottom: 1px solid #eceff4; }
#conversation-index th:first-child, #conversation-index td:first-child { text-align: left; }
#conversation-index th { font-weight: 600; font-size: 12px; color: #445; vertical-align: bottom; }
#conversation-index th button { border: none; padding: 0; background: none; font-weight: 600; color: inherit; text-align: inherit; }
#conversation-index th[aria-sort] button::after { content: ' ▼'; }
#conversation-index tbody tr:hover { background: #f5f7fb; }
td.bad { color: #b03a2e; font-weight: 600; }
.conversation { border-top: 1px solid #e3e6ee; padding: 6px 0; }
.conversation > summary { font-weight: 600; }
.conversation > summary .summary-figures { font-weight: 400; color: #556; }
.conversation-body { padding: 8px 0 8px; }
.samples { white-space: pre-wrap; font: 12px ui-monospace, monospace; background: #f7f8fa; padding: 6px 8px; border-radius: 4px; }
@media (max-width: 640px) {
  body { padding: 12px 12px 40px; }
  .strategy-row { grid-template-columns: minmax(0, 1fr); }
  .strategy-name { text-align: left; }
  #conversation-index thead { display: none; }
  #conversation-index, #conversation-index tbody { display: block; }
  #conversation-index tr { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 8px; padding: 6px 0; border-bottom: 1px solid #e3e6ee; }
  #conversation-index td { display: block; border: none; padding: 1px 0; text-align: left; }
  #conversation-index td:first-child { grid-column: 1 / -1; font-weight: 600; }
  #conversation-index td:not(:first-child)::before { content: attr(data-label) ': '; color: #667; }
}
`;

/** One chart colour per strategy (typed: a new strategy needs one). */
const STRATEGY_COLORS: Readonly<Record<StrategyName, string>> = {
  rollupHistory: '#8e44ad',
  compressToolRuns: '#16a085',
  offloadLargeMessagesProtected: '#d68910',
  offloadLargeMessages: '#ca6f1e',
  clearToolUses: '#1abc9c',
  summarizeRounds: '#2e86c1',
  summarizeLargeCurrentMessages: '#28b463',
  compressCurrentRound: '#cb4335',
  lastResort: '#566573',
};

/** The strategy the engine runs after the walk, at the hard budget (the report's warning names its share). */
const LAST_RESORT: StrategyName = 'lastResort';

const SCRIPT = String.raw`
(function () {
  'use strict';
  var result = JSON.parse(document.getElementById('acm-result').textContent);
  var SVG = 'http://www.w3.org/2000/svg';
  var COLORS = ${JSON.stringify(STRATEGY_COLORS)};
  var LAST_RESORT = ${JSON.stringify(LAST_RESORT)};
  var config = result.config;
  var budget = config.maxToken;
  function count(value) { return Math.round(value).toLocaleString('en-US'); }
  function percent(value) { return value === null || value === undefined ? '—' : (value * 100).toFixed(1) + ' %'; }
  function share(value) { return percent(value.share) + ' (' + count(value.part) + '/' + count(value.total) + ')'; }
  function optionalShare(value) { return value && value.total > 0 ? share(value) : '—'; }
  function html(name, attributes, parent, content) {
    var node = document.createElement(name);
    for (var key in attributes || {}) node.setAttribute(key, String(attributes[key]));
    if (content !== undefined) node.textContent = content;
    if (parent) parent.appendChild(node);
    return node;
  }
  function svgEl(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attributes) node.setAttribute(key, String(attributes[key]));
    if (parent) parent.appendChild(node);
    return node;
  }
  function svgText(parent, x, y, content, attributes) {
    var node = svgEl('text', attributes || {}, parent);
    node.setAttribute('x', String(x)); node.setAttribute('y', String(y));
    node.textContent = content;
    return node;
  }
  function empty(parent, sentence) { return html('p', { 'class': 'empty' }, parent, sentence); }
  function dataLabel(parent, kind, value, content) {
    return html('span', { 'class': 'data-label', 'data-kind': kind, 'data-value': value }, parent, content === undefined ? count(value) : content);
  }

  // Widest rendered width of the given labels (an SVG must be in the document to measure).
  function measure(svg, labels) {
    var widest = 0;
    labels.forEach(function (label) {
      var node = svgText(svg, 0, 0, label, { 'class': 'measure' });
      widest = Math.max(widest, node.getBBox().width);
      svg.removeChild(node);
    });
    return Math.ceil(widest);
  }
  function niceTicks(max) {
    var rough = max / 4, magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
    var step = [1, 2, 2.5, 5, 10].map(function (f) { return f * magnitude; }).filter(function (s) { return s >= rough; })[0];
    var ticks = [];
    for (var value = 0; value <= max + step * 1e-9; value += step) ticks.push(value);
    return ticks;
  }

  // A line chart of raw and managed tokens with the budget line, sized to its container.
  // options: { series: { raw: number[], managed: number[] }, xLabel(index) → string, label, kind }
  function lineChart(container, options) {
    container.textContent = '';
    var n = options.series.raw.length;
    if (n === 0) { empty(container, options.emptySentence); return; }
    var width = Math.max(200, Math.floor(container.clientWidth || 600));
    var height = width < 480 ? 180 : 220;
    var svg = svgEl('svg', { 'class': options.kind, width: width, height: height, viewBox: '0 0 ' + width + ' ' + height,
      role: 'img', 'aria-label': options.label }, container);
    var peak = Math.max.apply(null, options.series.raw.concat(options.series.managed));
    var maxValue = Math.max(1, budget, peak) * 1.05;
    var ticks = niceTicks(maxValue);
    maxValue = Math.max(maxValue, ticks[ticks.length - 1]);
    var tickLabels = ticks.map(count);
    var first = options.xLabel(0), last = options.xLabel(n - 1);
    var left = measure(svg, tickLabels) + 12, right = 10, top = 10, bottom = 26;
    var firstWidth = measure(svg, [first]), lastWidth = measure(svg, [last]);
    function x(index) { return left + (width - left - right) * (n === 1 ? 0.5 : index / (n - 1)); }
    function y(value) { return top + (height - top - bottom) * (1 - value / maxValue); }
    ticks.forEach(function (value, index) {
      svgEl('line', { 'class': value === 0 ? 'axis' : 'grid', x1: left, y1: y(value), x2: width - right, y2: y(value) }, svg);
      svgText(svg, left - 6, y(value) + 4, tickLabels[index], { 'text-anchor': 'end', 'class': 'tick' });
    });
    svgEl('line', { 'class': 'axis', x1: left, y1: top, x2: left, y2: height - bottom }, svg);
    // x labels: anchored so that they stay inside the chart.
    var firstX = Math.max(x(0), firstWidth / 2 + 2), lastX = Math.min(x(n - 1), width - lastWidth / 2 - 2);
    svgText(svg, firstX, height - 8, first, { 'text-anchor': 'middle', 'class': 'tick' });
    if (n > 1 && lastX - lastWidth / 2 > firstX + firstWidth / 2 + 8) svgText(svg, lastX, height - 8, last, { 'text-anchor': 'middle', 'class': 'tick' });
    svgEl('line', { 'class': 'budget', x1: left, y1: y(budget), x2: width - right, y2: y(budget) }, svg);
    ['raw', 'managed'].forEach(function (name) {
      var values = options.series[name];
      var points = values.map(function (value, index) { return x(index).toFixed(1) + ',' + y(value).toFixed(1); });
      svgEl('polyline', { 'class': 'series-' + name, points: points.join(' '), 'data-points': values.length }, svg);
      if (n <= 40) values.forEach(function (value, index) { svgEl('circle', { 'class': 'dot-' + name, cx: x(index).toFixed(1), cy: y(value).toFixed(1), r: n === 1 ? 4 : 2.5 }, svg); });
    });
    var legend = html('div', { 'class': 'legend' }, container);
    var raw = html('span', {}, legend); html('span', { 'class': 'swatch swatch-raw' }, raw); raw.appendChild(document.createTextNode('raw, peak '));
    dataLabel(raw, 'peak-raw', Math.max.apply(null, options.series.raw));
    var managed = html('span', {}, legend); html('span', { 'class': 'swatch swatch-managed' }, managed); managed.appendChild(document.createTextNode('managed, peak '));
    dataLabel(managed, 'peak-managed', Math.max.apply(null, options.series.managed));
    var line = html('span', {}, legend); html('span', { 'class': 'swatch swatch-budget' }, line); line.appendChild(document.createTextNode('budget '));
    dataLabel(line, 'budget', budget);
  }

  // Compression events per strategy and turn; only the strategies that ran get a row.
  function timeline(container, conversation) {
    container.textContent = '';
    var events = conversation.events;
    if (events.length === 0) { empty(container, 'No compression event in this conversation.'); return; }
    var names = Object.keys(COLORS).filter(function (name) { return events.some(function (event) { return event.strategy === name; }); });
    events.forEach(function (event) { if (names.indexOf(event.strategy) < 0) names.push(event.strategy); });
    var width = Math.max(200, Math.floor(container.clientWidth || 600));
    var rowHeight = 22, top = 8, bottom = 26, right = 10;
    var height = top + bottom + rowHeight * names.length;
    var turns = Math.max(1, conversation.turns.length);
    var svg = svgEl('svg', { 'class': 'timeline', width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-label': 'Compression events by turn' }, container);
    var narrow = width < 480;
    var left = narrow ? 8 : measure(svg, names) + 14;
    names.forEach(function (name, row) {
      var middle = top + rowHeight * (row + 0.5);
      svgEl('line', { 'class': 'grid', x1: left, y1: middle + (narrow ? 5 : 0), x2: width - right, y2: middle + (narrow ? 5 : 0) }, svg);
      if (narrow) svgText(svg, left, middle - 3, name, { 'class': 'row-name' });
      else svgText(svg, left - 6, middle + 4, name, { 'text-anchor': 'end', 'class': 'row-name' });
    });
    // One dot per strategy and turn; its title lists every event of that turn.
    var groups = {}, order = [];
    events.forEach(function (event) {
      var key = event.strategy + '|' + event.turn;
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(event);
    });
    order.forEach(function (key) {
      var group = groups[key], first = group[0];
      var applied = group.some(function (event) { return event.outcome === 'applied'; });
      var row = names.indexOf(first.strategy);
      var color = COLORS[first.strategy] || '#2471a3';
      var circle = svgEl('circle', { 'class': 'event event-' + (applied ? 'applied' : 'failed'), 'data-strategy': first.strategy, 'data-turn': first.turn,
        'data-count': group.length, cx: (left + 5 + (width - left - right - 10) * (first.turn + 0.5) / turns).toFixed(1),
        cy: (top + rowHeight * (row + 0.5) + (narrow ? 5 : 0)).toFixed(1), r: group.length > 1 ? 5.5 : 4, fill: applied ? color : '#fff', stroke: color }, svg);
      svgEl('title', {}, circle).textContent = group.map(function (event) {
        return 'turn ' + (event.turn + 1) + ': ' + event.strategy + ' (' + event.outcome + ') ' + count(event.tokensBefore) + ' → ' + count(event.tokensAfter) + ' tokens';
      }).join('\n');
    });
    svgText(svg, left, height - 8, 'turn 1', { 'class': 'tick' });
    var lastLabel = 'turn ' + turns;
    if (width - right - measure(svg, [lastLabel]) > left + 50) svgText(svg, width - right, height - 8, lastLabel, { 'text-anchor': 'end', 'class': 'tick' });
    html('p', { 'class': 'caption' }, container).appendChild(document.createTextNode(events.length + (events.length === 1 ? ' event' : ' events') +
      '; a filled dot is an applied edit, an open one a failed pass; a larger dot holds several events of one turn (hover to list them).'));
  }

  function fillFigures(table, figures) {
    var rows = [
      ['turns', count(figures.turns), 'turns'],
      ['peak input tokens (raw)', count(figures.peakRawTokens), 'peak-raw'],
      ['peak input tokens (managed)', count(figures.peakManagedTokens), 'peak-managed'],
      ['cumulative input tokens (raw)', count(figures.cumulativeRawTokens), 'cumulative-raw'],
      ['cumulative input tokens (managed)', count(figures.cumulativeManagedTokens), 'cumulative-managed'],
      ['cumulative savings', percent(figures.cumulativeSavings), 'savings'],
      ['turns within budget', share(figures.withinBudget), 'within-budget'],
      ['prompt-prefix reuse', share(figures.prefixReuse), 'prefix-reuse'],
      ['identifier retention', share(figures.identifierRetention), 'identifier-retention'],
      ['  without identifier lists', optionalShare(figures.identifierRetentionWithoutLists), 'identifier-retention-without-lists'],
      ['ground-truth arguments visible (compressed turns)', optionalShare(figures.groundTruthVisibility), 'ground-truth'],
      ['  without identifier lists', optionalShare(figures.groundTruthVisibilityWithoutLists), 'ground-truth-without-lists'],
      ['identifier lists in managed tokens', optionalShare(figures.listTokenShare), 'list-share'],
      ['task visible verbatim (compressed turns)', optionalShare(figures.taskVisibility), 'task-visible'],
      ['reload depth (final state)', figures.reloadDepth ? 'max ' + figures.reloadDepth.max + ', p95 ' + figures.reloadDepth.p95 + ', ≥ 3 calls ' + share(figures.reloadDepth.atLeast3) + ', max at any turn ' + figures.reloadDepth.maxOverTurns : '—', 'reload-depth'],
      ['reload exactness', share(figures.reloadExactness), 'reload-exactness'],
      ['contract violations', count(figures.contractViolations) + (figures.budgetViolations === undefined ? '' : ' (' + count(figures.budgetViolations) + ' turns over budget not excused by the protected set)'), 'contract-violations'],
      ['passes / events', count(figures.passes) + ' / ' + count(figures.events), 'passes-events'],
      ['compressIfNeeded per turn', 'median ' + figures.compressMsMedian.toFixed(2) + ' ms, p95 ' + figures.compressMsP95.toFixed(2) + ' ms', 'compress-ms']
    ];
    rows.forEach(function (row) {
      var tr = html('tr', {}, table);
      html('td', {}, tr, row[0]);
      html('td', { 'data-metric': row[2] }, tr, row[1]);
    });
  }

  function headline(container, figures) {
    var cards = [
      ['cumulative savings', percent(figures.cumulativeSavings), 'savings', false],
      ['peak tokens, raw → managed', count(figures.peakRawTokens) + ' → ' + count(figures.peakManagedTokens), 'peak', false],
      ['turns within budget', percent(figures.withinBudget.share), 'within-budget', figures.withinBudget.part < figures.withinBudget.total],
      ['contract violations', count(figures.contractViolations), 'violations', figures.contractViolations > 0]
    ];
    cards.forEach(function (card) {
      var box = html('div', { 'class': 'card' + (card[3] ? ' bad' : ''), 'data-card': card[2] }, container);
      html('div', { 'class': 'label' }, box, card[0]);
      html('div', { 'class': 'value' }, box, card[1]);
    });
  }

  // Each strategy's share of the tokens saved, as HTML rows (labels wrap, never clip).
  function strategyChart(container, strategies) {
    var names = Object.keys(strategies).filter(function (name) { return strategies[name].events > 0 || strategies[name].tokensSaved > 0; });
    names.sort(function (a, b) { return strategies[b].tokensSaved - strategies[a].tokensSaved; });
    if (names.length === 0) { empty(container, 'No compression happened: every turn fit the budget.'); return null; }
    var total = names.reduce(function (sum, name) { return sum + Math.max(0, strategies[name].tokensSaved); }, 0);
    var max = Math.max.apply(null, [1].concat(names.map(function (name) { return strategies[name].tokensSaved; })));
    names.forEach(function (name) {
      var figures = strategies[name];
      var saved = Math.max(0, figures.tokensSaved);
      var row = html('div', { 'class': 'strategy-row' + (name === LAST_RESORT ? ' last-resort' : ''), 'data-strategy': name }, container);
      var label = html('div', { 'class': 'strategy-name' }, row, name);
      if (name === LAST_RESORT) html('span', { 'class': 'badge' }, label, 'last resort');
      var track = html('div', { 'class': 'bar-track' }, row);
      html('span', { 'class': 'bar', 'data-strategy': name, style: 'width:' + (100 * saved / max).toFixed(2) + '%;background:' + (COLORS[name] || '#2471a3') }, track);
      var value = html('div', { 'class': 'bar-label', 'data-strategy': name }, row);
      dataLabel(value, 'share', total === 0 ? 0 : saved / total, percent(total === 0 ? null : saved / total));
      value.appendChild(document.createTextNode(' · '));
      dataLabel(value, 'tokens-saved', figures.tokensSaved);
      value.appendChild(document.createTextNode(' tokens · ' + figures.events + (figures.events === 1 ? ' edit' : ' edits')));
    });
    var last = strategies[LAST_RESORT];
    return last && total > 0 && last.tokensSaved > 0 ? last.tokensSaved / total : null;
  }

  document.getElementById('settings').textContent = result.aggregate.conversations + (result.aggregate.conversations === 1 ? ' conversation' : ' conversations') + ', budget ' + count(budget) +
    ' tokens (trigger at ' + Math.round(config.tokenRatio * 100) + ' %, ' + config.msgThreshold + ' messages), mode ' + config.mode +
    ', ' + result.summarizer + ' summarizer, ' + result.counter + ' counter.';
  headline(document.getElementById('headline'), result.aggregate);
  fillFigures(document.getElementById('aggregate-table'), result.aggregate);
  var lastResortShare = strategyChart(document.getElementById('strategy-chart'), result.aggregate.strategies);
  if (lastResortShare !== null) {
    var note = document.getElementById('last-resort-note');
    note.hidden = false;
    if (lastResortShare >= 0.25) note.className = 'warning';
    note.textContent = 'The last resort did ' + percent(lastResortShare) + ' of the savings. It runs only when every other strategy left the ' +
      'context over budget, and keeps less of what it compresses: a large share means the budget is tight for these conversations.';
  }

  var conversations = result.conversations;
  var overview = document.getElementById('overview-chart');
  function drawOverview() {
    if (conversations.length < 2) { overview.textContent = ''; return; }
    lineChart(overview, { kind: 'overview-chart', label: 'Peak input tokens per conversation, raw and managed, with the budget',
      series: { raw: conversations.map(function (c) { return c.figures.peakRawTokens; }), managed: conversations.map(function (c) { return c.figures.peakManagedTokens; }) },
      xLabel: function (index) { return '#' + (index + 1); }, emptySentence: '' });
    html('p', { 'class': 'caption' }, overview, 'Peak input tokens of each conversation, in input order.');
  }

  // Index: one row per conversation, sortable.
  var COLUMNS = [
    { key: 'id', title: 'conversation' },
    { key: 'messages', title: 'messages' },
    { key: 'turns', title: 'turns' },
    { key: 'savings', title: 'savings', sort: 'savings' },
    { key: 'peakRaw', title: 'peak raw' },
    { key: 'peak', title: 'peak managed', sort: 'peak' },
    { key: 'overBudget', title: 'turns over budget' },
    { key: 'violations', title: 'violations', sort: 'violations' }
  ];
  var SORTS = {
    input: function (a, b) { return a.index - b.index; },
    savings: function (a, b) { return (b.figures.cumulativeSavings === null ? -Infinity : b.figures.cumulativeSavings) - (a.figures.cumulativeSavings === null ? -Infinity : a.figures.cumulativeSavings) || a.index - b.index; },
    peak: function (a, b) { return b.figures.peakManagedTokens - a.figures.peakManagedTokens || a.index - b.index; },
    violations: function (a, b) { return b.figures.contractViolations - a.figures.contractViolations || a.index - b.index; }
  };
  var headRow = document.querySelector('#conversation-index thead tr');
  COLUMNS.forEach(function (column) {
    var th = html('th', { scope: 'col', 'data-column': column.key }, headRow);
    if (column.sort) html('button', { type: 'button', 'data-sort': column.sort }, th, column.title);
    else th.textContent = column.title;
  });
  var body = document.querySelector('#conversation-index tbody');
  var rows = conversations.map(function (conversation, index) {
    var figures = conversation.figures;
    var tr = html('tr', { 'data-id': conversation.id, 'data-index': index });
    var idCell = html('td', { 'data-label': 'conversation' }, tr);
    html('a', { href: '#conversation-' + index, 'data-open': index }, idCell, conversation.id);
    var overBudget = figures.withinBudget.total - figures.withinBudget.part;
    var cells = [
      ['messages', count(conversation.messageCount), false], ['turns', count(figures.turns), false],
      ['savings', percent(figures.cumulativeSavings), false], ['peak raw', count(figures.peakRawTokens), false],
      ['peak managed', count(figures.peakManagedTokens), false], ['turns over budget', count(overBudget), overBudget > 0],
      ['violations', count(figures.contractViolations), figures.contractViolations > 0]
    ];
    cells.forEach(function (cell, column) {
      html('td', { 'data-label': cell[0], 'data-column': COLUMNS[column + 1].key, 'class': cell[2] ? 'bad' : '' }, tr, cell[1]);
    });
    return { index: index, figures: figures, row: tr };
  });
  function sortBy(key) {
    rows.slice().sort(SORTS[key]).forEach(function (entry) { body.appendChild(entry.row); });
    document.querySelectorAll('[data-sort]').forEach(function (button) {
      button.setAttribute('aria-pressed', String(button.getAttribute('data-sort') === key));
    });
    document.querySelectorAll('#conversation-index th').forEach(function (th) {
      var button = th.querySelector('button');
      if (button && button.getAttribute('data-sort') === key) th.setAttribute('aria-sort', 'descending'); else th.removeAttribute('aria-sort');
    });
    document.body.setAttribute('data-sorted', key);
  }
  document.querySelectorAll('[data-sort]').forEach(function (button) {
    button.addEventListener('click', function () { sortBy(button.getAttribute('data-sort')); });
  });
  sortBy('input');

  // Details, drawn when opened (a page of hundreds of conversations stays light).
  var list = document.getElementById('conversations');
  var detailSections = conversations.map(function (conversation, index) {
    var details = html('details', { 'class': 'conversation', id: 'conversation-' + index, 'data-id': conversation.id }, list);
    var summary = html('summary', {}, details, conversation.id + ' ');
    html('span', { 'class': 'summary-figures' }, summary, '(' + conversation.messageCount + ' messages · savings ' + percent(conversation.figures.cumulativeSavings) +
      ' · ' + count(conversation.figures.contractViolations) + ' violations)');
    var content = html('div', { 'class': 'conversation-body' }, details);
    var drawn = false;
    function draw() {
      if (!details.open) return;
      if (!drawn) {
        drawn = true;
        html('div', { 'class': 'chart-box token-box' }, content);
        html('div', { 'class': 'chart-box timeline-box' }, content);
        fillFigures(html('table', { 'class': 'figures' }, content), conversation.figures);
        [['contract violations (first 20)', conversation.contractViolationSamples], ['reloads that were not exact', conversation.reloadFailures],
          ['identifiers missing (turn: identifier)', conversation.missingIdentifiers]].forEach(function (pair) {
          if (!pair[1] || pair[1].length === 0) return;
          html('p', { 'class': 'caption' }, content, pair[0]);
          html('div', { 'class': 'samples' }, content, pair[1].join('\n'));
        });
      }
      lineChart(content.querySelector('.token-box'), { kind: 'token-chart', label: 'Input tokens per turn, raw and managed, with the budget',
        series: { raw: conversation.turns.map(function (turn) { return turn.rawTokens; }), managed: conversation.turns.map(function (turn) { return turn.managedTokens; }) },
        xLabel: function (index) { return 'turn ' + (index + 1); }, emptySentence: 'No assistant turn: nothing to chart.' });
      timeline(content.querySelector('.timeline-box'), conversation);
      details.setAttribute('data-drawn', 'true');
    }
    details.addEventListener('toggle', draw);
    return { details: details, draw: draw };
  });
  if (conversations.length === 1) detailSections[0].details.open = true;
  document.getElementById('expand-all').addEventListener('click', function () { detailSections.forEach(function (s) { s.details.open = true; s.draw(); }); });
  document.getElementById('collapse-all').addEventListener('click', function () { detailSections.forEach(function (s) { s.details.open = false; }); });
  body.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[data-open]');
    if (!link) return;
    var section = detailSections[Number(link.getAttribute('data-open'))];
    section.details.open = true; section.draw();
  });

  var lastWidth = -1;
  function redraw() {
    var width = document.documentElement.clientWidth;
    if (width === lastWidth) return;
    lastWidth = width;
    drawOverview();
    detailSections.forEach(function (s) { s.draw(); });
  }
  var pending = false;
  window.addEventListener('resize', function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; redraw(); });
  });
  redraw();
  document.body.setAttribute('data-rendered', 'true');
})();
`;
