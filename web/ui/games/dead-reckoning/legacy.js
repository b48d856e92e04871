// @ts-check
// dr.js: Dead Reckoning's table, drawn from the engine's view JSON
// (engine/deadreckoning View, described in docs/api.md): the Harbor and the
// 3x4 ocean, ships, players, achievements, battles, and a form a player taps
// for every action of a normal game (docs/ui.md, "Act").

import { h, s, fill, colourOf } from '../../js/ui.js';
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
function pcol(view, seat) { const p = player(view, seat); return p ? colourOf(p.colour) : '#777'; }

// posKey accepts "R2C3"/"harbor" strings or {Row,Col} objects.
function posKey(p) {
  if (!p) return 'harbor';
  if (typeof p === 'string') return p.toUpperCase() === 'HARBOR' ? 'harbor' : p.toUpperCase();
  const r = p.Row ?? p.row, c = p.Col ?? p.col;
  return r ? `R${r}C${c}` : 'harbor';
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
    const col = colourOf(p.colour);
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
  const ps = view.players.slice().sort((a, b) => Number(b.seat === ctx.seat) - Number(a.seat === ctx.seat));
  return h('section', { class: 'players-panel', id: 'players' }, ps.map((p) => {
    const sh = p.ship || {};
    const active = view.turn && view.turn.seat === p.seat;
    const mine = ctx.seat === p.seat;
    return h('div', { class: 'pcard' + (active ? ' active' : '') + (mine ? ' mine' : ''), style: `--c:${colourOf(p.colour)}`, 'data-seat': p.seat },
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
        const n = pr[id] ?? pr[String(id).replace(/-/g, '_')] ?? pr[name] ?? 0;
        return n && !have.includes(p) ? h('span', { class: 'prog', style: `--c:${colourOf(p.colour)}` }, `${p.name} ${n}${goal ? '/' + goal : ''}`) : null;
      });
      return h('div', { class: 'ach' + (have.length ? ' claimed' : '') },
        h('div', { class: 'aname' }, name),
        h('div', { class: 'awhat' }, what),
        h('div', { class: 'markers' }, have.map((p) => h('span', { class: 'marker', style: `background:${colourOf(p.colour)}`, title: p.name }))),
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
  const kind = { drop: 'Drop', ability: 'Drop (ability)', redrop: 'Drop again (balanced on a border)', explode: 'Exploding shot: drop' }[need.dropKind] || 'Drop';
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
      o.toMercantile ? h('p', null, 'The losing pirate ship turns mercantile (p. 18).') : null,
      o.blockaded >= 0 ? h('p', null, `${pname(view, o.blockaded)} is blockaded there (p. 18).`) : null));
  }
  return h('div', { class: 'fight' }, parts);
}

function battlePanel(view, ctx) {
  const bs = view.battles || [];
  const bv = view.battle;
  if (!bs.length && !bv) return null;
  const cards = bs.map((b) => {
    const att = player(view, b.attacker), def = b.defender >= 0 ? player(view, b.defender) : null;
    const defName = def ? def.name : (b.merchant ? b.merchant.name || 'a merchant ship' : (b.buildings && b.buildings.length ? b.buildings.join(' and ') : 'the defence'));
    const names = [att ? att.name : '?', defName];
    const cols = [pcol(view, b.attacker), def ? colourOf(def.colour) : '#888'];
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
      ctx.camera ? ctx.cameraSlot() : h('p', { class: 'muted' }, 'No camera on this table: type the read in by hand when asked.'));
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
      // The attacker's cannons: the ship's and each played card's, each
      // used at most once a turn (p. 17).
      const att = player(view, b.attacker) || {};
      const st = formState(ctx, view, 'bs-cannons', () => {
        const o = { ship: (att.ship || {}).cannons || 0 };
        inPlay(att).forEach((c) => { if (c.cannons) o[c.id] = c.cannons; });
        return o;
      });
      const usedC = (view.turn || {}).cannonsUsed || {};
      const rows = [stepper(`the ship’s cannons (${(att.ship || {}).cannons || 0})`, st, 'ship', (att.ship || {}).cannons || 0)];
      inPlay(att).filter((c) => c.cannons).forEach((c) => rows.push(stepper(`${cardName(c)} (${c.cannons})${usedC[`${b.attacker}/${c.id}`] ? ' – used this turn' : ''}`, st, c.id, c.cannons)));
      box.append(h('div', { class: 'fbody' }, note(`${att.name || 'The attacker'}: the cannons used, one battle cube each.`), rows),
        h('button', { class: 'btn primary wide', id: 'bs-cannons', onclick: () => {
          const cannons = {};
          for (const [k, n] of Object.entries(st)) if (n || k === 'ship') cannons[k] = n || 0;
          step({ step: 'cannons', role: 'attacker', cannons }, roleSeat.attacker);
        } }, 'Take the cubes'));
      break;
    }
    case 'defence': {
      // The defender may play cards with cannons or battle abilities from
      // hand (p. 18): from the hand on their phone; on the tablet, the cards
      // they show.
      const def = player(view, b.defender) || {};
      const st = formState(ctx, view, 'bs-defend', () => ({ play: [] }));
      const inplay = new Set(inPlay(def).map((c) => c.id));
      const items = def.hand && def.hand.length
        ? def.hand.map((c) => ({ value: c.id, label: cardName(c), sub: `level ${c.level || 1}${c.cannons ? `, ${c.cannons} cannon` : ''}`, attrs: { 'data-card': c.id } }))
        : deckIds().filter((id) => !inplay.has(id)).map((id) => ({ value: id, label: cardName({ id, kind: id.replace(/-\d+$/, '') }), attrs: { 'data-card': id } }));
      box.append(h('div', { class: 'fbody' }, note(`${def.name || 'The defender'}: tap the cards played from hand to defend, if any.`), toggles(items, st, 'play', 12)),
        h('button', { class: 'btn primary wide', id: 'bs-defend-go', onclick: () => step({ step: 'defend', role: 'defender', play: st.play.slice() }, roleSeat.defender) }, 'Defend'));
      break;
    }
    case 'ready':
      box.append(h('button', { class: 'big primary', id: 'bs-drop', onclick: () => step({ step: 'drop', role: 'attacker' }) }, 'The cubes are dropped'));
      break;
    case 'read': {
      const colours = Object.keys(need.inShip || need.drop || {});
      const grid = readGrid(colours, null, 'bs-read-grid');
      box.append(h('p', null, 'Where did the cubes land? (or wait for the camera)'), grid,
        h('button', { class: 'btn primary', id: 'bs-read', onclick: () => step({ step: 'read', role: 'attacker', read: grid.value() }) }, 'Record the read'));
      break;
    }
    case 'abilities': {
      const who = need.who === 'defender' ? 'defender' : 'attacker';
      // Each usable ability in words (its id is "seat/card/source/index");
      // taking back a dropped cube asks from which zone.
      const zoneBox = h('div', { class: 'fbody' });
      const describe = (id) => {
        const [seatS, cid, source, idx] = String(id).split('/');
        const c = inPlay(player(view, Number(seatS)) || {}).find((x) => x.id === cid);
        const src = c && abilitiesOf(c).find((x) => x.source === source);
        const ab = src && src.known ? src.abilities[Number(idx)] : null;
        return { card: c, ab, text: c ? `${cardName(c)}: ${ab ? optionText(ab.options[0], c) : 'ability ' + idx}` : String(id) };
      };
      const use = (id) => {
        const d = describe(id);
        if (!d.ab || !d.ab.options[0].effects.some((e) => e.kind === 'battle-remove-cube')) { step({ step: 'ability', role: who, ability: id, zone: '' }, roleSeat[who]); return; }
        zones().then((zs) => fill(zoneBox, note(`${d.text}: from which zone?`),
          h('div', { class: 'choice' }, zs.map((z) => h('button', { type: 'button', class: 'opt', 'data-zone': z, onclick: () => step({ step: 'ability', role: who, ability: id, zone: z }, roleSeat[who]) }, z)))));
      };
      box.append(h('p', null, `${who === 'attacker' ? pname(view, b.attacker) : pname(view, b.defender)}: use one battle ability, or pass.`),
        h('div', { class: 'choice' }, (need.usable || []).map((id) => h('button', { type: 'button', class: 'opt', 'data-ability': id, onclick: () => use(id) }, describe(id).text)),
          h('button', { class: 'btn primary', id: 'bs-pass', onclick: () => step({ step: 'pass', role: who }, roleSeat[who]) }, 'Pass')), zoneBox);
      break;
    }
    case 'plunder': {
      // Each side places its plunder (p. 19): the either-items split into
      // cargo and coins, then on the ship (its free hold space) and, at an
      // island, on the island; what is not placed goes back to the supply.
      for (const [role, due] of Object.entries(need.plunder || {})) {
        const gn = due.gains || {};
        const st = formState(ctx, view, 'bs-plunder-' + role, () => {
          const o = { choice: 0, ship: { cargo: 0, coins: 0 }, island: { cargo: 0, coins: 0 } };
          const cargo = (due.cargo || 0) + (due.choice || 0) + (gn.cargo || 0), coins = (due.coins || 0) + (gn.coins || 0);
          o.ship.cargo = Math.min(cargo, due.holdFree ?? cargo);
          o.ship.coins = Math.min(coins, (due.holdFree ?? cargo + coins) - o.ship.cargo);
          return o;
        });
        const cargoAll = () => (due.cargo || 0) + (due.choice || 0) - (st.choice || 0) + (gn.cargo || 0);
        const coinsAll = () => (due.coins || 0) + (st.choice || 0) + (gn.coins || 0);
        const free = () => (due.holdFree ?? 99) - st.ship.cargo - st.ship.coins;
        const sum = h('p', { class: 'fsum' });
        const upd = () => {
          // Fewer cargo after a choice: take it off the island, then the ship.
          for (const where of [st.island, st.ship]) {
            const over = st.ship.cargo + st.island.cargo - cargoAll();
            if (over > 0) where.cargo = Math.max(0, where.cargo - over);
            const overK = st.ship.coins + st.island.coins - coinsAll();
            if (overK > 0) where.coins = Math.max(0, where.coins - overK);
          }
          const back = cargoAll() - st.ship.cargo - st.island.cargo + coinsAll() - st.ship.coins - st.island.coins;
          sum.textContent = `${cargoAll()} cargo and ${coinsAll()} coins: ${back} back to the supply`;
        };
        const rows = [];
        if (due.choice) rows.push(stepper(`coins among the ${due.choice} cargo-or-coin`, st, 'choice', due.choice, upd));
        rows.push(stepper('cargo on the ship', st.ship, 'cargo', () => Math.min(cargoAll() - st.island.cargo, st.ship.cargo + free()), upd),
          stepper('coins on the ship', st.ship, 'coins', () => Math.min(coinsAll() - st.island.coins, st.ship.coins + free()), upd));
        if (due.island) {
          rows.push(stepper('cargo on the island', st.island, 'cargo', () => cargoAll() - st.ship.cargo, upd),
            stepper('coins on the island', st.island, 'coins', () => coinsAll() - st.ship.coins, upd));
        }
        upd();
        // The button comes first in the page (CSS shows it last).
        box.append(h('div', { class: 'plunder' },
          h('strong', null, `${pname(view, roleSeat[role])} plunders ${due.cargo} cargo, ${due.coins} coins and ${due.choice} of either` + (gn.cargo || gn.coins ? `, and gains ${gn.cargo || 0} cargo and ${gn.coins || 0} coins` : '')),
          h('button', { class: 'btn primary wide place', id: 'bs-plunder-' + role, onclick: () => step({ step: 'plunder', role, plunder: { choiceCoins: st.choice || 0,
            ship: { cargo: st.ship.cargo, coins: st.ship.coins }, island: { cargo: st.island.cargo, coins: st.island.coins } } }, roleSeat[role]) }, 'Place the plunder'),
          h('div', { class: 'fbody' }, rows), sum));
      }
      break;
    }
    default:
      box.append(h('p', { class: 'muted' }, 'Waiting for the battle to finish.'));
  }
  return box;
}

