// dr.js: Dead Reckoning's table, drawn from the engine's view JSON
// (engine/deadreckoning View, described in docs/api-engine.md): the Harbor
// and the 3x4 ocean, ships, players, achievements, battles, and forms for the
// actions a player takes most.

import { h, s, fill, colourOf } from './ui.js';
import { scoreResult } from './score.js';

export function accepts(view) {
  return !!(view && Array.isArray(view.boards) && Array.isArray(view.players) && view.turn);
}

const ACHIEVEMENTS = [
  ['legendary', 'Legendary', 'win 4 ship battles', 4],
  ['expert-sailors', 'Expert Sailors', '3 cards at level 4', 3],
  ['terror-of-the-sea', 'Terror of the Sea', 'sink a ship', 1],
  ['builder', 'Builder', '5 buildings', 5],
  ['capitalist', 'Capitalist', '30 coins in the chest', 30],
  ['settler', 'Settler', '6 permanent cubes', 6],
  ['elite-vessel', 'Elite Vessel', '4 ship upgrades', 4],
  ['explorer', 'Explorer', 'explore 5/4/3 boards', 0],
  ['master-merchant', 'Master Merchant', 'return 12 cargo at once', 12],
];

const norm = (x) => String(x || '').toLowerCase().replace(/[\s_]+/g, '-');

function player(view, seat) { return view.players.find((p) => p.seat === seat); }
function pname(view, seat) { const p = player(view, seat); return p ? p.name : 'nobody'; }
function pcol(view, seat) { const p = player(view, seat); return p ? colourOf(p.color) : '#777'; }

// posKey accepts "R2C3"/"harbor" strings or {Row,Col} objects.
function posKey(p) {
  if (!p) return 'harbor';
  if (typeof p === 'string') return p.toUpperCase() === 'HARBOR' ? 'harbor' : p.toUpperCase();
  const r = p.Row ?? p.row, c = p.Col ?? p.col;
  return r ? `R${r}C${c}` : 'harbor';
}

export function title(view, snap) {
  const t = view.turn || {};
  const who = pname(view, t.seat);
  return h('span', null, 'Dead Reckoning · turn ', t.number || 1, ' · ',
    h('span', { class: 'turnname', style: `color:${pcol(view, t.seat)}` }, who));
}

// ---------- the board ----------

const CW = 210, CH = 150, GAP = 8, HH = 90;

function boardSVG(view, ctx, path) {
  const W = 3 * CW + 4 * GAP, H = 4 * CH + 5 * GAP + HH + GAP;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board', id: 'board', role: 'img', 'aria-label': 'The ocean: Harbor at the bottom, row 4 at the top' });
  const boards = new Map((view.boards || []).map((b) => [posKey(b.at), b]));
  const shipsAt = new Map();
  for (const p of view.players) {
    const k = posKey(p.ship && p.ship.at);
    if (!shipsAt.has(k)) shipsAt.set(k, []);
    shipsAt.get(k).push(p);
  }
  const cellXY = (r, c) => [GAP + (c - 1) * (CW + GAP), GAP + (4 - r) * (CH + GAP)];
  const onPick = (key) => ctx.pick && ctx.pick(key);

  // Harbor across the bottom.
  const hy = GAP + 4 * (CH + GAP);
  const harbor = s('g', { class: 'cell harbor' + (path.includes('harbor') ? ' onpath' : ''), 'data-pos': 'harbor', onclick: () => onPick('harbor') },
    s('rect', { x: GAP, y: hy, width: W - 2 * GAP, height: HH, rx: 10 }),
    s('text', { x: W / 2, y: hy + 28, class: 'cellname', 'text-anchor': 'middle' }, 'Harbor'));
  ships(harbor, shipsAt.get('harbor'), GAP + 20, hy + 40, view);
  svg.append(harbor);

  for (let r = 1; r <= 4; r++) {
    for (let c = 1; c <= 3; c++) {
      const key = `R${r}C${c}`;
      const b = boards.get(key) || { explored: false };
      const [x, y] = cellXY(r, c);
      const g = s('g', { class: 'cell ' + (b.explored ? 'explored ' + (b.kind || '') : 'hidden') + (path.includes(key) ? ' onpath' : ''), 'data-pos': key, onclick: () => onPick(key) });
      const isl = b.island;
      const ctrl = isl && isl.controller >= 0 ? pcol(view, isl.controller) : null;
      g.append(s('rect', { x, y, width: CW, height: CH, rx: 10, style: ctrl ? `stroke:${ctrl};stroke-width:6` : null }));
      g.append(s('text', { x: x + 8, y: y + 18, class: 'poslabel' }, `Row ${r}`));
      if (!b.explored) {
        g.append(s('text', { x: x + CW / 2, y: y + CH / 2 + 12, class: 'unknown', 'text-anchor': 'middle' }, '?'));
      } else if (!b.kind) {
        g.append(s('text', { x: x + CW / 2, y: y + 50, class: 'cellname', 'text-anchor': 'middle' }, 'Face up'));
        g.append(s('text', { x: x + CW / 2, y: y + 72, class: 'small', 'text-anchor': 'middle' }, 'enter what it shows'));
      } else if (isl) {
        g.append(s('text', { x: x + CW / 2, y: y + 22, class: 'cellname', 'text-anchor': 'middle' }, b.name || isl.id || 'Island'));
        // Slots: one square per slot, filled with the cube's colour.
        const slots = isl.slots || [];
        slots.forEach((seat, i) => {
          g.append(s('rect', { x: x + 10 + i * 22, y: y + 32, width: 18, height: 18, rx: 3, class: 'slot' + (seat >= 0 ? ' full' : ''), style: seat >= 0 ? `fill:${pcol(view, seat)}` : null },
            s('title', null, seat >= 0 ? pname(view, seat) + '’s cube' : 'empty slot')));
        });
        // Permanent cubes per player.
        const perm = isl.permanent || [];
        let px = x + 10;
        perm.forEach((n, seat) => {
          if (!n) return;
          g.append(s('rect', { x: px, y: y + 58, width: 14, height: 14, class: 'perm', style: `fill:${pcol(view, seat)}` }));
          g.append(s('text', { x: px + 18, y: y + 70, class: 'small' }, `×${n}`));
          px += 44;
        });
        const bits = [];
        if (isl.cargo) bits.push(`${isl.cargo} cargo`);
        if (isl.coins) bits.push(`${isl.coins} coins`);
        (isl.buildings || []).forEach((bd) => bits.push(bd));
        if (bits.length) g.append(s('text', { x: x + 10, y: y + 92, class: 'small' }, bits.join(' · ')));
        if (ctrl) g.append(s('text', { x: x + CW - 8, y: y + 18, class: 'small', 'text-anchor': 'end', style: `fill:${ctrl}` }, '⚑ ' + pname(view, isl.controller)));
      } else {
        g.append(s('text', { x: x + CW / 2, y: y + 26, class: 'cellname', 'text-anchor': 'middle' }, 'Open sea'));
        if (b.arrows && b.arrows.length) g.append(s('text', { x: x + CW / 2, y: y + 50, class: 'small', 'text-anchor': 'middle' }, 'arrows: ' + b.arrows.join(', ')));
      }
      if (b.card) {
        const label = b.card.adv && b.card.adv.merchant ? 'Merchant ship' : (b.cardDef && b.cardDef.name) || (b.card.adv && b.card.adv.id) || 'card?';
        g.append(s('rect', { x: x + CW - 84, y: y + CH - 44, width: 76, height: 36, rx: 4, class: 'cardspace' }));
        g.append(s('text', { x: x + CW - 46, y: y + CH - 28, class: 'small', 'text-anchor': 'middle' }, `Row ${b.card.row}`));
        g.append(s('text', { x: x + CW - 46, y: y + CH - 14, class: 'tiny', 'text-anchor': 'middle' }, String(label).slice(0, 14)));
      }
      ships(g, shipsAt.get(key), x + 10, y + CH - 40, view);
      svg.append(g);
    }
  }
  return svg;
}

