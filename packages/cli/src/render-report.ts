import type { SimulationResult } from './simulation-result';

/**
 * Renders a simulation result as one self-contained HTML page: the result is
 * embedded as JSON and an inline script draws the charts as SVG (token
 * curves raw vs managed per conversation, an event timeline, per-strategy
 * savings) and fills the tables. No network access, no external file.
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
<section id="aggregate"><h2>All conversations</h2><table id="aggregate-table" class="figures"></table></section>
<section id="savings"><h2>Tokens saved per strategy</h2><div id="strategy-chart"></div></section>
<section id="conversation-list"><h2>Conversations</h2><div id="conversations"></div></section>
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
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; color: #1d2330; }
h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 18px; margin-top: 28px; } h3 { font-size: 15px; margin: 20px 0 6px; }
#settings { color: #556; margin-top: 0; }
table.figures { border-collapse: collapse; } table.figures td { padding: 2px 14px 2px 0; vertical-align: top; }
table.figures td:first-child { color: #556; }
svg { display: block; background: #fafbfd; border: 1px solid #e3e6ee; border-radius: 4px; }
svg text { font: 11px system-ui, sans-serif; fill: #445; }
.series-raw { fill: none; stroke: #c0392b; stroke-width: 1.6; }
.series-managed { fill: none; stroke: #2471a3; stroke-width: 2; }
.budget { stroke: #7d8597; stroke-dasharray: 4 3; }
.axis { stroke: #b8bfcc; }
.legend-raw { fill: #c0392b; } .legend-managed { fill: #2471a3; }
.conversation { border-top: 1px solid #e3e6ee; padding-bottom: 8px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
`;

const SCRIPT = String.raw`
(function () {
  'use strict';
  var result = JSON.parse(document.getElementById('acm-result').textContent);
  var SVG = 'http://www.w3.org/2000/svg';
  var COLORS = { rollupHistory: '#8e44ad', compressToolRuns: '#16a085', offloadLargeMessagesProtected: '#d68910',
    offloadLargeMessages: '#ca6f1e', summarizeRounds: '#2e86c1', summarizeLargeCurrentMessages: '#28b463',
    compressCurrentRound: '#cb4335', lastResort: '#566573' };
  function count(value) { return Math.round(value).toLocaleString('en-US'); }
  function percent(value) { return value === null ? '—' : (value * 100).toFixed(1) + ' %'; }
  function share(value) { return percent(value.share) + ' (' + count(value.part) + '/' + count(value.total) + ')'; }
  function el(name, attributes, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attributes) node.setAttribute(key, String(attributes[key]));
    if (parent) parent.appendChild(node);
    return node;
  }
  function text(parent, x, y, content, attributes) {
    var node = el('text', attributes || {}, parent);
    node.setAttribute('x', String(x)); node.setAttribute('y', String(y));
    node.textContent = content;
    return node;
  }
  function optionalShare(value) { return value && value.total > 0 ? share(value) : '—'; }
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
      var tr = document.createElement('tr');
      var label = document.createElement('td'); label.textContent = row[0];
      var value = document.createElement('td'); value.textContent = row[1]; value.setAttribute('data-metric', row[2]);
      tr.appendChild(label); tr.appendChild(value); table.appendChild(tr);
    });
  }
  function tokenChart(conversation, budget) {
    var width = 640, height = 220, left = 62, right = 12, top = 24, bottom = 30;
    var turns = conversation.turns;
    var svg = el('svg', { 'class': 'token-chart', width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-label': 'Input tokens per turn, raw and managed' });
    var maxValue = Math.max(1, budget, conversation.figures.peakRawTokens);
    var span = Math.max(1, turns.length - 1);
    function x(index) { return left + (width - left - right) * (turns.length === 1 ? 0.5 : index / span); }
    function y(value) { return top + (height - top - bottom) * (1 - value / maxValue); }
    el('line', { 'class': 'axis', x1: left, y1: height - bottom, x2: width - right, y2: height - bottom }, svg);
    el('line', { 'class': 'axis', x1: left, y1: top, x2: left, y2: height - bottom }, svg);
    text(svg, left - 6, y(maxValue) + 4, count(maxValue), { 'text-anchor': 'end', 'class': 'tick' });
    text(svg, left - 6, height - bottom + 4, '0', { 'text-anchor': 'end', 'class': 'tick' });
    text(svg, left, height - 8, 'turn 1', { 'class': 'tick' });
    text(svg, width - right, height - 8, 'turn ' + turns.length, { 'text-anchor': 'end', 'class': 'tick' });
    if (budget <= maxValue) {
      el('line', { 'class': 'budget', x1: left, y1: y(budget), x2: width - right, y2: y(budget) }, svg);
      text(svg, width - right - 2, y(budget) - 4, 'budget ' + count(budget), { 'text-anchor': 'end', 'class': 'budget-label' });
    }
    ['raw', 'managed'].forEach(function (series) {
      var points = turns.map(function (turn, index) {
        return x(index).toFixed(1) + ',' + y(series === 'raw' ? turn.rawTokens : turn.managedTokens).toFixed(1);
      });
      el('polyline', { 'class': 'series-' + series, points: points.join(' '), 'data-points': turns.length }, svg);
    });
    text(svg, left + 8, 14, 'raw peak ', { 'class': 'legend-raw' }).appendChild(labelSpan('peak-raw', conversation.figures.peakRawTokens));
    text(svg, left + 200, 14, 'managed peak ', { 'class': 'legend-managed' }).appendChild(labelSpan('peak-managed', conversation.figures.peakManagedTokens));
    return svg;
  }
  function labelSpan(kind, value) {
    var span = el('tspan', { 'class': 'data-label', 'data-kind': kind, 'data-value': value });
    span.textContent = count(value);
    return span;
  }
  function timeline(conversation) {
    var width = 460, height = 220, left = 150, right = 12, top = 24, bottom = 30;
    var turns = Math.max(1, conversation.turns.length);
    var svg = el('svg', { 'class': 'timeline', width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-label': 'Compression events by turn' });
    text(svg, 8, 14, 'events: ', {}).appendChild(labelSpan('events', conversation.events.length));
    var names = Object.keys(COLORS);
    var rowHeight = (height - top - bottom) / names.length;
    names.forEach(function (name, row) {
      el('line', { 'class': 'axis', x1: left, y1: top + rowHeight * (row + 0.5), x2: width - right, y2: top + rowHeight * (row + 0.5) }, svg);
      text(svg, left - 6, top + rowHeight * (row + 0.5) + 4, name, { 'text-anchor': 'end', 'class': 'row-name' });
    });
    conversation.events.forEach(function (event) {
      var row = names.indexOf(event.strategy);
      var circle = el('circle', { 'class': 'event event-' + event.outcome, 'data-strategy': event.strategy, 'data-turn': event.turn,
        cx: (left + (width - left - right) * (event.turn + 0.5) / turns).toFixed(1), cy: (top + rowHeight * (row + 0.5)).toFixed(1),
        r: 4, fill: event.outcome === 'applied' ? COLORS[event.strategy] : '#fff', stroke: COLORS[event.strategy] }, svg);
      var title = el('title', {}, circle);
      title.textContent = 'turn ' + (event.turn + 1) + ': ' + event.strategy + ' (' + event.outcome + ') ' + count(event.tokensBefore) + ' → ' + count(event.tokensAfter) + ' tokens';
    });
    text(svg, left, height - 8, 'turn 1', { 'class': 'tick' });
    text(svg, width - right, height - 8, 'turn ' + turns, { 'text-anchor': 'end', 'class': 'tick' });
    return svg;
  }
  function strategyChart(strategies) {
    var names = Object.keys(strategies);
    var width = 720, rowHeight = 26, left = 230, right = 110;
    var height = Math.max(1, names.length) * rowHeight + 10;
    var svg = el('svg', { id: 'strategy-savings', width: width, height: height, viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-label': 'Tokens saved per strategy' });
    var maxSaved = Math.max.apply(null, [1].concat(names.map(function (name) { return strategies[name].tokensSaved; })));
    names.forEach(function (name, index) {
      var figures = strategies[name];
      var yTop = 5 + index * rowHeight;
      text(svg, left - 8, yTop + 16, name, { 'text-anchor': 'end', 'class': 'bar-name' });
      var barWidth = Math.max(1, (width - left - right) * Math.max(0, figures.tokensSaved) / maxSaved);
      el('rect', { 'class': 'bar', 'data-strategy': name, x: left, y: yTop + 4, width: barWidth.toFixed(1), height: rowHeight - 8, fill: COLORS[name] || '#2471a3' }, svg);
      var label = text(svg, left + barWidth + 6, yTop + 16, '', { 'class': 'bar-label', 'data-strategy': name });
      var value = el('tspan', { 'class': 'data-label', 'data-kind': 'tokens-saved', 'data-value': figures.tokensSaved }, label);
      value.textContent = count(figures.tokensSaved);
      var rest = el('tspan', {}, label);
      rest.textContent = ' (' + figures.events + ' events)';
    });
    if (names.length === 0) text(svg, 8, 16, 'No compression happened.', {});
    return svg;
  }
  var config = result.config;
  document.getElementById('settings').textContent = result.aggregate.conversations + ' conversations, budget ' + count(config.maxToken) +
    ' tokens (trigger at ' + Math.round(config.tokenRatio * 100) + ' %, ' + config.msgThreshold + ' messages), mode ' + config.mode +
    ', ' + result.summarizer + ' summarizer, ' + result.counter + ' counter.';
  fillFigures(document.getElementById('aggregate-table'), result.aggregate);
  document.getElementById('strategy-chart').appendChild(strategyChart(result.aggregate.strategies));
  var list = document.getElementById('conversations');
  result.conversations.forEach(function (conversation) {
    var section = document.createElement('section');
    section.className = 'conversation';
    section.setAttribute('data-id', conversation.id);
    var heading = document.createElement('h3');
    heading.textContent = conversation.id + ' (' + conversation.messageCount + ' messages)';
    section.appendChild(heading);
    var charts = document.createElement('div');
    charts.className = 'charts';
    charts.appendChild(tokenChart(conversation, config.maxToken));
    charts.appendChild(timeline(conversation));
    section.appendChild(charts);
    var table = document.createElement('table');
    table.className = 'figures';
    fillFigures(table, conversation.figures);
    section.appendChild(table);
    list.appendChild(section);
  });
  document.body.setAttribute('data-rendered', 'true');
})();
`;