// gameZones are the zones of the shown game's battle board (its own, maybe
// the owner's calibrated one), from the view; /api/layout (the camera's
// board) only for a view from before the view carried them.
let gameZones = null;
// gameAdvs describes the advancements the shown view has sleeved or set
// aside (name, slot, cost, abilities), by id.
let gameAdvs = {};
let layoutCache = null;
async function zones() {
  if (gameZones && gameZones.length) return gameZones.map((z) => z.id);
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
      h('li', null, 'Starting cargo on each dock: ', order.map((p, i) => p ? h('span', { class: 'chip', style: `--c:${colourOf(p.colour)}` }, `${p.name}: ${cargo[i] ?? 2}`) : null),
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
      name: p.name, colour: p.colour, achievements: (p.achievements || []).map(norm),
      coins: { chest: p.chest ?? undefined, ship: sum(holds.map((sp) => (sp.hold || {}).coins || 0)), islands: sum(mine.map((b) => b.island.coins || 0)) },
      cargo: { dock: p.dock || 0, ship: sum(holds.map((sp) => (sp.hold || {}).cargo || 0)), islands: sum(mine.map((b) => b.island.cargo || 0)) },
      buildings: sum(mine.map((b) => (b.island.buildings || []).length)),
      advancements: sleeved + (p.setAside || []).length,
      upgrades: { basic: tiles.filter((x) => x.tier === 'basic').length, advanced: tiles.filter((x) => x.tier === 'advanced').length },
    };
  });
  const islands = (view.boards || []).filter((b) => b.island).map((b) => {
    const cubes = {};
    (b.island.slots || []).forEach((seat) => { if (seat >= 0) { const c = (player(view, seat) || {}).colour; cubes[c] = (cubes[c] || 0) + 1; } });
    (b.island.permanent || []).forEach((n, seat) => { if (n) { const c = (player(view, seat) || {}).colour; cubes[c] = (cubes[c] || 0) + n; } });
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
    const tb = sc.tieBreak;
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
    h('a', { class: 'big', href: `/api/tables/${snapTable()}/export?kind=bgstats`, download: '' }, 'BG Stats file'),
    h('a', { class: 'big', href: `/api/tables/${snapTable()}/export?kind=json`, download: '' }, 'Full log (JSON)')));
  return box;
}

// ---------- the table ----------

export function render(view, ctx, snap) {
  gameZones = view.battleZones || null;
  gameAdvs = view.advancements || {};
  gameSailors = view.sailors || {};
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
  wrap.append(battlePanel(view, ctx) || '');
  if (ctx.seat >= 0) wrap.append(playersPanel(view, ctx), board, achievementsPanel(view));
  else wrap.append(board, achievementsPanel(view), playersPanel(view, ctx));
  return wrap;
}

const slug = (x) => String(x).toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// boardToEnter is the board turned face up but not entered yet (the three
// beside the Harbor at the start, or the one being explored), if any: the
// form's title, where, and the action it sends. The form itself is the
// BoardEntry component (index.js).
export function boardToEnter(view) {
  const t = view.turn || {};
  if (t.pendingExplore) {
    return { title: `Explore ${posKey(t.pendingExplore)}: what is on the board?`, at: posKey(t.pendingExplore), type: 'explore' };
  }
  const unentered = (view.boards || []).filter((b) => b.explored && !b.kind && posKey(b.at) !== posKey(t.pendingExplore));
  if (!unentered.length) return null;
  const b = unentered[0];
  return { title: `Enter what ${posKey(b.at)} shows (${unentered.length} board${unentered.length > 1 ? 's' : ''} to enter)`, at: posKey(b.at), type: 'reveal-board' };
}

export { slug, posKey, player, colourOf, cardName, inPlay, deckIds, plural, holdsOf, boardAt, shipCargo, goodsSum, goodsJSON };

// cardEntryForm names the card lying face up on a board (by catalog id).
function cardEntryForm(b, send) {
  const id = h('input', { class: 'entry-card', placeholder: 'card id from the catalog' });
  return h('fieldset', { class: 'explore', id: 'card-entry' }, h('legend', null, `Which Row ${b.card.row} card lies on ${posKey(b.at)}?`), id,
    h('button', { class: 'btn', onclick: () => send({ type: 'reveal-card', at: posKey(b.at), card: id.value.trim() }) }, 'Enter the card'));
}