function ships(g, list, x, y, view) {
  (list || []).forEach((p, i) => {
    const sh = p.ship || {};
    const cx = x + i * 46;
    const col = colourOf(p.color);
    g.append(s('g', { class: 'ship' + (sh.pirate ? ' pirate' : ''), 'data-seat': p.seat },
      s('path', { d: `M${cx} ${y + 18} L${cx + 36} ${y + 18} L${cx + 30} ${y + 30} L${cx + 6} ${y + 30} Z`, style: `fill:${col}` }),
      s('path', { d: `M${cx + 18} ${y - 4} L${cx + 18} ${y + 18} M${cx + 18} ${y - 2} L${cx + 32} ${y + 8} L${cx + 18} ${y + 12}`, class: 'mast', style: `stroke:${col}` }),
      sh.pirate ? s('text', { x: cx + 2, y: y + 6, class: 'tiny flag' }, '☠') : null,
      sh.damage ? s('text', { x: cx + 18, y: y + 44, class: 'tiny dmg', 'text-anchor': 'middle' }, `dmg ${sh.damage}`) : null,
      s('title', null, `${p.name}’s ship${sh.pirate ? ' (pirate mode)' : ''}, ${sh.damage || 0} damage`)));
  });
}

// ---------- players and achievements ----------

function holdText(sh) {
  return (sh.spaces || []).map((sp, i) => {
    const cap = sh.capacity ? sh.capacity[i] : 0;
    const hold = sp.hold || {};
    if (!cap && !(hold.cargo || hold.coins)) return null;
    return `${'ABCD'[i]}: ${hold.cargo || 0} cargo, ${hold.coins || 0} coins / ${cap}`;
  }).filter(Boolean).join(' · ');
}

function playersPanel(view, ctx) {
  const ps = view.players.slice().sort((a, b) => (b.seat === ctx.seat) - (a.seat === ctx.seat));
  return h('section', { class: 'players-panel', id: 'players' }, ps.map((p) => {
    const sh = p.ship || {};
    const active = view.turn && view.turn.seat === p.seat;
    const mine = ctx.seat === p.seat;
    return h('div', { class: 'pcard' + (active ? ' active' : '') + (mine ? ' mine' : ''), style: `--c:${colourOf(p.color)}`, 'data-seat': p.seat },
      h('h3', null, p.name, active ? h('span', { class: 'badge' }, 'to play') : null, sh.pirate ? h('span', { class: 'badge pirate' }, 'pirate') : h('span', { class: 'badge' }, 'mercantile')),
      h('div', { class: 'stats' },
        stat('Ship at', posKey(sh.at)),
        stat('Damage', `${sh.damage || 0} / 5`, (sh.damage || 0) >= 4 ? 'warn' : ''),
        stat('Sails', sh.sails || 0),
        stat('Cannons', sh.cannons ?? '–'),
        stat('Dock', `${p.dock || 0} cargo`),
        stat('Cubes left', p.cubes ?? '–'),
        stat('Hand', p.handCount ?? '–'),
        p.chest !== undefined && p.chest !== null ? stat('Your chest', `${p.chest} coins`, 'secret') : stat('Chest', 'secret')),
      h('div', { class: 'holds' }, holdText(sh) || 'Holds empty'),
      (p.played && p.played.length) ? h('div', { class: 'played' }, 'Played: ', p.played.map((c) => cardChip(c))) : null,
      (p.hand && p.hand.length) ? h('div', { class: 'hand', id: 'my-hand' }, 'Your hand: ', p.hand.map((c) => cardChip(c))) : null,
      p.bonusToken ? h('div', { class: 'secret' }, 'Your bonus token: ', p.bonusToken) : null);
  }));
}

function stat(label, value, cls) {
  return h('div', { class: 'stat ' + (cls || '') }, h('span', { class: 'k' }, label), h('span', { class: 'v' }, value));
}

function cardChip(c) {
  const icons = [c.sails ? `sail ${c.sails}` : '', c.cannons ? `cannon ${c.cannons}` : '', c.wheels ? `wheel ${c.wheels}` : ''].filter(Boolean).join(' ');
  return h('span', { class: 'cardchip', title: c.id }, `${c.kind || c.id} L${c.level || 1}`, icons ? ' ' + icons : '');
}

