// @ts-check
// score.js: the "just score" calculator (POST
// /api/rules/dead-reckoning/score, the input of engine/deadreckoning/score)
// and the score chart. It posts to its own game's address, not to the old
// /api/score, which goes to the first game served with a calculator: the
// other games have theirs too.

import { call } from '../../js/api.js';
import { h, s, fill, errorBox, colourOf } from '../../js/ui.js';
import { readGrid } from './battle.js';
import { facts, colours, colourLabel } from './common.js';

// The achievements and the colours are the game's (its facts and its
// description, served by the server): no copy here.
const ACH = facts.achievements.map((a) => [a.id, a.name]);
const COLOURS = colours.map((c) => c.id);
const VALUES_KEY = 'qm.achievementValues';

const num = (el) => (el.value.trim() === '' ? 0 : Number(el.value));
const numIn = (cls, v, label) => h('label', { class: 'num' }, h('span', null, label), h('input', { class: cls, type: 'number', min: 0, max: 99, inputmode: 'numeric', value: v ?? '' }));

export function scorePage(app) {
  const err = h('div');
  const result = h('div', { id: 'score-result' });
  // Achievement values are printed on the owner's Harbor board: entered
  // once, remembered on this device.
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(VALUES_KEY) || '{}'); } catch {}
  const achVals = h('div', { class: 'achvals' }, ACH.map(([id, name]) => h('label', { class: 'num' }, h('span', null, name),
    h('input', { type: 'number', min: 0, max: 20, 'data-ach': id, value: saved[id] ?? '', placeholder: '?' }))));
  const players = h('div', { class: 'score-players' });
  const islands = h('div', { class: 'score-islands' });

  const addPlayer = (p = {}) => {
    if (players.children.length >= 4) return;
    const used = new Set([...players.querySelectorAll('.colour')].map((x) => x.value));
    const colour = p.colour || COLOURS.find((c) => !used.has(c));
    const box = h('fieldset', { class: 'score-player' },
      h('legend', null, h('input', { class: 'name', placeholder: 'Name', value: p.name || '' }),
        h('select', { class: 'colour' }, COLOURS.map((c) => h('option', { value: c, selected: c === colour }, colourLabel(c)))),
        h('button', { class: 'icon', title: 'Remove', onclick: () => { box.remove(); islandCols(); } }, '✕')),
      h('div', { class: 'achs' }, ACH.map(([id, name]) => h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-ach': id, checked: (p.achievements || []).includes(id) }), ' ', name))),
      h('div', { class: 'nums' },
        numIn('chest', p.coins && p.coins.chest, 'Coins in chest'), numIn('ship', p.coins && p.coins.ship, 'on ship'), numIn('islands', p.coins && p.coins.islands, 'on your islands'),
        numIn('cdock', p.cargo && p.cargo.dock, 'Cargo on dock'), numIn('cship', p.cargo && p.cargo.ship, 'on ship'), numIn('cislands', p.cargo && p.cargo.islands, 'on your islands'),
        numIn('buildings', p.buildings, 'Buildings'), numIn('advancements', p.advancements, 'Advancements'),
        numIn('basic', p.upgrades && p.upgrades.basic, 'Basic upgrades'), numIn('advanced', p.upgrades && p.upgrades.advanced, 'Advanced upgrades')));
    players.append(box);
    box.addEventListener('input', islandCols);
    islandCols();
  };

  const addIsland = (is = {}) => {
    const row = h('div', { class: 'score-island' },
      h('input', { class: 'iname', placeholder: 'Island', value: is.name || '' }),
      h('input', { class: 'ivalues', placeholder: 'coins 1st,2nd,3rd', value: (is.values || []).join(',') }),
      h('span', { class: 'icubes' }),
      numIn('iempty', is.empty, 'empty slots'),
      h('button', { class: 'icon', onclick: () => row.remove() }, '✕'));
    row._cubes = is.cubes || {};
    islands.append(row);
    islandCols();
  };

  // islandCols keeps one cube count per player colour on every island row.
  function islandCols() {
    const cols = [...players.querySelectorAll('.colour')].map((x) => x.value);
    islands.querySelectorAll('.score-island').forEach((row) => {
      const span = row.querySelector('.icubes');
      const old = {};
      span.querySelectorAll('input').forEach((i) => { old[i.dataset.colour] = i.value; });
      fill(span, cols.map((c) => h('label', { class: 'num' }, h('span', { style: `color:${colourOf(c)}` }, colourLabel(c)),
        h('input', { type: 'number', min: 0, max: 20, 'data-colour': c, value: old[c] ?? row._cubes[c] ?? '' }))));
    });
  }

  const input = () => {
    const av = {};
    achVals.querySelectorAll('input').forEach((i) => { av[i.dataset.ach] = i.value.trim() === '' ? null : Number(i.value); });
    localStorage.setItem(VALUES_KEY, JSON.stringify(av));
    return {
      achievementValues: av,
      players: [...players.children].map((b) => {
        const q = (c) => b.querySelector('.' + c);
        return {
          name: q('name').value.trim(), colour: q('colour').value,
          achievements: [...b.querySelectorAll('.achs input:checked')].map((i) => i.dataset.ach),
          coins: { chest: num(q('chest')), ship: num(q('ship')), islands: num(q('islands')) },
          cargo: { dock: num(q('cdock')), ship: num(q('cship')), islands: num(q('cislands')) },
          buildings: num(q('buildings')), advancements: num(q('advancements')),
          upgrades: { basic: num(q('basic')), advanced: num(q('advanced')) },
        };
      }),
      islands: [...islands.children].map((r) => {
        const cubes = {};
        r.querySelectorAll('.icubes input').forEach((i) => { if (i.value.trim() !== '') cubes[i.dataset.colour] = Number(i.value); });
        const vals = r.querySelector('.ivalues').value.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
        return { name: r.querySelector('.iname').value.trim(), values: vals.length ? vals : null, cubes, empty: num(r.querySelector('.iempty')) };
      }),
    };
  };

  const go = async (scroll = true) => {
    fill(err);
    try {
      const base = input();
      const res = await call('POST', '/api/rules/dead-reckoning/score', { body: base });
      fill(result, scoreResult(res), res.tied && res.tied.length && !res.winner ? tieBreakBox(() => base, res.tied) : null);
      if (scroll) result.scrollIntoView({ behavior: 'smooth' });
    } catch (e) { fill(err, errorBox(e)); }
  };

  fill(app,
    h('h1', null, 'Just score'),
    h('p', { class: 'muted' }, 'For a game played without the companion: count the end of the game at the table, type it in, get the breakdown (rulebook pp. 22–23).'),
    h('h2', null, 'Achievement values on your Harbor board'), achVals,
    h('h2', null, 'Players'), players, h('button', { class: 'btn', onclick: () => addPlayer() }, '+ Player'),
    h('h2', null, 'Islands'), islands, h('button', { class: 'btn', onclick: () => addIsland() }, '+ Island'),
    err, h('button', { class: 'big primary', id: 'score-go', onclick: () => go() }, 'Count the score'), result);
  let pre = null;
  try { pre = JSON.parse(sessionStorage.getItem('qm.scorePrefill') || 'null'); } catch {}
  sessionStorage.removeItem('qm.scorePrefill');
  if (pre && pre.players) {
    pre.players.forEach((p) => addPlayer(p));
    (pre.islands || []).forEach((is) => addIsland(is));
  } else {
    addPlayer({ name: '' }); addPlayer({ name: '' });
  }
}

// tieBreakBox plays the tie-break battle (p. 23) through the calculator:
// base() is a score input in which the players named in tied are tied;
// cannons may come prefilled (a tracked game knows them). Each drop's read
// is added and the whole input scored again, until there is a winner.
export function tieBreakBox(base, tied, cannons) {
  const box = h('section', { class: 'tiebreak', id: 'tiebreak' });
  let tie = null;
  const run = async () => {
    try {
      const res = await call('POST', '/api/rules/dead-reckoning/score', { body: { ...base(), tieBreak: tie } });
      draw(res.tieBreak || {});
    } catch (e) { fill(box, h('h2', null, 'Tie-break battle (p. 23)'), errorBox(e)); }
  };
  const draw = (tb) => {
    fill(box, h('h2', null, 'Tie-break battle (p. 23)'));
    if (!tie) {
      const ins = tied.map((name) => h('label', { class: 'num' }, h('span', null, `${name}: cannons on ship and in the whole deck`),
        h('input', { type: 'number', min: 0, max: 60, 'data-name': name, value: cannons ? cannons[name] : '' })));
      box.append(h('p', null, 'Each tied player drops one cube per cannon, all at once; exploding shots count, abilities do not.'), h('div', { class: 'row' }, ins),
        h('button', { class: 'big primary', id: 'tie-start', onclick: () => {
          tie = { cannons: {}, reads: [] };
          ins.forEach((l) => { const i = l.querySelector('input'); tie.cannons[i.dataset.name] = Number(i.value || 0); });
          run();
        } }, 'Start the tie-break'));
      return;
    }
    (tb.rounds || []).forEach((r) => box.append(h('p', null, `Round ${r.round}: ` + Object.entries(r.strength || {}).map(([n, v]) => `${n} ${v}`).join(', '))));
    if (tb.refused) box.append(errorBox({ message: tb.refused }));
    if (tb.winner) { box.append(h('h2', { class: 'winner' }, `${tb.winner} wins the tie-break`)); return; }
    if (tb.next) {
      const drop = Object.entries(tb.next.drop || {});
      const grid = readGrid(drop.map(([c]) => c));
      box.append(h('p', { class: 'big-turn' }, `${tb.next.kind === 'explode' ? 'Exploding shots: drop' : 'Drop'} `, drop.map(([c, n]) => h('span', { class: 'chip', style: `--c:${colourOf(c)}` }, `${n} ${c}`))),
        h('p', null, 'Then count where the cubes landed:'), grid,
        h('button', { class: 'big primary', id: 'tie-read', onclick: () => { tie.reads.push(grid.value()); run(); } }, 'Use this read'));
    }
  };
  draw({});
  return box;
}

// scoreResult is the breakdown table and the chart.
export function scoreResult(res) {
  const players = res.players || [];
  const keys = [];
  const labels = {};
  players.forEach((p) => p.lines.forEach((l) => { if (!keys.includes(l.key)) { keys.push(l.key); labels[l.key] = l.label + (l.page ? ` (p. ${l.page})` : ''); } }));
  const cell = (p, k) => {
    const l = p.lines.find((x) => x.key === k);
    if (!l) return h('td', null, '');
    return h('td', { title: l.detail || '', class: l.coins === null ? 'missing' : '' }, l.coins === null ? '?' : l.coins);
  };
  return h('section', { class: 'score-out' },
    res.winner ? h('h2', { class: 'winner' }, `${res.winner} wins` + (res.tied && res.tied.length ? ` the tie-break (${res.tied.join(', ')} were tied)` : '')) : null,
    res.tied && res.tied.length && !res.winner ? h('h2', { class: 'winner' }, `Tied: ${res.tied.join(', ')} – settle it with the tie-break battle (p. 23)`) : null,
    !res.complete ? h('p', { class: 'warn' }, 'Some values are missing, so some totals are not known: ', (res.missing || []).join('; ')) : null,
    scoreChart(players),
    h('table', { class: 'breakdown', id: 'breakdown' },
      h('tr', null, h('th', null, ''), players.map((p) => h('th', { style: `color:${colourOf(p.colour)}` }, p.name))),
      keys.map((k) => h('tr', null, h('th', { class: 'label' }, labels[k]), players.map((p) => cell(p, k)))),
      h('tr', { class: 'total' }, h('th', null, 'Total'), players.map((p) => h('td', null, p.total ?? `≥ ${p.known}`)))));
}

/**
 * catWords names a chart's category as the breakdown does: the engine's
 * label of its one row ("Coins in Treasure chest"), or, for the categories
 * of several rows, the rows' kind ("islands").
 */
function catWords(players, cat) {
  for (const p of players) for (const l of p.lines) if (l.key === cat && l.label) return l.label;
  return ({ island: 'islands', end_game: 'end-game cards' })[cat] || cat.replace(/_/g, ' ');
}

const CAT_COLOURS = ['#4da3ff', '#ffd84d', '#3ddc84', '#ff9f43', '#b47cff', '#ff5c5c', '#2dd4bf', '#ff7bc8', '#9aa0a6', '#c0ca33'];

// scoreChart draws one stacked horizontal bar per player, one colour per
// category, with the total at the end.
export function scoreChart(players) {
  const cats = [];
  players.forEach((p) => p.lines.forEach((l) => { if (l.coins > 0 && !cats.includes(l.category)) cats.push(l.category); }));
  const max = Math.max(1, ...players.map((p) => p.lines.reduce((a, l) => a + Math.max(0, l.coins || 0), 0)));
  // A phone gets a narrower picture, so its words keep their size.
  const narrow = window.innerWidth < 600;
  const perRow = narrow ? 1 : 2;
  const W = narrow ? 380 : 900, rowH = 54, left = narrow ? 90 : 150, top = 10, legendH = 30 * Math.ceil(cats.length / perRow) + 10;
  const H = top + players.length * rowH + legendH;
  const scale = (W - left - 80) / max;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', id: 'score-chart', role: 'img', 'aria-label': 'score per player and category' });
  players.forEach((p, i) => {
    const y = top + i * rowH;
    svg.append(s('text', { x: left - 10, y: y + 30, 'text-anchor': 'end', class: 'pname', style: `fill:${colourOf(p.colour)}` }, p.name));
    let x = left;
    for (const cat of cats) {
      const v = p.lines.filter((l) => l.category === cat).reduce((a, l) => a + Math.max(0, l.coins || 0), 0);
      if (!v) continue;
      const w = v * scale;
      svg.append(s('rect', { x, y: y + 8, width: w, height: rowH - 16, style: `fill:${CAT_COLOURS[cats.indexOf(cat) % CAT_COLOURS.length]}` }, s('title', null, `${cat}: ${v}`)));
      if (w > 22) svg.append(s('text', { x: x + w / 2, y: y + 33, 'text-anchor': 'middle', class: 'barlabel' }, v));
      x += w;
    }
    svg.append(s('text', { x: x + 10, y: y + 33, class: 'total' }, p.total ?? `≥${p.known}`));
  });
  cats.forEach((cat, i) => {
    // Two a row (one on a phone): the names are the breakdown's, some long.
    const x = (narrow ? 10 : left) + (i % perRow) * 360, y = top + players.length * rowH + 10 + Math.floor(i / perRow) * 30;
    svg.append(s('rect', { x, y, width: 18, height: 18, style: `fill:${CAT_COLOURS[i % CAT_COLOURS.length]}` }));
    svg.append(s('text', { x: x + 24, y: y + 15, class: 'legend' }, catWords(players, cat)));
  });
  return svg;
}