// ---------- forms a player taps ----------
//
// Every action of a normal game is a form built from the view: the holds
// with what is in them, the card on the ship's space, the ships in reach, the
// cards in play with their abilities. Numbers are steppers (− and +), choices
// are rows of big buttons; nothing is typed but names printed on a card. The
// engine still judges: a refusal shows its rule and page in the banner.

// know takes the shown view's printed cards (sailors, advancements) before
// anything names a card: the components in index.js render before the
// DomParts that used to set them.
export function know(view) {
  gameSailors = view.sailors || {};
  gameAdvs = view.advancements || {};
}

// gameSailors are the printed sailor cards (name, count, page, each level's
// abilities) by kind, from the shown view: the engine's own, never a copy.
/** @type {Object<string, any>} */
let gameSailors = {};
const sailorOf = (kind) => gameSailors[norm(kind)];
const HOLDS = ['A', 'B', 'C', 'D'];
const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + 's')}`;

// formState keeps a form's values across redraws (a refusal, another
// screen's presence) but not across versions of the table: the holds and
// cards they were chosen from may have changed.
function formState(ctx, view, id, init) {
  if (ctx._fvVersion !== view.version) { ctx._fv = {}; ctx._fvVersion = view.version; }
  if (!ctx._fv[id]) ctx._fv[id] = init();
  return ctx._fv[id];
}

// panel is one action: a big tile that opens its form (one open at a time;
// the open one stays open across redraws).
function panel(ctx, id, title, sub, ...body) {
  const d = h('details', { class: 'fpanel', id, open: ctx._open === id || undefined },
    h('summary', null, h('span', { class: 'ftitle' }, title), sub ? h('span', { class: 'fsub' }, sub) : null), ...body);
  d.addEventListener('toggle', () => {
    if (d.open) {
      ctx._open = id;
      d.parentElement && d.parentElement.querySelectorAll('details.fpanel[open]').forEach((o) => { if (o !== d) o.open = false; });
    } else if (ctx._open === id) ctx._open = null;
  });
  return d;
}

// stepper is a number set with − and + (no keyboard on a tablet): st[key]
// between min and max (a number or a function of the other steppers).
function stepper(label, st, key, max, on, min = 0) {
  const lim = () => (typeof max === 'function' ? max() : max);
  const out = h('output', { class: 'val' }, String(st[key] || 0));
  const minus = h('button', { type: 'button', class: 'minus', 'aria-label': `one less: ${label}` }, '−');
  const plus = h('button', { type: 'button', class: 'plus', 'aria-label': `one more: ${label}` }, '+');
  const el = h('div', { class: 'stepper', 'data-key': key }, h('span', { class: 'slabel' }, label), minus, out, plus);
  el.sync = () => {
    const v = st[key] || 0;
    out.textContent = String(v);
    minus.disabled = v <= min;
    plus.disabled = v >= lim();
  };
  const set = (v) => {
    st[key] = v;
    on && on();
    (el.closest('details, .fpanel') || el.parentElement || el).querySelectorAll('.stepper').forEach((x) => x.sync && x.sync());
    el.sync();
  };
  minus.onclick = () => set(Math.max(min, (st[key] || 0) - 1));
  plus.onclick = () => set(Math.min(lim(), (st[key] || 0) + 1));
  el.sync();
  return el;
}

// choice is a row of big buttons, one pressed: st[key] = the item's value.
function choice(items, st, key, on, cls = '') {
  const row = h('div', { class: 'choice ' + cls, role: 'group' });
  for (const it of items) {
    const b = h('button', { type: 'button', class: 'opt' + (it.cls ? ' ' + it.cls : ''), 'aria-pressed': String(st[key] === it.value), disabled: it.disabled || undefined, ...(it.attrs || {}) },
      h('span', { class: 'olabel' }, it.label), it.sub ? h('span', { class: 'osub' }, it.sub) : null);
    b.onclick = () => {
      st[key] = it.value;
      row.querySelectorAll('.opt').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
      on && on(it.value);
    };
    row.append(b);
  }
  return row;
}

// toggles is a row of buttons each on or off: st[key] is the list of the
// values that are on, at most max of them.
function toggles(items, st, key, max, on) {
  const row = h('div', { class: 'choice toggles', role: 'group' });
  const list = () => st[key] || (st[key] = []);
  for (const it of items) {
    const b = h('button', { type: 'button', class: 'opt', 'aria-pressed': String(list().includes(it.value)), disabled: it.disabled || undefined, ...(it.attrs || {}) },
      h('span', { class: 'olabel' }, it.label), it.sub ? h('span', { class: 'osub' }, it.sub) : null);
    b.onclick = () => {
      const l = list();
      const i = l.indexOf(it.value);
      if (i >= 0) l.splice(i, 1);
      else if (l.length < max) l.push(it.value);
      else if (max === 1) l.splice(0, 1, it.value);
      row.querySelectorAll('.opt').forEach((x, j) => x.setAttribute('aria-pressed', String(l.includes(items[j].value))));
      on && on();
    };
    row.append(b);
  }
  return row;
}

const note = (text, cls = 'muted') => h('p', { class: 'fnote ' + cls }, text);

// holdsOf lists the ship's holds (hull spaces with a hold or something in it).
function holdsOf(me) {
  const sh = me.ship || {};
  return HOLDS.map((name, i) => {
    const hold = ((sh.spaces || [])[i] || {}).hold || {};
    return { name, i, cap: (sh.capacity || [])[i] || 0, cargo: hold.cargo || 0, coins: hold.coins || 0 };
  }).filter((x) => x.cap > 0 || x.cargo || x.coins);
}

const shipCargo = (me) => holdsOf(me).reduce((n, x) => n + x.cargo, 0);

// boardAt is the board where the player's ship is (undefined in the Harbor).
function boardAt(view, me) {
  const k = posKey(me.ship && me.ship.at);
  return (view.boards || []).find((b) => posKey(b.at) === k);
}

// ----- effects in words -----

function amountOf(e, card) {
  if (!e.per) return e.n || 0;
  return (e.n || 0) * ((card && card[e.per + 's']) || 0);
}

const TO = { dock: 'on your Dock tile', ship: 'on your ship', either: 'on your Dock tile or ship', island: 'on the island' };
const COINS_TO = { dock: 'in your Treasure chest', either: 'in your Treasure chest', ship: 'on your ship', island: 'on the island' };

function effectText(e, card) {
  const n = amountOf(e, card);
  const per = e.per ? ` (${e.n} for each ${e.per} on the card)` : '';
  switch (e.kind) {
    case 'sails': return `${plural(n, 'sail')}${per}`;
    case 'cannon': return `${plural(n, 'cannon')}${per}`;
    case 'wheel': return plural(n, 'wheel');
    case 'attack': return 'Attack flag: battle an opponent’s ship where you are';
    case 'gain-cargo': return `gain ${n} cargo ${TO[e.to] || ''}${per}`;
    case 'gain-coins': return `gain ${plural(n, 'coin')} ${COINS_TO[e.to] || ''}${per}`;
    case 'influence': return `place ${n} influence on the island where you are${per}`;
    case 'produce': return `make up to ${plural(n, 'island')} produce${e.boostCargo || e.boostCoins ? `, each with +${e.boostCargo || 0} cargo and +${e.boostCoins || 0} coins` : ''}`;
    case 'build': return `build up to ${plural(n, 'building')}`;
    case 'upgrade': return `a ${e.tier} ship upgrade for ${e.cost || 0} cargo`;
    case 'repair': return `repair ${Math.max(1, n)} damage${e.cost ? ` for ${e.cost} cargo` : ''}${e.where === 'harbor' ? ' in the Harbor' : ''}`;
    case 'draw': return `draw ${n} more at cleanup`;
    case 'battle-drop': return `battle: drop ${n} more cubes${per}`;
    case 'battle-strength': return `battle: +${n} strength${per}`;
    case 'battle-remove-cube': return 'battle: take back one of your dropped cubes';
    case 'battle-win-cargo': return `battle: if you win, ${n} cargo on your ship${per}`;
    case 'end-game': case 'other': return e.text || e.kind;
    default: return e.kind;
  }
}

const optionText = (o, card) => (o.effects || []).map((e) => effectText(e, card)).join(' and ');
const isIcon = (k) => k === 'sails' || k === 'cannon' || k === 'wheel';

// abilitiesOf lists a card's abilities by source: its level (from the
// printed sailors) and each sleeved advancement (from the view's
// advancements; known is false for one not entered from the catalog).
function abilitiesOf(card) {
  const out = [];
  const sl = sailorOf(card.kind || String(card.id).replace(/-\d+$/, ''));
  const lv = sl && sl.levels[(card.level || 1) - 1];
  out.push({ source: 'level', label: `${sl ? sl.name : card.kind || card.id} level ${card.level || 1}`, known: !!lv, abilities: lv ? lv.abilities : [] });
  for (const slot of ['top', 'middle', 'bottom']) {
    const adv = card[slot];
    if (!adv) continue;
    const def = adv.id && gameAdvs[adv.id];
    out.push({ source: slot, label: def ? def.name : `${slot} advancement ${adv.id || '#' + adv.inst}`, known: !!def, abilities: def ? def.abilities || [] : [] });
  }
  return out;
}

// advName is how a player reads an advancement: its printed name when the
// view describes it.
function advName(adv) {
  const def = adv.id && gameAdvs[adv.id];
  return def ? `${def.name} (${def.slot})` : `Advancement ${adv.id || '#' + adv.inst}`;
}

// cardName is how a player reads a card: "Deck Hand 1", "Captain".
function cardName(c) {
  const sl = sailorOf(c.kind || String(c.id).replace(/-\d+$/, ''));
  const n = String(c.id).match(/-(\d+)$/);
  return sl ? sl.name + (n ? ' ' + n[1] : '') : c.id;
}

function inPlay(me) { return [...(me.played || []), ...(me.playedOffTurn || [])]; }

// ----- paying, holds -----

// payEditor chooses where a cost in cargo comes from: the Dock tile (unless
// the cost is paid from the ship) and each hold with cargo. st.pay is
// prefilled from the holds, then the dock.
function payEditor(me, st, cost, from, on) {
  const holds = holdsOf(me).filter((x) => x.cargo > 0);
  const useDock = from !== 'ship' && (me.dock || 0) > 0;
  if (!st.pay) {
    st.pay = {};
    let left = cost ?? 0;
    if (from !== 'dock') for (const x of holds) { const n = Math.min(left, x.cargo); if (n) st.pay[x.name] = n; left -= n; }
    if (useDock && left > 0) { st.pay.dock = Math.min(left, me.dock); }
  }
  const total = () => Object.values(st.pay).reduce((a, b) => a + b, 0);
  const sum = h('p', { class: 'fsum' });
  const upd = () => {
    const t = total();
    sum.textContent = cost === null || cost === undefined ? `Paying ${t} cargo` : `Paying ${t} of ${cost} cargo`;
    sum.classList.toggle('warn', cost !== null && cost !== undefined && t !== cost);
    on && on();
  };
  const rows = [];
  if (from !== 'dock') holds.forEach((x) => rows.push(stepper(`from hold ${x.name} (${x.cargo} cargo)`, st.pay, x.name, x.cargo, upd)));
  if (useDock) rows.push(stepper(`from the Dock tile (${me.dock} cargo)`, st.pay, 'dock', me.dock, upd));
  if (!rows.length) rows.push(note(from === 'ship' ? 'There is no cargo on your ship.' : 'You have no cargo on your ship or Dock tile.', 'warn'));
  upd();
  return h('div', { class: 'fbody pay' }, rows, sum);
}

// payHolds and payment turn st.pay into the action's JSON.
function payHolds(pay) {
  const out = {};
  for (const k of HOLDS) if (pay[k]) out[k] = pay[k];
  return out;
}
function payment(pay) {
  const p = {};
  if (pay.dock) p.dock = pay.dock;
  const hs = payHolds(pay);
  if (Object.keys(hs).length) p.holds = hs;
  return p;
}

// goodsEditor sets cargo and coins per hold: st.g = {A: {cargo, coins}}; lim
// gives each hold's maxima as the other steppers stand; show picks the holds
// listed (by default those with room or something in them).
function goodsEditor(me, st, lim, on, coins = true, show = (x) => x.cap - x.cargo - x.coins > 0 || x.cargo || x.coins) {
  st.g = st.g || {};
  const rows = holdsOf(me).filter(show).map((x) => {
    const g = st.g[x.name] || (st.g[x.name] = { cargo: 0, coins: 0 });
    return h('div', { class: 'holdrow', 'data-hold': x.name }, h('span', { class: 'hname' }, `Hold ${x.name}`, h('span', { class: 'muted' }, ` ${x.cargo} cargo, ${x.coins} coins / ${x.cap}`)),
      stepper('cargo', g, 'cargo', () => lim(x, g).cargo, on),
      coins ? stepper('coins', g, 'coins', () => lim(x, g).coins, on) : null);
  });
  return rows.length ? rows : [note('No hold can take part in this.', 'warn')];
}

function goodsJSON(g) {
  const out = {};
  for (const [k, v] of Object.entries(g || {})) if (v.cargo || v.coins) out[k] = { cargo: v.cargo || 0, coins: v.coins || 0 };
  return out;
}
const goodsSum = (g) => Object.values(g || {}).reduce((a, v) => ({ cargo: a.cargo + (v.cargo || 0), coins: a.coins + (v.coins || 0) }), { cargo: 0, coins: 0 });

// ----- the card where the ship is: buy, trade, attack a Merchant (pp. 10-11) -----

function cardHerePanel(view, ctx, me, act) {
  const b = boardAt(view, me);
  if (!b || !b.card) return null;
  const def = b.cardDef;
  if (!def) return panel(ctx, 'f-buy', 'Buy', `a Row ${b.card.row} card lies here`, h('div', { class: 'fbody' }, note('Enter which card lies on this board first (below), then buy it here.', 'warn')));
  const st = formState(ctx, view, 'buy', () => ({ mode: 'trade', cubes: 0 }));
  const t = view.turn || {};
  const body = h('div', { class: 'fbody' });
  const abil = (def.abilities || []).map((a) => h('li', null, (a.battle ? 'Battle: ' : '') + a.options.map((o) => optionText(o)).join(' / ')));
  const head = [h('p', { class: 'cardname' }, h('strong', null, def.name), ` · Row ${def.row}, ${def.slot} slot · costs ${plural(def.cost, 'cargo', 'cargo')}`),
    abil.length ? h('ul', { class: 'abil' }, abil) : null,
    (t.bought || 0) >= 2 ? note('You have already bought or resolved 2 this turn (p. 10).', 'warn') : null];
  const draw = () => {
    const parts = [...head];
    if (def.encounter) parts.push(choice([{ value: 'trade', label: 'Trade', sub: `pay ${def.cost} cargo (p. 11)`, attrs: { 'data-mode': 'trade' } }, { value: 'attack', label: 'Attack', sub: 'turn it over and fight (p. 11)', attrs: { 'data-mode': 'attack' } }], st, 'mode', draw, 'modes'));
    if (!def.encounter || st.mode === 'trade') {
      parts.push(payEditor(me, st, def.cost, 'ship'),
        h('button', { class: 'btn primary wide', id: 'act-buy', onclick: () => act({ type: 'buy', pay: payHolds(st.pay) }) },
          def.encounter ? `Trade for ${def.name}` : `Buy ${def.name} for ${plural(def.cost, 'cargo', 'cargo')}`),
        note('It is set aside and sleeved into a card you played at the end of your turn.'));
    } else {
      const name = h('input', { id: 'merchant-name', placeholder: 'name on the back', value: st.name || '', oninput: (e) => { st.name = e.target.value; } });
      const win = h('input', { id: 'merchant-win', placeholder: 'if you win (as printed)', value: st.win || '', oninput: (e) => { st.win = e.target.value; } });
      const lose = h('input', { id: 'merchant-lose', placeholder: 'if you lose (as printed)', value: st.lose || '', oninput: (e) => { st.lose = e.target.value; } });
      const ab = h('input', { type: 'checkbox', id: 'merchant-ability', checked: st.ability || undefined, onchange: (e) => { st.ability = e.target.checked; } });
      parts.push(note('Turn the Merchant ship over and enter its back:'),
        h('label', { class: 'field' }, 'Name ', name),
        stepper('black cubes it drops', st, 'cubes', 20),
        h('label', { class: 'field' }, 'Win ', win), h('label', { class: 'field' }, 'Lose ', lose),
        h('label', { class: 'check' }, ab, ' it has an ability gained by winning'),
        h('button', { class: 'btn primary wide', id: 'act-attack-merchant', onclick: () => {
          const back = { name: (st.name || '').trim(), cubes: st.cubes || 0 };
          if ((st.win || '').trim()) back.win = [{ kind: 'other', text: st.win.trim() }];
          if ((st.lose || '').trim()) back.lose = [{ kind: 'other', text: st.lose.trim() }];
          if (st.ability) back.winAbility = true;
          act({ type: 'attack-merchant', back });
        } }, 'Attack the Merchant ship'));
    }
    fill(body, parts);
  };
  draw();
  return panel(ctx, 'f-buy', def.encounter ? 'Merchant ship' : 'Buy', `${def.name}, ${plural(def.cost, 'cargo', 'cargo')}`, body);
}

// ----- use an ability of a played card (pp. 11, 13-15) -----

function abilityPanel(view, ctx, me, act) {
  const cards = inPlay(me);
  if (!cards.length) return null;
  const st = formState(ctx, view, 'ability', () => ({ pick: null, option: 0 }));
  const used = new Set((view.turn || {}).used || []);
  const items = [];
  const rest = [];
  for (const c of cards) {
    for (const src of abilitiesOf(c)) {
      if (!src.known) {
        rest.push(h('div', { class: 'unknown-adv' }, `${c.id}: ${src.label} – its abilities are not in the table's view; `,
          h('button', { type: 'button', class: 'btn', 'data-ability': `${c.id}/${src.source}/0`, onclick: () => { st.pick = `${c.id}/${src.source}/0`; st.option = 0; draw(); } }, 'use its first ability')));
        continue;
      }
      src.abilities.forEach((ab, i) => {
        const key = `${me.seat}/${c.id}/${src.source}/${i}`;
        const text = ab.options.map((o) => optionText(o, c)).join(' / ');
        if (ab.battle) { rest.push(h('div', { class: 'muted' }, `${c.id}: ${text} (in battles)`)); return; }
        if (ab.options.length === 1 && ab.options[0].effects.every((e) => isIcon(e.kind))) return; // icons are counted, not used
        if (ab.options.every((o) => o.effects.every((e) => e.kind === 'sails' || e.kind === 'draw' || e.kind === 'end-game'))) return;
        items.push({ value: `${c.id}/${src.source}/${i}`, label: src.source === 'level' ? cardName(c) : `${cardName(c)}: ${src.label}`, sub: text + (used.has(key) ? ' · used this turn' : ''),
          cls: used.has(key) ? 'used' : '', attrs: { 'data-ability': `${c.id}/${src.source}/${i}` } });
      });
    }
  }
  const body = h('div', { class: 'fbody' });
  const draw = () => {
    const parts = [items.length ? choice(items, st, 'pick', () => { st.option = 0; st.p = {}; draw(); }, 'abilities') : note('No card in play has an ability to use now.')];
    parts.push(rest);
    if (st.pick) {
      const [cid, source, idx] = st.pick.split('/');
      const card = cards.find((c) => c.id === cid);
      const src = card && abilitiesOf(card).find((x) => x.source === source);
      const ab = src && src.known ? src.abilities[Number(idx)] : null;
      st.p = st.p || {};
      if (ab && ab.options.length > 1) {
        parts.push(note('Choose one (the red slash):'), choice(ab.options.map((o, j) => ({ value: j, label: optionText(o, card), disabled: o.effects.some((e) => e.kind === 'sails'), attrs: { 'data-option': j } })), st, 'option', () => { st.p = {}; draw(); }, 'options'));
      }
      const opt = ab ? ab.options[st.option || 0] : { effects: [] };
      parts.push(paramsFor(view, me, card, opt, st.p));
      if (!ab) parts.push(stepper('ability number on the card (from 0)', st, 'advAbility', 5), stepper('option (from 0)', st, 'option', 3));
      parts.push(h('button', { class: 'btn primary wide', id: 'act-use-ability', onclick: () => {
        const a = { type: 'use-ability', card: cid, ability: ab ? Number(idx) : (st.advAbility || 0), option: st.option || 0, ...abilityParams(me, card, opt, st.p) };
        if (source !== 'level') /** @type {any} */ (a).source = source;
        act(a);
      } }, 'Use it'));
    }
    fill(body, parts);
  };
  draw();
  return panel(ctx, 'f-ability', 'Use an ability', `${plural(cards.length, 'card')} in play`, body);
}