function achievementsPanel(view) {
  return h('section', { class: 'achievements', id: 'achievements' },
    h('h2', null, 'Achievements'),
    h('div', { class: 'achgrid' }, ACHIEVEMENTS.map(([id, name, what, goal]) => {
      const have = view.players.filter((p) => (p.achievements || []).some((a) => norm(a) === id));
      const prog = view.players.map((p) => {
        const pr = p.progress || {};
        const n = pr[id] ?? pr[id.replace(/-/g, '_')] ?? pr[name] ?? 0;
        return n && !have.includes(p) ? h('span', { class: 'prog', style: `--c:${colourOf(p.color)}` }, `${p.name} ${n}${goal ? '/' + goal : ''}`) : null;
      });
      return h('div', { class: 'ach' + (have.length ? ' claimed' : '') },
        h('div', { class: 'aname' }, name),
        h('div', { class: 'awhat' }, what),
        h('div', { class: 'markers' }, have.map((p) => h('span', { class: 'marker', style: `background:${colourOf(p.color)}`, title: p.name }))),
        h('div', null, prog));
    })));
}

function turnPanel(view) {
  const t = view.turn || {};
  const used = t.used || [];
  return h('section', { class: 'turn', id: 'turn' },
    h('div', { class: 'big-turn', style: `--c:${pcol(view, t.seat)}` }, `${pname(view, t.seat)} to play`),
    h('ul', { class: 'cando' },
      h('li', { class: t.sailsSet ? 'done' : '' }, t.sailsSet ? 'Sails are set' : 'Sails not set yet (once per turn, p. 9)'),
      h('li', null, `Sails left: ${(player(view, t.seat) || {}).ship ? player(view, t.seat).ship.sails : 0}`),
      h('li', { class: t.bought >= 2 ? 'done' : '' }, `Advances bought: ${t.bought || 0} of 2 (p. 10)`),
      h('li', { class: t.explored ? 'done' : '' }, t.explored ? 'Already explored this turn (p. 9)' : 'May still explore one board (p. 9)'),
      used.length ? h('li', null, `Abilities used: ${used.length}`) : null,
      t.cannonsUsed && Object.keys(t.cannonsUsed).length ? h('li', null, 'Cannons used: ' + Object.entries(t.cannonsUsed).map(([k, n]) => {
        const [seat, src] = k.includes('/') ? k.split('/') : [null, k];
        return seat !== null && /^\d+$/.test(seat) ? `${pname(view, Number(seat))}’s ${src} ${n}` : `${k} ${n}`;
      }).join(', ') + ' (once per turn, p. 17)') : null,
      t.fought && t.fought.length ? h('li', null, 'Already fought: ' + t.fought.map((f) => {
        const [kind, x] = String(f).split(':');
        return kind === 'ship' ? pname(view, Number(x)) + '’s ship' : kind === 'building' ? `the buildings at ${x}` : 'a merchant ship';
      }).join(', ') + ' (not twice in a turn, p. 17)') : null,
      t.blockaded && t.blockaded.length ? h('li', { class: 'warn' }, `Blockaded at ${t.blockaded.map(posKey).join(', ')}: no dealings with the island (p. 18)`) : null,
      t.pendingExplore ? h('li', { class: 'warn' }, `Board ${posKey(t.pendingExplore)} must be turned over: enter what it shows`) : null,
      view.endTriggeredBy >= 0 ? h('li', { class: 'warn' }, `${pname(view, view.endTriggeredBy)} has four achievements: final turns`) : null));
}

// ---------- battles ----------

// needOf finds the battle's "what now" (battle.Need) in a pending battle,
// wherever the game's view puts it.
function needOf(b, view) {
  return b.need || (b.state && b.state.need) || (view && (view.battleNeed || view.need)) || null;
}

function strengthBars(need, names, cols) {
  const st = need.strength || [0, 0];
  const max = Math.max(4, st[0], st[1]);
  const svg = s('svg', { viewBox: '0 0 400 90', class: 'strength', role: 'img', 'aria-label': `strength ${st[0]} to ${st[1]}` });
  [0, 1].forEach((i) => {
    const y = 8 + i * 42;
    svg.append(s('text', { x: 0, y: y + 24, class: 'small' }, names[i]));
    svg.append(s('rect', { x: 110, y, width: 260 * (st[i] / max), height: 32, style: `fill:${cols[i]}` }));
    svg.append(s('text', { x: 116 + 260 * (st[i] / max), y: y + 24, class: 'small' }, `${st[i]} strength`));
  });
  return svg;
}

function needPanel(need, names, cols, view) {
  const who = { attacker: names[0], defender: names[1], table: 'the table', both: 'both sides' }[need.who] || need.who || '';
  const drop = need.drop ? Object.entries(need.drop).filter(([, n]) => n > 0) : [];
  const kind = { drop: 'Drop', ability: 'Drop (ability)', redrop: 'Drop again (balanced on a border)', explode: 'Exploding shot: drop' }[need.drop_kind] || 'Drop';
  return h('div', { class: 'need', id: 'battle-need' },
    h('div', { class: 'phase' }, `Step: ${need.phase}`, who ? ` · waiting for ${who}` : '',
      need.waitingOn && need.waitingOn.length ? ` (${need.waitingOn.map((x) => pname(view, x)).join(' or ')} may act)` : ''),
    drop.length ? h('div', { class: 'drop big-turn' }, `${kind} `, drop.map(([c, n]) => h('span', { class: 'chip', style: `--c:${colourOf(c)}` }, `${n} ${c}`))) : null,
    h('div', { class: 'cubes' }, [0, 1].map((i) => h('div', { class: 'sidecubes', style: `--c:${cols[i]}` },
      h('strong', null, `${names[i]}: ${(need.cubes || [])[i] ?? 0} cubes`),
      h('ul', null, ((need.reasons || [])[i] || []).map((r) => h('li', null, `${r.cubes} – ${r.why || r.source}`)))))),
    need.strength ? strengthBars(need, names, cols) : null,
    need.usable && need.usable.length ? h('div', null, 'Abilities still usable: ', need.usable.join(', ')) : null,
    need.plunder ? h('div', null, 'Plunder to place: ', Object.entries(need.plunder).map(([role, p]) =>
      `${role === 'attacker' ? names[0] : names[1]}: ${p.cargo} cargo, ${p.coins} coins, ${p.choice} of either`).join('; ')) : null);
}

const TALLY = [['strength', 'strength'], ['explode', 'exploding'], ['cargo', 'cargo'], ['coin', 'coins'], ['cargo_or_coin', 'cargo or coin'], ['damage', 'damage']];