// gains sums what an option gives, by where it goes (use-ability's "put").
function gains(opt, card) {
  const g = { dock: 0, ship: 0, either: 0, island: 0, coinDock: 0, coinShip: 0, coinIsland: 0 };
  for (const e of opt.effects || []) {
    const n = amountOf(e, card);
    if (e.kind === 'gain-cargo') g[e.to] = (g[e.to] || 0) + n;
    if (e.kind === 'gain-coins') {
      if (e.to === 'ship') g.coinShip += n; else if (e.to === 'island') g.coinIsland += n; else g.coinDock += n;
    }
  }
  return g;
}

// paramsFor is the part of the ability form the chosen option needs: where
// gains go, what to pay, islands, buildings, a tile, a target.
function paramsFor(view, me, card, opt, p) {
  const parts = [];
  const g = gains(opt, card);
  const here = boardAt(view, me);
  for (const e of opt.effects || []) {
    const n = amountOf(e, card);
    switch (e.kind) {
      case 'influence': {
        const isl = here && here.island;
        if (!isl) { parts.push(note('Your ship is not at an island: influence goes on the island where your ship is (p. 14).', 'warn')); break; }
        const empty = (isl.slots || []).filter((x) => x < 0).length;
        if (empty < n) {
          const opp = [...new Set((isl.slots || []).filter((x) => x >= 0 && x !== me.seat))];
          p.replace = p.replace || [];
          const list = h('span', { class: 'order' }, p.replace.map((x) => pname(view, x)).join(', ') || 'none yet');
          parts.push(note(`The island has ${plural(empty, 'empty slot')}: tap whose cubes to replace, in order (p. 14).`),
            h('div', { class: 'choice' }, opp.map((x) => h('button', { type: 'button', class: 'opt', 'data-replace': x, onclick: () => { p.replace.push(x); list.textContent = p.replace.map((y) => pname(view, y)).join(', '); } }, pname(view, x))),
              h('button', { type: 'button', class: 'opt', onclick: () => { p.replace.length = 0; list.textContent = 'none yet'; } }, 'clear')),
            h('p', null, 'Replace: ', list));
        }
        if ((me.cubes ?? 99) < n) {
          const mineAt = (view.boards || []).filter((b) => b.island && (b.island.slots || []).includes(me.seat) && posKey(b.at) !== posKey(here.at));
          parts.push(note('You have no cubes left: take them back from islands (p. 14).'), toggles(mineAt.map((b) => ({ value: posKey(b.at), label: b.name || posKey(b.at), sub: posKey(b.at) })), p, 'reclaim', 9));
        }
        break;
      }
      case 'produce': {
        const isls = (view.boards || []).filter((b) => b.island);
        parts.push(note(`Choose up to ${plural(n, 'island')} to produce (different ones; your ship need not be there, p. 14):`),
          toggles(isls.map((b) => ({ value: posKey(b.at), label: b.name || posKey(b.at), sub: `${posKey(b.at)} · ${b.produceCargo || 0} cargo, ${b.produceCoins || 0} coins`, attrs: { 'data-island': posKey(b.at) } })), p, 'islands', n));
        break;
      }
      case 'build': {
        const mine = (view.boards || []).filter((b) => b.island && b.island.controller === me.seat);
        if (!mine.length) { parts.push(note('You control no island to build on (p. 15).', 'warn')); break; }
        const items = mine.flatMap((b) => ['fort', 'garrison', 'outpost'].filter((k) => !(b.island.buildings || []).includes(k))
          .map((k) => ({ value: `${posKey(b.at)}/${k}`, label: `${k} on ${b.name || posKey(b.at)}`, attrs: { 'data-build': `${posKey(b.at)}/${k}` } })));
        parts.push(note(`Choose up to ${plural(n, 'building')} (one of each type per island, p. 15):`), toggles(items, p, 'builds', n),
          note('The buildings’ costs are on the First Mate card; the table’s view does not give them: pay what they add up to.'),
          payEditor(me, p, null, e.from || 'either'));
        break;
      }
      case 'upgrade': {
        parts.push(note(`Take a ${e.tier} upgrade tile and choose the hull space it goes on (a blank one first, p. 15):`),
          choice(HOLDS.map((x) => ({ value: x, label: x, attrs: { 'data-space': x } })), p, 'space'),
          h('label', { class: 'field' }, 'Tile id (if entered) ', h('input', { placeholder: 'leave empty if its effects are not entered', value: p.tile || '', oninput: (ev) => { p.tile = ev.target.value; } })),
          payEditor(me, p, e.cost || 0, e.from || 'either'));
        break;
      }
      case 'repair':
        if (e.cost) parts.push(payEditor(me, p, e.cost, e.from || 'either'));
        break;
      case 'attack': {
        const foes = view.players.filter((o) => o.seat !== me.seat && posKey(o.ship && o.ship.at) === posKey(me.ship && me.ship.at));
        parts.push(foes.length ? choice(foes.map((o) => ({ value: o.seat, label: o.name, attrs: { 'data-target': o.seat } })), p, 'target') : note('No opponent’s ship is where yours is.', 'warn'));
        break;
      }
      case 'other':
        parts.push(note('Resolve this by hand at the table: ' + (e.text || '')));
        break;
      default:
    }
  }
  if (g.ship + g.either + g.coinShip > 0) {
    // Where the cargo and coins go, when some may or must go on the ship.
    if (!p.put) {
      p.put = { dock: g.dock + g.either, g: {} };
      let left = g.ship;
      for (const x of holdsOf(me)) { const n = Math.min(left, x.cap - x.cargo - x.coins); if (n > 0) { p.put.g[x.name] = { cargo: n, coins: 0 }; left -= n; } }
    }
    const sum = h('p', { class: 'fsum' });
    const total = g.dock + g.ship + g.either;
    const upd = () => { const t = goodsSum(p.put.g); sum.textContent = `${p.put.dock + t.cargo} of ${total} cargo and ${t.coins} of ${g.coinShip} coins placed`; };
    const lim = (x, gg) => {
      const t = goodsSum(p.put.g), room = x.cap - x.cargo - x.coins;
      return { cargo: Math.min(room - (gg.coins || 0), total - p.put.dock - t.cargo + (gg.cargo || 0)), coins: Math.min(room - (gg.cargo || 0), g.coinShip - t.coins + (gg.coins || 0)) };
    };
    parts.push(note('Where do the gains go?'));
    if (g.dock + g.either > 0) parts.push(stepper('cargo to the Dock tile', p.put, 'dock', () => g.dock + g.either, upd, g.dock));
    parts.push(goodsEditor(me, p.put, lim, upd, g.coinShip > 0), sum);
    upd();
  }
  return h('div', { class: 'fbody params' }, parts);
}