// fightPanel is the battle being fought (view.battle): the tally of the
// board per side, and the outcome once it is over.
function fightPanel(view, bv) {
  const names = bv.sides.map((x) => x.name), cols = bv.sides.map((x) => colourOf(x.colour));
  const o = bv.outcome;
  const parts = [
    h('table', { class: 'tally', id: 'battle-tally' },
      h('tr', null, h('th', null, 'on the board'), TALLY.map(([, l]) => h('th', null, l))),
      bv.sides.map((side, i) => h('tr', null, h('th', { style: `color:${cols[i]}` }, side.name), TALLY.map(([k]) => h('td', null, (bv.tally[i] || {})[k] || 0)))))];
  if (bv.error) parts.push(h('p', { class: 'warn' }, bv.error.message || String(bv.error)));
  if (o) {
    const w = o.winner === 'attacker' ? 0 : 1;
    const sides = o.sides || [];
    parts.push(h('div', { class: 'outcome', id: 'battle-outcome' },
      h('h3', null, `${names[w]} wins the battle ${(o.strength || [])[w] ?? ''} to ${(o.strength || [])[1 - w] ?? ''}`),
      h('ul', null, sides.map((sd, i) => h('li', null, `${names[i]}: ${sd.damage || 0} damage taken`,
        sd.ship && (sd.ship.cargo || sd.ship.coins) ? `, plunder to the ship ${sd.ship.cargo} cargo ${sd.ship.coins} coins` : '',
        sd.sinks ? ' – the ship sinks!' : ''))),
      o.to_mercantile ? h('p', null, 'The losing pirate ship turns mercantile (p. 18).') : null,
      o.blockaded >= 0 ? h('p', null, `${pname(view, o.blockaded)} is blockaded there (p. 18).`) : null));
  }
  return h('div', { class: 'fight' }, parts);
}

function battlePanel(view, camera) {
  const bs = view.battles || [];
  const bv = view.battle;
  if (!bs.length && !bv) return null;
  const cards = bs.map((b) => {
    const att = player(view, b.attacker), def = b.defender >= 0 ? player(view, b.defender) : null;
    const defName = def ? def.name : (b.merchant ? b.merchant.name || 'a merchant ship' : (b.buildings && b.buildings.length ? b.buildings.join(' and ') : 'the defence'));
    const names = [att ? att.name : '?', defName];
    const cols = [pcol(view, b.attacker), def ? colourOf(def.color) : '#888'];
    const need = needOf(b, view);
    const current = bv && bv.id === b.id;
    return h('div', { class: 'battlecard' },
      h('h2', null, '⚔ Battle at ', posKey(b.at)),
      h('div', { class: 'sides' },
        h('div', { class: 'side-a', style: `--c:${cols[0]}` }, h('div', { class: 'who' }, names[0]), h('div', { class: 'muted' }, 'attacks')),
        h('div', { class: 'vs' }, 'vs'),
        h('div', { class: 'side-d', style: `--c:${cols[1]}` }, h('div', { class: 'who' }, defName),
          b.merchant && b.merchant.cubes ? h('div', { class: 'muted' }, `drops ${b.merchant.cubes} black cubes`) : null)),
      h('p', { class: 'muted' }, { 'pirate-stop': 'stopped on a pirate ship (p. 10)', 'attack-flag': 'attack flag (p. 15)', 'pirate-choice': 'chose to fight a pirate ship (p. 12)', merchant: 'attacked a merchant ship (p. 10)', building: 'attacked a building (p. 20)' }[b.cause] || b.cause || b.kind || ''),
      need ? needPanel(need, names, cols, view)
        : h('p', null, b.started ? 'Cubes are down: read the board (the camera proposes a read), then resolve abilities in turn (p. 19).' : 'Take battle cubes: one per cannon used (p. 17); the defender plays cards after the attacker (p. 18).'),
      current ? fightPanel(view, bv) : null,
      camera ? h('img', { class: 'camera', src: '/api/camera.mjpg', alt: 'the battle board, live' }) : h('p', { class: 'muted' }, 'No camera on this table: type the read in by hand when asked.'));
  });
  // The last battle of the turn, over: its outcome stays on show.
  if (bv && !bs.some((b) => b.id === bv.id)) {
    cards.push(h('div', { class: 'battlecard done' }, h('h2', null, `⚔ The battle at ${posKey(bv.at)}: ${bv.sides.map((x) => x.name).join(' vs ')}`), fightPanel(view, bv)));
  }
  return h('section', { class: 'battle' + (bs.length ? '' : ' over'), id: 'battle' }, cards);
}