// abilityParams turns the ability form's values into use-ability fields.
function abilityParams(me, card, opt, p) {
  const out = {};
  const g = gains(opt, card);
  const kinds = new Set((opt.effects || []).map((e) => e.kind));
  if (p.put && g.ship + g.either + g.coinShip > 0) {
    out.put = { dock: p.put.dock || 0, chest: g.coinDock, holds: goodsJSON(p.put.g), island: { cargo: g.island, coins: g.coinIsland } };
  }
  if (p.pay && (kinds.has('repair') || kinds.has('build') || kinds.has('upgrade'))) out.pay = payment(p.pay);
  if (kinds.has('influence')) {
    if (p.replace && p.replace.length) out.replace = p.replace.slice();
    if (p.reclaim && p.reclaim.length) out.reclaim = p.reclaim.slice();
  }
  if (kinds.has('produce')) out.islands = (p.islands || []).slice();
  if (kinds.has('build')) out.builds = (p.builds || []).map((x) => { const [at, building] = x.split('/'); return { at, building }; });
  if (kinds.has('upgrade')) out.tile = { space: p.space || '', ...((p.tile || '').trim() ? { id: p.tile.trim() } : {}) };
  if (kinds.has('attack') && p.target !== undefined) out.target = p.target;
  return out;
}