// battleSteps are the forms for the step the battle waits for, as
// battle-step actions (docs/battles.md): cannons, defence, the drop, the
// read (a grid per colour and zone), abilities in turn or a pass, plunder.
export function battleSteps(view, ctx) {
  const b = (view.battles || [])[0];
  const need = b && needOf(b, view);
  if (!need) return null;
  const roleSeat = { attacker: b.attacker, defender: b.defender };
  const step = (st, seat) => ctx.submit({ type: 'battle-step', seat: seat ?? -1, ...st }).catch(() => {});
  const box = h('fieldset', { class: 'explore battle-steps', id: 'battle-steps' }, h('legend', null, `Battle: ${need.phase}`));
  switch (need.phase) {
    case 'cannons': {
      const ship = h('input', { type: 'number', min: 0, max: 9, value: (player(view, b.attacker) || {}).ship ? player(view, b.attacker).ship.cannons : 1, id: 'bs-ship-cannons' });
      const more = h('input', { placeholder: 'cannons of played cards, e.g. gunner:3, deck-hand-1:1', id: 'bs-card-cannons' });
      box.append(h('label', null, 'Cannons of the ship used ', ship), more,
        h('button', { class: 'btn primary', id: 'bs-cannons', onclick: () => {
          const cannons = { ship: Number(ship.value || 0) };
          more.value.split(',').map((x) => x.split(':').map((y) => y.trim())).filter(([k]) => k).forEach(([k, n]) => { cannons[k] = Number(n || 0); });
          step({ step: 'cannons', role: 'attacker', cannons }, roleSeat.attacker);
        } }, 'Take the cubes'));
      break;
    }
    case 'defence': {
      const play = h('input', { placeholder: 'cards played from hand, e.g. gunner, crew-1', id: 'bs-defend' });
      box.append(play, h('button', { class: 'btn primary', id: 'bs-defend-go', onclick: () =>
        step({ step: 'defend', role: 'defender', play: play.value.split(',').map((x) => x.trim()).filter(Boolean) }, roleSeat.defender) }, 'Defend'));
      break;
    }
    case 'ready':
      box.append(h('button', { class: 'big primary', id: 'bs-drop', onclick: () => step({ step: 'drop', role: 'attacker' }) }, 'The cubes are dropped'));
      break;
    case 'read': {
      const colours = Object.keys(need.in_ship || need.drop || {});
      const grid = readGrid(colours, null, 'bs-read-grid');
      box.append(h('p', null, 'Where did the cubes land? (or wait for the camera)'), grid,
        h('button', { class: 'btn primary', id: 'bs-read', onclick: () => step({ step: 'read', role: 'attacker', read: grid.value() }) }, 'Record the read'));
      break;
    }
    case 'abilities': {
      const who = need.who === 'defender' ? 'defender' : 'attacker';
      box.append(h('p', null, `${who === 'attacker' ? pname(view, b.attacker) : pname(view, b.defender)}: use one battle ability, or pass.`),
        h('div', { class: 'row' }, (need.usable || []).map((id) => h('button', { class: 'btn', onclick: () => step({ step: 'ability', role: who, ability: id, zone: '' }, roleSeat[who]) }, id)),
          h('button', { class: 'btn primary', id: 'bs-pass', onclick: () => step({ step: 'pass', role: who }, roleSeat[who]) }, 'Pass')));
      break;
    }
    case 'plunder': {
      for (const [role, due] of Object.entries(need.plunder || {})) {
        const coins = h('input', { type: 'number', min: 0, max: due.choice || 0, value: 0 });
        const shipC = h('input', { type: 'number', min: 0, value: due.cargo || 0 }), shipK = h('input', { type: 'number', min: 0, value: due.coins || 0 });
        const islC = h('input', { type: 'number', min: 0, value: 0 }), islK = h('input', { type: 'number', min: 0, value: 0 });
        box.append(h('div', { class: 'plunder' }, h('strong', null, `${pname(view, roleSeat[role])} plunders ${due.cargo} cargo, ${due.coins} coins and ${due.choice} of either`),
          due.choice ? h('label', null, ' coins among the “either”: ', coins) : null,
          h('div', { class: 'row' }, 'To the ship: cargo ', shipC, ' coins ', shipK, ' To the island: cargo ', islC, ' coins ', islK),
          h('button', { class: 'btn primary', onclick: () => step({ step: 'plunder', role, plunder: { choice_coins: Number(coins.value || 0),
            ship: { cargo: Number(shipC.value || 0), coins: Number(shipK.value || 0) }, island: { cargo: Number(islC.value || 0), coins: Number(islK.value || 0) } } }, roleSeat[role]) }, 'Place the plunder')));
      }
      break;
    }
    default:
      box.append(h('p', { class: 'muted' }, 'Waiting for the battle to finish.'));
  }
  return box;
}

let layoutCache = null;
async function zones() {
  if (!layoutCache) {
    try { layoutCache = await (await fetch('/api/layout')).json(); } catch { layoutCache = { zones: [] }; }
  }
  return (layoutCache.zones || []).map((z) => z.id);
}

// readGrid is the by-hand read: cubes per colour and zone, and the cubes to
// drop again, as the battle's read JSON {"cubes": {...}, "redrop": {...}}.
export function readGrid(colours, start, id = 'read-grid') {
  const table = h('table', { class: 'tally readgrid', id });
  const el = h('div', null, table);
  zones().then((zs) => {
    const cubes = (start && start.cubes) || {};
    const redrop = (start && start.redrop) || {};
    fill(table,
      h('tr', null, h('th', null, ''), colours.map((c) => h('th', { style: `color:${colourOf(c)}` }, c))),
      [...zs, 'redrop'].map((z) => h('tr', null, h('th', null, z === 'redrop' ? 'on a border (drop again)' : z),
        colours.map((c) => h('td', null, h('input', { type: 'number', min: 0, max: 40, 'data-zone': z, 'data-colour': c,
          value: (z === 'redrop' ? redrop[c] : (cubes[c] || {})[z]) || '' }))))));
  });
  el.value = () => {
    const read = { cubes: {}, redrop: {} };
    table.querySelectorAll('input').forEach((i) => {
      const n = Number(i.value || 0);
      if (!n) return;
      if (i.dataset.zone === 'redrop') read.redrop[i.dataset.colour] = n;
      else (read.cubes[i.dataset.colour] ||= {})[i.dataset.zone] = n;
    });
    return read;
  };
  return el;
}

// readSummary shows a camera read: the cubes per colour and zone.
export function readSummary(read) {
  const a = read.action || {};
  const r = a.read || a;
  const head = h('p', null, `The camera saw ${read.cubes} cubes` + (read.dropped >= 0 ? `; the tower counted ${read.dropped}.` : '.'));
  if (!r.cubes) return h('div', null, head, h('pre', { class: 'mono' }, JSON.stringify(a, null, 1)));
  const zs = [...new Set(Object.values(r.cubes).flatMap((z) => Object.keys(z)))];
  return h('div', null, head, h('table', { class: 'tally', id: 'read-tally' },
    h('tr', null, h('th', null, ''), zs.map((z) => h('th', null, z)), h('th', null, 'drop again')),
    Object.entries(r.cubes).map(([col, z]) => h('tr', null, h('th', { style: `color:${colourOf(col)}` }, col), zs.map((k) => h('td', null, z[k] || 0)),
      h('td', null, (r.redrop || {})[col] || 0)))));
}

// ---------- setup and end ----------

export function setupGuide(view) {
  const start = view.start ?? 0;
  const n = view.players.length;
  const order = [];
  for (let i = 0; i < n; i++) order.push(player(view, (start + i) % n));
  const cargo = [1, 2, 3, 2];
  return h('section', { class: 'setup', id: 'setup' },
    h('h2', null, 'Lay out the table (rulebook pp. 4–6)'),
    h('ol', null,
      h('li', null, 'Harbor board in the middle; 12 ocean boards face down in a 3-wide, 4-deep grid beyond it.'),
      h('li', null, 'Turn the three boards next to the Harbor face up and put a Row 1 card on each; enter what they show with the first actions.'),
      h('li', null, 'Each player: ship at the Harbor, 15 coins in the treasure chest, 35 cubes, dock tile, 11 achievement markers, the 12 sailor cards shuffled, 4 cards drawn.'),
      h('li', null, 'Starting cargo on each dock: ', order.map((p, i) => p ? h('span', { class: 'chip', style: `--c:${colourOf(p.color)}` }, `${p.name}: ${cargo[i] ?? 2}`) : null),
        n === 4 && order[3] ? ` (${order[3].name} may also level up one card before the first turn)` : '')));
}

// scoreInput fills in the "just score" calculator from the final table: what
// the view shows (achievements, ship loads, dock, buildings and islands
// controlled, upgrades, advancements, island cubes). The treasure chests are
// secret and the printed values are the owner's: the players type those.
export function scoreInput(view) {
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const players = view.players.map((p) => {
    const sh = p.ship || {};
    const holds = sh.spaces || [];
    const tiles = holds.flatMap((sp) => sp.tiles || []);
    const mine = (view.boards || []).filter((b) => b.island && b.island.controller === p.seat);
    const cards = [...(p.played || []), ...(p.hand || []), ...(p.deck || []), ...(p.discard || []), ...(p.playedOffTurn || [])];
    const sleeved = sum(cards.map((c) => ['top', 'middle', 'bottom'].filter((k) => c[k]).length));
    return {
      name: p.name, colour: p.color, achievements: (p.achievements || []).map(norm),
      coins: { chest: p.chest ?? undefined, ship: sum(holds.map((sp) => (sp.hold || {}).coins || 0)), islands: sum(mine.map((b) => b.island.coins || 0)) },
      cargo: { dock: p.dock || 0, ship: sum(holds.map((sp) => (sp.hold || {}).cargo || 0)), islands: sum(mine.map((b) => b.island.cargo || 0)) },
      buildings: sum(mine.map((b) => (b.island.buildings || []).length)),
      advancements: sleeved + (p.setAside || []).length,
      upgrades: { basic: tiles.filter((x) => x.tier === 'basic').length, advanced: tiles.filter((x) => x.tier === 'advanced').length },
    };
  });
  const islands = (view.boards || []).filter((b) => b.island).map((b) => {
    const cubes = {};
    (b.island.slots || []).forEach((seat) => { if (seat >= 0) { const c = (player(view, seat) || {}).color; cubes[c] = (cubes[c] || 0) + 1; } });
    (b.island.permanent || []).forEach((n, seat) => { if (n) { const c = (player(view, seat) || {}).color; cubes[c] = (cubes[c] || 0) + n; } });
    const values = b.islandDef && b.islandDef.values && b.islandDef.values.length ? b.islandDef.values : null;
    return { name: b.name || b.island.id, values, cubes, empty: (b.island.slots || []).filter((x) => x < 0).length };
  });
  return { players, islands };
}

const snapTable = () => (location.hash.split('/')[2] || '').split('?')[0];

export function endScreen(view, snap, ctx) {
  const sc = view.score;
  const box = h('section', { class: 'end', id: 'end' }, h('h2', null, 'The game is over'));
  if (sc && !sc.error && sc.players) {
    box.append(scoreResult(sc));
    const tb = sc.tie_break;
    if (tb && tb.rounds && tb.rounds.length) {
      box.append(h('div', { id: 'tie-rounds' }, tb.rounds.map((r) => h('p', null, `Tie-break round ${r.round}: ` + Object.entries(r.strength || {}).map(([n, v]) => `${n} ${v}`).join(', ')))));
    }
    const tn = sc.tieBreakNeed;
    if (tn && tn.contenders && tn.contenders.length > 1 && tn.next) {
      // The tie-break battle is played on the table and read here, drop
      // by drop, as tie-break-read actions (p. 23).
      const drop = Object.entries(tn.next.drop || {});
      const grid = readGrid(drop.map(([c]) => c), null, 'tie-grid');
      box.append(h('section', { class: 'tiebreak', id: 'tiebreak' },
        h('h2', null, 'Tie-break battle (p. 23)'),
        h('p', null, 'Cannons (ship and every card): ', tn.contenders.map((c) => h('span', { class: 'chip', style: `--c:${colourOf(c.colour)}` }, `${c.name} ${c.cannons}`))),
        h('p', { class: 'big-turn' }, `${tn.next.kind === 'explode' ? 'Exploding shots: drop' : 'Drop'} `, drop.map(([c, n]) => h('span', { class: 'chip', style: `--c:${colourOf(c)}` }, `${n} ${c}`))),
        h('p', null, 'Then count where the cubes landed (exploding shots count, abilities do not):'), grid,
        h('button', { class: 'big primary', id: 'tie-read', onclick: () => ctx && ctx.submit({ type: 'tie-break-read', seat: -1, read: grid.value() }).catch(() => {}) }, 'Use this read')));
    }
  } else {
    if (sc && sc.error) box.append(h('p', { class: 'warn' }, 'The score cannot be counted from the game alone: ' + sc.error));
    box.append(h('p', null, 'Count the score with the calculator: it starts from what the table shows; add what is missing.'));
  }
  box.append(h('div', { class: 'row' },
    h('button', { class: 'big' + (sc && !sc.error ? '' : ' primary'), id: 'count-score', onclick: () => {
      sessionStorage.setItem('qm.scorePrefill', JSON.stringify(scoreInput(view)));
      location.hash = '#/score';
    } }, sc && !sc.error ? 'Open in the calculator' : 'Count the score'),
    h('a', { class: 'big', href: `/api/tables/${snapTable(view)}/export?kind=bgstats`, download: '' }, 'BG Stats file'),
    h('a', { class: 'big', href: `/api/tables/${snapTable(view)}/export?kind=json`, download: '' }, 'Full log (JSON)')));
  return box;
}

// ---------- the table ----------