// ----- attack a ship (p. 15; a pirate-mode ship without a flag, p. 12) -----

function attackShipPanel(view, ctx, me, act) {
  const at = posKey(me.ship && me.ship.at);
  const foes = view.players.filter((o) => o.seat !== me.seat && posKey(o.ship && o.ship.at) === at);
  if (!foes.length) return null;
  const st = formState(ctx, view, 'attack-ship', () => ({ target: foes.length === 1 ? foes[0].seat : null, flag: null }));
  const fought = new Set(((view.turn || {}).fought || []));
  const used = new Set((view.turn || {}).used || []);
  const flags = [];
  for (const c of inPlay(me)) {
    for (const src of abilitiesOf(c)) {
      src.abilities.forEach((ab, i) => {
        ab.options.forEach((o, j) => {
          if (ab.battle || !o.effects.some((e) => e.kind === 'attack')) return;
          const key = `${me.seat}/${c.id}/${src.source}/${i}`;
          flags.push({ value: JSON.stringify({ card: c.id, source: src.source, ability: i, option: j }), label: `${cardName(c)}’s Attack flag`, sub: used.has(key) ? 'used this turn' : src.label,
            attrs: { 'data-flag': c.id } });
        });
      });
    }
  }
  const body = h('div', { class: 'fbody' });
  const draw = () => {
    const target = view.players.find((o) => o.seat === st.target);
    const parts = [note('Which ship?'),
      choice(foes.map((o) => ({ value: o.seat, label: o.name, sub: `${o.ship.pirate ? 'pirate mode' : 'mercantile'}${fought.has('ship:' + o.seat) ? ' · already fought this turn' : ''}`, attrs: { 'data-target': o.seat } })), st, 'target', draw, 'targets')];
    const fl = [...flags];
    if (!target || target.ship.pirate) fl.push({ value: null, label: 'No flag', sub: 'she is in pirate mode (p. 12)', attrs: { 'data-flag': 'none' } });
    parts.push(note('With?'), fl.length ? choice(fl, st, 'flag', null, 'flags') : note('You have no Attack flag in play: only a pirate-mode ship can be attacked without one (p. 12).', 'warn'));
    parts.push(h('button', { class: 'btn primary wide', id: 'act-attack-ship', disabled: st.target === null || undefined, onclick: () => {
      const a = { type: 'attack-ship', target: st.target };
      if (st.flag) { const f = JSON.parse(st.flag); a.flag = { card: f.card, ability: f.ability, ...(f.option ? { option: f.option } : {}), ...(f.source !== 'level' ? { source: f.source } : {}) }; }
      act(a);
    } }, target ? `Attack ${target.name}’s ship` : 'Attack'));
    fill(body, parts);
  };
  draw();
  return panel(ctx, 'f-attack-ship', 'Attack a ship', foes.map((o) => o.name).join(', ') + ' here', body);
}

// ----- attack buildings (p. 20) -----

function buildingPanel(view, me, act) {
  const b = boardAt(view, me);
  const isl = b && b.island;
  if (!isl || isl.controller < 0 || isl.controller === me.seat) return null;
  const targets = (isl.buildings || []).filter((k) => k === 'fort' || k === 'garrison');
  if (!targets.length) return null;
  return h('div', { class: 'fpanel flat', id: 'f-building' },
    h('button', { class: 'btn wide', id: 'act-attack-building', onclick: () => act({ type: 'attack-building' }) },
      `Attack ${pname(view, isl.controller)}’s ${targets.join(' and ')} on ${b.name || posKey(b.at)}`),
    note('No Attack flag needed; Outposts cannot be attacked (p. 20).'));
}