export function render(view, ctx, snap) {
  const pathState = ctx._path || (ctx._path = []);
  const wrap = h('div', { class: 'dr' });
  ctx.pick = (key) => {
    if (ctx.readOnly || !ctx.moving) return;
    pathState.push(key);
    const form = document.getElementById('move-path');
    if (form) form.textContent = pathState.join(' → ');
    wrap.querySelectorAll(`[data-pos="${key}"]`).forEach((g) => g.classList.add('onpath'));
  };
  const board = h('div', { class: 'boardwrap' }, boardSVG(view, ctx, pathState), turnPanel(view));
  // A phone shows its player's own things first; the tablet the board.
  wrap.append(battlePanel(view, ctx.camera) || '');
  if (ctx.seat >= 0) wrap.append(playersPanel(view, ctx), board, achievementsPanel(view));
  else wrap.append(board, achievementsPanel(view), playersPanel(view, ctx));
  return wrap;
}

// cargoForm loads, unloads or throws overboard cargo and coins, hold by hold
// (p. 7): load from the dock (in Harbor) or an island you control, unload
// to the dock (coins go to the chest) or the island.
function cargoForm(me, send) {
  const sh = me.ship || {};
  const holds = (sh.capacity || [4, 0, 0, 3]).map((cap, i) => [('ABCD')[i], cap]).filter(([, cap]) => cap > 0);
  const hold = h('select', { id: 'cargo-hold' }, holds.map(([n, cap]) => h('option', { value: n }, `hold ${n} (room ${cap})`)));
  const place = h('select', { id: 'cargo-place' }, h('option', { value: 'dock' }, 'dock'), h('option', { value: 'island' }, 'island'));
  const cargo = h('input', { type: 'number', min: 0, max: 9, value: 1, id: 'cargo-n', title: 'cargo' });
  const coins = h('input', { type: 'number', min: 0, max: 9, value: 0, id: 'coins-n', title: 'coins' });
  const goods = () => ({ [hold.value]: { cargo: Number(cargo.value || 0), coins: Number(coins.value || 0) } });
  return h('details', { class: 'cargo' }, h('summary', null, 'Cargo and coins'),
    h('div', { class: 'row' }, h('label', null, 'cargo ', cargo), h('label', null, 'coins ', coins), hold, place),
    h('div', { class: 'row' },
      h('button', { class: 'btn', id: 'act-load', onclick: () => send({ type: 'load', from: place.value, holds: goods() }) }, 'Load'),
      h('button', { class: 'btn', id: 'act-unload', onclick: () => send({ type: 'unload', to: place.value, holds: goods() }) }, 'Unload'),
      h('button', { class: 'btn', id: 'act-jettison', onclick: () => send({ type: 'jettison', holds: goods() }) }, 'Throw overboard')));
}

const slug = (x) => String(x).toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// boardEntryForm asks what a board turned face up shows: an island from the
// catalog (by id), a new island typed from the board (name, slots, coin
// values, production, hand icon; the catalog keeps it), or an open sea with
// its arrows. type is "explore" or "reveal-board".
function boardEntryForm(title, at, type, send) {
  const mode = h('select', { class: 'entry-mode' },
    h('option', { value: 'new' }, 'a new island (type it in)'), h('option', { value: 'known' }, 'an island already entered'), h('option', { value: 'sea' }, 'open sea'));
  const known = h('input', { class: 'entry-id', placeholder: 'island id, e.g. seahound-isle' });
  const name = h('input', { class: 'entry-name', placeholder: 'island name as printed' });
  const slots = h('input', { class: 'entry-slots', type: 'number', min: 1, max: 9, placeholder: 'cube slots' });
  const values = h('input', { class: 'entry-values', placeholder: 'coins for 1st,2nd,3rd e.g. 6,5,4' });
  const cargo = h('input', { class: 'entry-cargo', type: 'number', min: 0, max: 9, placeholder: 'cargo produced' });
  const coins = h('input', { class: 'entry-coins', type: 'number', min: 0, max: 9, placeholder: 'coins produced' });
  const hand = h('input', { type: 'checkbox', class: 'entry-hand' });
  const arrows = ['up', 'down', 'left', 'right'].map((d) => h('label', { class: 'check' }, h('input', { type: 'checkbox', value: d }), ' ' + d));
  const card = h('input', { class: 'entry-card', placeholder: 'id of the card put on it (optional)' });
  const newBox = h('div', { class: 'row' }, name, slots, values, cargo, coins, h('label', { class: 'check' }, hand, ' hand icon'));
  const knownBox = h('div', { class: 'row', hidden: true }, known);
  const seaBox = h('div', { class: 'row', hidden: true }, 'Arrows: ', arrows);
  mode.onchange = () => { newBox.hidden = mode.value !== 'new'; knownBox.hidden = mode.value !== 'known'; seaBox.hidden = mode.value !== 'sea'; };
  return h('fieldset', { class: 'explore', id: 'board-entry' }, h('legend', null, title), mode, newBox, knownBox, seaBox, card,
    h('button', { class: 'btn primary', id: type === 'explore' ? 'act-explore' : 'act-reveal', onclick: () => {
      const a = { type, at };
      if (mode.value === 'sea') a.openSea = { arrows: arrows.map((l) => l.querySelector('input')).filter((i) => i.checked).map((i) => i.value) };
      else if (mode.value === 'known') a.island = known.value.trim();
      else a.newIsland = { id: slug(name.value), name: name.value.trim(), slots: Number(slots.value || 0),
        values: values.value.split(',').map((x) => x.trim()).filter(Boolean).map(Number),
        cargo: Number(cargo.value || 0), coins: Number(coins.value || 0), handIcon: hand.checked || undefined };
      if (card.value.trim()) a.card = card.value.trim();
      send(a);
    } }, 'Enter the board'));
}

// cardEntryForm names the card lying face up on a board (by catalog id).
function cardEntryForm(b, send) {
  const id = h('input', { class: 'entry-card', placeholder: 'card id from the catalog' });
  return h('fieldset', { class: 'explore', id: 'card-entry' }, h('legend', null, `Which Row ${b.card.row} card lies on ${posKey(b.at)}?`), id,
    h('button', { class: 'btn', onclick: () => send({ type: 'reveal-card', at: posKey(b.at), card: id.value.trim() }) }, 'Enter the card'));
}