// ----- Master Merchant: return 12 cargo at once (p. 22) -----

function masterPanel(view, ctx, me, act) {
  if ((me.achievements || []).some((a) => norm(a) === 'master-merchant')) return null;
  if ((me.dock || 0) + shipCargo(me) < 12) return null;
  const st = formState(ctx, view, 'master', () => ({}));
  return panel(ctx, 'f-master', 'Master Merchant', 'return 12 cargo at once (p. 22)',
    h('div', { class: 'fbody' }, payEditor(me, st, 12, 'either'),
      h('button', { class: 'btn primary wide', id: 'act-master-merchant', onclick: () => act({ type: 'master-merchant', pay: payment(st.pay) }) }, 'Return 12 cargo')));
}

// ----- a battle resolved by hand (record-battle-outcome, pp. 17-21) -----

function deckIds() {
  return Object.entries(gameSailors).flatMap(([kind, sl]) => (sl.count > 1 ? Array.from({ length: sl.count }, (_, i) => `${kind}-${i + 1}`) : [kind]));
}

function outcomePanel(view, ctx) {
  const b = (view.battles || [])[0];
  if (!b) return null;
  const st = formState(ctx, view, 'outcome', () => ({ won: 'attacker', dmgA: 0, dmgD: 0, kept: false, played: [] }));
  const att = player(view, b.attacker), def = b.defender >= 0 ? player(view, b.defender) : null;
  const kind = b.kind || (b.merchant ? 'merchant' : def ? 'ship' : 'building');
  const body = h('div', { class: 'fbody' });
  const draw = () => {
    st.pa = st.pa || {}; st.pd = st.pd || {};
    const parts = [note('When the battle was fought without the steps above (or they cannot go on), say how it ended.'),
      choice([{ value: 'attacker', label: `${att ? att.name : 'The attacker'} won`, attrs: { 'data-won': 'attacker' } },
        { value: 'defender', label: `${def ? def.name : (b.merchant && b.merchant.name) || 'the defence'} won`, attrs: { 'data-won': 'defender' } }], st, 'won', null, 'modes'),
      note('Damage from damage zones and abilities (the loser’s 1 damage is added by itself):'),
      stepper(`damage to ${att ? att.name : 'the attacker'}`, st, 'dmgA', 5)];
    if (def && kind === 'ship') parts.push(stepper(`damage to ${def.name}`, st, 'dmgD', 5));
    const room = (x, g) => ({ cargo: x.cap - x.cargo - x.coins - (g.coins || 0), coins: x.cap - x.cargo - x.coins - (g.cargo || 0) });
    const island = (view.boards || []).some((x) => posKey(x.at) === posKey(b.at) && x.island);
    const onIsland = (who, o) => (island ? [stepper(`${who}: cargo on the island`, o, 'cargo', 20), stepper(`${who}: coins on the island`, o, 'coins', 20)] : []);
    st.ia = st.ia || {}; st.id = st.id || {};
    if (kind !== 'building' && att) {
      parts.push(note(`${att.name}’s plunder: cargo and coins onto the ship${island ? ' or the island' : ''} (p. 19)`), goodsEditor(att, { g: st.pa }, room), onIsland(att.name, st.ia));
    }
    if (kind === 'ship' && def) {
      parts.push(note(`${def.name}’s plunder: cargo and coins onto the ship${island ? ' or the island' : ''} (p. 19)`), goodsEditor(def, { g: st.pd }, room), onIsland(def.name, st.id));
      const playedIds = new Set((def.played || []).concat(def.playedOffTurn || []).map((c) => c.id));
      parts.push(note(`Cards ${def.name} played from hand to defend:`),
        toggles(deckIds().filter((x) => !playedIds.has(x)).map((x) => ({ value: x, label: cardName({ id: x }) })), st, 'played', 12));
    }
    if (kind === 'merchant') {
      parts.push(h('label', { class: 'check' }, h('input', { type: 'checkbox', id: 'outcome-kept', checked: st.kept || undefined, onchange: (e) => { st.kept = e.target.checked; } }), ' the winner keeps the Merchant ship as an advancement'));
    }
    parts.push(h('button', { class: 'btn primary wide', id: 'act-record-outcome', onclick: () => {
      const a = { type: 'record-battle-outcome', seat: -1, attackerWon: st.won === 'attacker' };
      if (st.dmgA) a.damageToAttacker = st.dmgA;
      if (st.dmgD) a.damageToDefender = st.dmgD;
      const pa = goodsJSON(st.pa), pd = goodsJSON(st.pd);
      const plunder = (hs, isl) => {
        const o = {};
        if (Object.keys(hs).length) o.holds = hs;
        if (isl.cargo || isl.coins) o.island = { cargo: isl.cargo || 0, coins: isl.coins || 0 };
        return Object.keys(o).length ? o : undefined;
      };
      a.attackerPlunder = plunder(pa, st.ia);
      a.defenderPlunder = plunder(pd, st.id);
      if (st.kept) a.merchantKept = true;
      if (st.played.length) a.defenderPlayed = st.played.slice();
      ctx.submit(a).then(() => { ctx._open = null; ctx.rebuild(); }, () => {});
    } }, 'Record the outcome'));
    fill(body, parts);
  };
  draw();
  const need = needOf(b, view);
  const d = panel(ctx, 'f-outcome', 'The battle by hand', 'who won, damage, plunder', body);
  if (b.error || (view.battle && view.battle.error) || !need) d.open = true;
  return d;
}

// ----- cleanup choices: sleeving advancements (p. 12) -----

function sleevePicker(view, ctx, me) {
  const aside = me.setAside || [];
  if (!aside.length) return { el: null, value: () => undefined };
  const st = formState(ctx, view, 'sleeves', () => ({}));
  const played = inPlay(me);
  const rows = aside.map((adv) => {
    // A card whose slot for this advancement is taken cannot hold it (p. 12).
    const def = adv.id && gameAdvs[adv.id];
    const full = (c) => !!(def && !adv.merchant && c[def.slot]);
    return h('div', { class: 'sleeve' }, h('span', null, `${advName(adv)}${adv.merchant ? ' (Merchant ship)' : ''} goes into:`),
      choice([...played.map((c) => ({ value: c.id, label: cardName(c), sub: full(c) ? `its ${def.slot} slot is full` : undefined, disabled: full(c) || undefined, attrs: { 'data-sleeve': `${adv.inst}/${c.id}` } })), { value: '', label: 'keep it set aside' }], st, String(adv.inst)));
  });
  return {
    el: h('div', { class: 'sleeves', id: 'f-sleeves' }, note('Sleeve what you gained into a card you played this turn (p. 12); the slot is the advancement’s.'), rows),
    value: () => {
      const out = aside.filter((adv) => st[String(adv.inst)]).map((adv) => ({ adv: adv.inst, card: st[String(adv.inst)] }));
      return out.length ? out : undefined;
    },
  };
}

// sailsChoices are the red-slash options that give sails, taken when
// setting sails (p. 8).
function sailsChoices(view, ctx, me) {
  const st = formState(ctx, view, 'sails', () => ({ on: [] }));
  const items = [];
  for (const c of inPlay(me)) {
    for (const src of abilitiesOf(c)) {
      src.abilities.forEach((ab, i) => {
        if (ab.options.length < 2) return;
        ab.options.forEach((o, j) => {
          if (o.effects.some((e) => e.kind === 'sails')) items.push({ value: JSON.stringify({ card: c.id, ability: i, option: j, ...(src.source !== 'level' ? { source: src.source } : {}) }), label: `${c.id}: ${optionText(o, c)}`, sub: 'instead of ' + ab.options.filter((_, k) => k !== j).map((x) => optionText(x, c)).join(' / ') });
        });
      });
    }
  }
  if (!items.length) return { el: null, value: () => undefined };
  return {
    el: h('div', { class: 'sailchoices' }, note('Count a red-slash option as sails (it is then used this turn):'), toggles(items, st, 'on', items.length)),
    value: () => (st.on.length ? st.on.map((x) => JSON.parse(x)) : undefined),
  };
}

// actions is the "Act" panel: the turn's buttons, then a form for every
// other action, built from what the view shows. On the shared tablet it acts
// for the player whose turn it is; on a phone, for that phone's player.
export function actions(view, ctx) {
  gameSailors = view.sailors || {};
  gameAdvs = view.advancements || {};
  const t = view.turn || {};
  const seat = ctx.seat >= 0 ? ctx.seat : t.seat;
  const me = player(view, seat) || {};
  const myTurn = seat === t.seat;
  const send = (a) => ctx.submit({ seat, ...a }).catch(() => {});
  // A form's action, once accepted, closes its form (redrawn at once: the
  // new view may have come in before the answer).
  const sendForm = (a) => ctx.submit({ seat, ...a }).then(() => { ctx._open = null; ctx.rebuild(); }, () => {});
  const pathState = ctx._path || (ctx._path = []);
  const out = h('div', { class: 'dr-actions' },
    h('p', { class: 'muted' }, ctx.seat >= 0 ? `You act as ${me.name}.` : `The tablet acts for ${me.name || 'the player to play'}.`));
  const bs = battleSteps(view, ctx);
  if (bs) out.append(bs);
  const byHand = outcomePanel(view, ctx);
  if (byHand) out.append(byHand);

  const sails = myTurn && !t.sailsSet ? sailsChoices(view, ctx, me) : { el: null, value: () => undefined };
  out.append(h('div', { class: 'row' },
    h('button', { class: 'big', id: 'act-set-sails', disabled: t.sailsSet || undefined, onclick: () => send({ type: 'set-sails', choices: sails.value() }) }, 'Set sails'),
    h('button', { class: 'big' + (ctx.moving ? ' primary' : ''), id: 'act-move', onclick: () => {
      if (!ctx.moving) { ctx.moving = true; pathState.length = 0; fill(moveBox, 'Tap the boards to sail through, in order: ', h('span', { id: 'move-path' }, '…'), h('div', { class: 'row' }, goBtn, cancelBtn)); return; }
    } }, 'Move ➜')));
  if (sails.el) out.append(sails.el);
  const moveBox = h('div', { class: 'movebox' });
  const sail = (path, order) => { ctx.moving = false; pathState.length = 0; fill(moveBox); send({ type: 'move', path, order }); };
  const goBtn = h('button', { class: 'btn primary', id: 'move-go', onclick: () => {
    const path = pathState.slice();
    // Stopping where two or more opponents' ships are in pirate mode: the
    // mover says in which order to fight them (p. 10).
    const dest = path.length ? path[path.length - 1] : null;
    const fought = new Set(t.fought || []);
    const pirates = view.players.filter((o) => o.seat !== seat && o.ship && o.ship.pirate && posKey(o.ship.at) === dest && !fought.has('ship:' + o.seat));
    if (pirates.length < 2) { sail(path); return; }
    const st = { order: [] };
    const said = h('p', null, 'Order: clockwise from you unless you choose.');
    fill(moveBox, note(`${pirates.length} pirate ships at ${dest}: tap them in the order you fight them (p. 10).`),
      toggles(pirates.map((o) => ({ value: o.seat, label: o.name, attrs: { 'data-order': o.seat } })), st, 'order', pirates.length,
        () => { said.textContent = 'Order: ' + (st.order.map((x) => pname(view, x)).join(', ') || 'clockwise from you unless you choose.'); }), said,
      h('div', { class: 'row' }, h('button', { class: 'btn primary', id: 'move-go-order', onclick: () => sail(path, st.order.length === pirates.length ? st.order.slice() : undefined) }, 'Sail'), cancelBtn));
  } }, 'Sail');
  const cancelBtn = h('button', { class: 'btn', onclick: () => { ctx.moving = false; pathState.length = 0; fill(moveBox); document.querySelectorAll('.onpath').forEach((g) => g.classList.remove('onpath')); } }, 'Cancel');
  out.append(moveBox);


  // A phone chooses its secret bonus achievement token (p. 6).
  if (ctx.seat >= 0 && me.bonusDealt && me.bonusDealt.length && !me.bonusToken) {
    out.append(h('fieldset', { class: 'explore', id: 'bonus-choice' }, h('legend', null, 'Keep one bonus token (secret, p. 6)'),
      h('div', { class: 'row' }, me.bonusDealt.map((tok) => h('button', { class: 'btn', onclick: () => send({ type: 'choose-bonus-token', token: tok }) }, tok)))));
  }

  return out;
}

// actionForms is the rest of the "Act" panel, below the card picker (a
// component in index.js): a form for every other action, the end of the
// turn, and the host's JSON box.
export function actionForms(view, ctx) {
  gameSailors = view.sailors || {};
  gameAdvs = view.advancements || {};
  const t = view.turn || {};
  const seat = ctx.seat >= 0 ? ctx.seat : t.seat;
  const me = player(view, seat) || {};
  const myTurn = seat === t.seat;
  const send = (a) => ctx.submit({ seat, ...a }).catch(() => {});
  const sendForm = (a) => ctx.submit({ seat, ...a }).then(() => { ctx._open = null; ctx.rebuild(); }, () => {});
  const out = h('div', { class: 'dr-actions' });
  // The forms: what the player may do where the ship is, then cargo.
  const forms = h('div', { class: 'forms', id: 'forms' });
  // While a battle is pending the main-phase actions wait (p. 17): only
  // cargo (jettison, rearrange) and the battle's own forms are offered.
  if (myTurn && !(view.battles || []).length) {
    forms.append(...[cardHerePanel(view, ctx, me, sendForm), abilityPanel(view, ctx, me, sendForm), attackShipPanel(view, ctx, me, sendForm),
      buildingPanel(view, me, sendForm), masterPanel(view, ctx, me, sendForm)].filter(Boolean));
  }
  out.append(forms);
  return out;
}

// actionEnd is the bottom of the "Act" panel, below the cargo form (a
// component in index.js): a card to enter, the end of the turn (sleeving,
// pirate mode), and the host's JSON box.
export function actionEnd(view, ctx) {
  gameSailors = view.sailors || {};
  gameAdvs = view.advancements || {};
  const t = view.turn || {};
  const seat = ctx.seat >= 0 ? ctx.seat : t.seat;
  const me = player(view, seat) || {};
  const myTurn = seat === t.seat;
  const send = (a) => ctx.submit({ seat, ...a }).catch(() => {});
  const out = h('div', { class: 'dr-actions' });

  const unknownCard = (view.boards || []).find((b) => b.card && b.card.adv && !b.card.adv.id && !b.card.adv.merchant && b.kind);
  if (unknownCard) out.append(cardEntryForm(unknownCard, send));

  const sleeves = myTurn ? sleevePicker(view, ctx, me) : { el: null, value: () => undefined };
  const pirate = h('input', { type: 'checkbox', id: 'end-pirate' });
  out.append(h('div', { class: 'endturn' }, sleeves.el,
    h('div', { class: 'row' },
      h('label', { class: 'check' }, pirate, ' go into pirate mode'),
      h('button', { class: 'big primary', id: 'act-end-turn', onclick: () => send({ type: 'end-turn', pirate: pirate.checked || undefined, sleeves: sleeves.value() }) }, 'End turn'))));

  // The host may still send any action as JSON (a correction of the table,
  // a case no form covers); players never need it.
  if (ctx.host) {
    const area = h('textarea', { id: 'raw-json', rows: 4, class: 'mono', placeholder: `{"type":"...","seat":${seat}}` });
    out.append(h('details', { class: 'more' }, h('summary', null, 'Advanced (host): an action as JSON'), area,
      h('button', { class: 'btn', id: 'raw-send', onclick: () => {
        let a;
        try { a = JSON.parse(area.value); } catch (e) { ctx.setError({ message: 'the action does not read as JSON: ' + e.message }); return; }
        ctx.submit(a).catch(() => {});
      } }, 'Send'),
      h('p', { class: 'muted' }, 'The fields of each action are in docs/api.md.')));
  }
  return out;
}