// actions: the common actions as buttons, the rest from templates.
export function actions(view, ctx) {
  const t = view.turn || {};
  const seat = ctx.seat >= 0 ? ctx.seat : t.seat;
  const me = player(view, seat) || {};
  const send = (a) => ctx.submit({ seat, ...a }).catch(() => {});
  const pathState = ctx._path || (ctx._path = []);
  const out = h('div', { class: 'dr-actions' },
    h('p', { class: 'muted' }, ctx.seat >= 0 ? `You act as ${me.name}.` : `The tablet acts for ${me.name || 'the player to play'}.`));
  const bs = battleSteps(view, ctx);
  if (bs) out.append(bs);

  out.append(h('div', { class: 'row' },
    h('button', { class: 'big', id: 'act-set-sails', disabled: t.sailsSet || undefined, onclick: () => send({ type: 'set-sails' }) }, 'Set sails'),
    h('button', { class: 'big' + (ctx.moving ? ' primary' : ''), id: 'act-move', onclick: () => {
      if (!ctx.moving) { ctx.moving = true; pathState.length = 0; fill(moveBox, 'Tap the boards to sail through, in order: ', h('span', { id: 'move-path' }, '…'), h('div', { class: 'row' }, goBtn, cancelBtn)); return; }
    } }, 'Move ➜')));
  const moveBox = h('div', { class: 'movebox' });
  const goBtn = h('button', { class: 'btn primary', id: 'move-go', onclick: () => { const path = pathState.slice(); ctx.moving = false; pathState.length = 0; fill(moveBox); send({ type: 'move', path }); } }, 'Sail');
  const cancelBtn = h('button', { class: 'btn', onclick: () => { ctx.moving = false; pathState.length = 0; fill(moveBox); document.querySelectorAll('.onpath').forEach((g) => g.classList.remove('onpath')); } }, 'Cancel');
  out.append(moveBox);

  // Cards: from the hand when this is a phone, else by id.
  const cardSel = (me.hand && me.hand.length)
    ? h('select', { id: 'card' }, me.hand.map((c) => h('option', { value: c.id }, `${c.kind || c.id} (level ${c.level || 1})`)))
    : h('input', { id: 'card', placeholder: 'card id, e.g. captain' });
  out.append(h('div', { class: 'row' }, cardSel,
    h('button', { class: 'btn', id: 'act-play', onclick: () => send({ type: 'play-card', card: cardSel.value }) }, 'Play card'),
    h('button', { class: 'btn', id: 'act-level', onclick: () => send({ type: 'level-up', card: cardSel.value }) }, 'Level up')));

  // A phone chooses its secret bonus achievement token (p. 6).
  if (ctx.seat >= 0 && me.bonusDealt && me.bonusDealt.length && !me.bonusToken) {
    out.append(h('fieldset', { class: 'explore', id: 'bonus-choice' }, h('legend', null, 'Keep one bonus token (secret, p. 6)'),
      h('div', { class: 'row' }, me.bonusDealt.map((tok) => h('button', { class: 'btn', onclick: () => send({ type: 'choose-bonus-token', token: tok }) }, tok)))));
  }
  out.append(cargoForm(me, send));

  // Boards turned face up but not entered yet (the three beside the Harbor
  // at the start, or the one being explored), and cards not entered yet.
  if (t.pendingExplore) {
    out.append(boardEntryForm(`Explore ${posKey(t.pendingExplore)}: what is on the board?`, posKey(t.pendingExplore), 'explore', send));
  }
  const unentered = (view.boards || []).filter((b) => b.explored && !b.kind && posKey(b.at) !== posKey(t.pendingExplore));
  if (unentered.length) {
    const b = unentered[0];
    out.append(boardEntryForm(`Enter what ${posKey(b.at)} shows (${unentered.length} board${unentered.length > 1 ? 's' : ''} to enter)`, posKey(b.at), 'reveal-board', send));
  }
  const unknownCard = (view.boards || []).find((b) => b.card && b.card.adv && !b.card.adv.id && !b.card.adv.merchant && b.kind);
  if (unknownCard) out.append(cardEntryForm(unknownCard, send));

  const pirate = h('input', { type: 'checkbox', id: 'end-pirate' });
  out.append(h('div', { class: 'row endturn' },
    h('label', { class: 'check' }, pirate, ' go into pirate mode'),
    h('button', { class: 'big primary', id: 'act-end-turn', onclick: () => send({ type: 'end-turn', pirate: pirate.checked || undefined }) }, 'End turn')));

  // Every action, from a template the player edits.
  const templates = {
    'load': { from: 'dock', holds: { A: { cargo: 1 } } },
    'unload': { to: 'island', holds: { D: { cargo: 1, coins: 1 } } },
    'rearrange': { holds: { A: { cargo: 2 }, D: { coins: 1 } } },
    'jettison': { holds: { A: { cargo: 1 } } },
    'buy': { pay: { A: 1, D: 2 } },
    'use-ability': { card: 'crew-1', ability: 0, option: 0 },
    'attack-ship': { target: 1, flag: { card: 'captain', ability: 0 } },
    'attack-merchant': { back: { name: '', cubes: 3, win: [], lose: [] } },
    'attack-building': {},
    'master-merchant': { pay: { dock: 10, holds: { A: 2 } } },
    'choose-bonus-token': { token: '' },
    'reveal-board': { at: 'R1C1', openSea: { arrows: ['up'] } },
    'reveal-card': { at: 'R1C2', card: '' },
    'battle-step': { step: 'pass', role: 'attacker' },
    'record-battle-outcome': { attackerWon: true, damageToDefender: 1 },
  };

  const typeSel = h('select', { id: 'tmpl-type' }, Object.keys(templates).map((k) => h('option', { value: k }, k)));
  const area = h('textarea', { id: 'tmpl-json', rows: 4, class: 'mono' });
  const setT = () => { area.value = JSON.stringify({ type: typeSel.value, seat, ...templates[typeSel.value] }); };
  typeSel.onchange = setT;
  setT();
  out.append(h('details', { class: 'more' }, h('summary', null, 'Other actions'), typeSel, area,
    h('button', { class: 'btn', id: 'tmpl-send', onclick: () => {
      let a;
      try { a = JSON.parse(area.value); } catch (e) { ctx.setError({ message: 'the action does not read as JSON: ' + e.message }); return; }
      ctx.submit(a).catch(() => {});
    } }, 'Send'),
    h('p', { class: 'muted' }, 'The fields of each action are in docs/api-engine.md.')));
  return out;
}
