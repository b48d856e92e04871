// @ts-check
// board.js: Dead Reckoning's table as the view shows it: the Harbor and the
// 3x4 ocean with ships, islands and card spaces (tapping a board adds it to
// a move being plotted), the turn, the players and the achievements, and
// the setup guide of a new game.

import { html } from '../../js/view.js';
import {
  facts, colourOf, norm, player, pname, pcol, posKey, placeName, moveOf, useMove,
} from './common.js';

const CW = 210, CH = 150, GAP = 8, HH = 90;

/** Ships are the ships at one place, side by side from (x, y). */
function Ships({ list, x, y }) {
  return (list || []).map((p, i) => {
    const sh = p.ship || {};
    const cx = x + i * 46;
    const col = colourOf(p.colour);
    return html`<g key=${p.seat} class=${'ship' + (sh.pirate ? ' pirate' : '')} data-seat=${p.seat}>
      <path d=${`M${cx} ${y + 18} L${cx + 36} ${y + 18} L${cx + 30} ${y + 30} L${cx + 6} ${y + 30} Z`} style=${`fill:${col}`} />
      <path d=${`M${cx + 18} ${y - 4} L${cx + 18} ${y + 18} M${cx + 18} ${y - 2} L${cx + 32} ${y + 8} L${cx + 18} ${y + 12}`} class="mast" style=${`stroke:${col}`} />
      ${sh.pirate ? html`<text x=${cx + 2} y=${y + 6} class="tiny flag">☠</text>` : null}
      ${sh.damage ? html`<text x=${cx + 18} y=${y + 44} class="tiny dmg" text-anchor="middle">${`dmg ${sh.damage}`}</text>` : null}
      <title>${`${p.name}’s ship${sh.pirate ? ' (pirate mode)' : ''}, ${sh.damage || 0} damage`}</title>
    </g>`;
  });
}

/** Cell is one ocean board: face down, to enter, an island or open sea. */
function Cell({ view, b, r, c, onPath, pick, ships }) {
  const key = `R${r}C${c}`;
  const x = GAP + (c - 1) * (CW + GAP), y = GAP + (4 - r) * (CH + GAP);
  const isl = b.island;
  const ctrl = isl && isl.controller >= 0 ? pcol(view, isl.controller) : null;
  let body = null;
  if (!b.explored) body = html`<text x=${x + CW / 2} y=${y + CH / 2 + 12} class="unknown" text-anchor="middle">?</text>`;
  else if (!b.kind) {
    body = html`<text x=${x + CW / 2} y=${y + 50} class="cellname" text-anchor="middle">Face up</text>
      <text x=${x + CW / 2} y=${y + 72} class="small" text-anchor="middle">enter what it shows</text>`;
  } else if (isl) {
    const bits = [];
    if (isl.cargo) bits.push(`${isl.cargo} cargo`);
    if (isl.coins) bits.push(`${isl.coins} coins`);
    (isl.buildings || []).forEach((bd) => bits.push(bd));
    let px = x + 10;
    const perm = [];
    (isl.permanent || []).forEach((n, seat) => {
      if (!n) return;
      perm.push(html`<rect key=${'p' + seat} x=${px} y=${y + 58} width="14" height="14" class="perm" style=${`fill:${pcol(view, seat)}`} />
        <text key=${'t' + seat} x=${px + 18} y=${y + 70} class="small">${`×${n}`}</text>`);
      px += 44;
    });
    body = html`<text x=${x + CW / 2} y=${y + 22} class="cellname" text-anchor="middle">${b.name || isl.id || 'Island'}</text>
      ${(isl.slots || []).map((seat, i) => html`<rect key=${'s' + i} x=${x + 10 + i * 22} y=${y + 32} width="18" height="18" rx="3" class=${'slot' + (seat >= 0 ? ' full' : '')} style=${seat >= 0 ? `fill:${pcol(view, seat)}` : null}>
        <title>${seat >= 0 ? pname(view, seat) + '’s cube' : 'empty slot'}</title></rect>`)}
      ${perm}
      ${bits.length ? html`<text x=${x + 10} y=${y + 92} class="small">${bits.join(' · ')}</text>` : null}
      ${ctrl ? html`<text x=${x + CW - 8} y=${y + 18} class="small" text-anchor="end" style=${`fill:${ctrl}`}>${'⚑ ' + pname(view, isl.controller)}</text>` : null}`;
  } else {
    body = html`<text x=${x + CW / 2} y=${y + 26} class="cellname" text-anchor="middle">Open sea</text>
      ${b.arrows && b.arrows.length ? html`<text x=${x + CW / 2} y=${y + 50} class="small" text-anchor="middle">${'arrows: ' + b.arrows.join(', ')}</text>` : null}`;
  }
  let card = null;
  if (b.card) {
    const label = b.card.adv && b.card.adv.merchant ? 'Merchant ship' : (b.cardDef && b.cardDef.name) || 'card to enter';
    card = html`<rect x=${x + CW - 84} y=${y + CH - 44} width="76" height="36" rx="4" class="cardspace" />
      <text x=${x + CW - 46} y=${y + CH - 28} class="small" text-anchor="middle">${`Row ${b.card.row}`}</text>
      <text x=${x + CW - 46} y=${y + CH - 14} class="tiny" text-anchor="middle">${String(label).slice(0, 14)}</text>`;
  }
  return html`<g class=${'cell ' + (b.explored ? 'explored ' + (b.kind || '') : 'hidden') + (onPath ? ' onpath' : '')} data-pos=${key} onClick=${() => pick(key)}>
    <rect x=${x} y=${y} width=${CW} height=${CH} rx="10" style=${ctrl ? `stroke:${ctrl};stroke-width:6` : null} />
    <text x=${x + 8} y=${y + 18} class="poslabel">${`Row ${r}`}</text>
    ${body}${card}
    <${Ships} list=${ships} x=${x + 10} y=${y + CH - 40} />
  </g>`;
}

/**
 * Board is the Harbor and the ocean. While a move is being plotted (the
 * Move form), tapping a board adds it to the path.
 * @param {{view: any, ctx: any}} props
 */
export function Board({ view, ctx }) {
  const move = useMove(ctx);
  const W = 3 * CW + 4 * GAP, H = 4 * CH + 5 * GAP + HH + GAP;
  const boards = new Map((view.boards || []).map((b) => [posKey(b.at), b]));
  const shipsAt = new Map();
  for (const p of view.players) {
    const k = posKey(p.ship && p.ship.at);
    if (!shipsAt.has(k)) shipsAt.set(k, []);
    shipsAt.get(k).push(p);
  }
  const pick = (key) => {
    const m = moveOf(ctx);
    if (ctx.readOnly || !m.moving) return;
    m.set({ path: [...m.path, key] });
  };
  const hy = GAP + 4 * (CH + GAP);
  const cells = [];
  for (let r = 1; r <= 4; r++) {
    for (let c = 1; c <= 3; c++) {
      const key = `R${r}C${c}`;
      cells.push(html`<${Cell} key=${key} view=${view} b=${boards.get(key) || { explored: false }} r=${r} c=${c} onPath=${move.path.includes(key)} pick=${pick} ships=${shipsAt.get(key)} />`);
    }
  }
  return html`<svg viewBox=${`0 0 ${W} ${H}`} class="board" id="board" role="img" aria-label="The ocean: Harbor at the bottom, row 4 at the top">
    <g class=${'cell harbor' + (move.path.includes('harbor') ? ' onpath' : '')} data-pos="harbor" onClick=${() => pick('harbor')}>
      <rect x=${GAP} y=${hy} width=${W - 2 * GAP} height=${HH} rx="10" />
      <text x=${W / 2} y=${hy + 28} class="cellname" text-anchor="middle">Harbor</text>
      <${Ships} list=${shipsAt.get('harbor')} x=${GAP + 20} y=${hy + 40} />
    </g>
    ${cells}
  </svg>`;
}

function holdText(sh) {
  return (sh.spaces || []).map((sp, i) => {
    const cap = sh.capacity ? sh.capacity[i] : 0;
    const hold = sp.hold || {};
    if (!cap && !(hold.cargo || hold.coins)) return null;
    return `${'ABCD'[i]}: ${hold.cargo || 0} cargo, ${hold.coins || 0} coins / ${cap}`;
  }).filter(Boolean).join(' · ');
}

const Stat = ({ label, value, cls = '' }) => html`<div class=${'stat ' + cls}><span class="k">${label}</span><span class="v">${value}</span></div>`;

function CardChip({ c }) {
  const icons = [c.sails ? `sail ${c.sails}` : '', c.cannons ? `cannon ${c.cannons}` : '', c.wheels ? `wheel ${c.wheels}` : ''].filter(Boolean).join(' ');
  return html`<span class="cardchip" title=${c.id}>${`${c.kind || c.id} L${c.level || 1}`}${icons ? ' ' + icons : ''}</span>`;
}

/**
 * Players are the players' cards: ship, damage, holds, cards in play; a
 * phone's own player first, with the secrets only it sees.
 * @param {{view: any, ctx: any}} props
 */
export function Players({ view, ctx }) {
  const ps = view.players.slice().sort((a, b) => Number(b.seat === ctx.seat) - Number(a.seat === ctx.seat));
  return html`<section class="players-panel" id="players">${ps.map((p) => {
    const sh = p.ship || {};
    const active = view.turn && view.turn.seat === p.seat;
    const mine = ctx.seat === p.seat;
    return html`<div key=${p.seat} class=${'pcard' + (active ? ' active' : '') + (mine ? ' mine' : '')} style=${`--c:${colourOf(p.colour)}`} data-seat=${p.seat}>
      <h3>${p.name}${active ? html`<span class="badge">to play</span>` : null}${sh.pirate ? html`<span class="badge pirate">pirate</span>` : html`<span class="badge">mercantile</span>`}</h3>
      <div class="stats">
        <${Stat} label="Ship at" value=${posKey(sh.at)} />
        <${Stat} label="Damage" value=${`${sh.damage || 0} / 5`} cls=${(sh.damage || 0) >= 4 ? 'warn' : ''} />
        <${Stat} label="Sails" value=${sh.sails || 0} />
        <${Stat} label="Cannons" value=${sh.cannons ?? '–'} />
        <${Stat} label="Dock" value=${`${p.dock || 0} cargo`} />
        <${Stat} label="Cubes left" value=${p.cubes ?? '–'} />
        <${Stat} label="Hand" value=${p.handCount ?? '–'} />
        ${p.chest !== undefined && p.chest !== null ? html`<${Stat} label="Your chest" value=${`${p.chest} coins`} cls="secret" />` : html`<${Stat} label="Chest" value="secret" />`}
      </div>
      <div class="holds">${holdText(sh) || 'Holds empty'}</div>
      ${p.played && p.played.length ? html`<div class="played">Played: ${p.played.map((c) => html`<${CardChip} key=${c.id} c=${c} />`)}</div>` : null}
      ${p.hand && p.hand.length ? html`<div class="hand" id="my-hand">Your hand: ${p.hand.map((c) => html`<${CardChip} key=${c.id} c=${c} />`)}</div>` : null}
      ${p.bonusToken ? html`<div class="secret">Your bonus token: ${p.bonusToken}</div>` : null}
    </div>`;
  })}</section>`;
}

/**
 * Achievements are the nine achievements (named by the game's facts), the
 * markers placed and each player's progress.
 * @param {{view: any}} props
 */
export function Achievements({ view }) {
  return html`<section class="achievements" id="achievements">
    <h2>Achievements</h2>
    <div class="achgrid">${facts.achievements.map((a) => {
      const have = view.players.filter((p) => (p.achievements || []).some((x) => norm(x) === a.id));
      return html`<div key=${a.id} class=${'ach' + (have.length ? ' claimed' : '')} data-ach=${a.id}>
        <div class="aname">${a.name}</div>
        <div class="awhat">${a.what}</div>
        <div class="markers">${have.map((p) => html`<span key=${p.seat} class="marker" style=${`background:${colourOf(p.colour)}`} title=${p.name}></span>`)}</div>
        <div>${view.players.map((p) => {
          const n = (p.progress || {})[a.id] ?? 0;
          return n && !have.includes(p) ? html`<span key=${p.seat} class="prog" style=${`--c:${colourOf(p.colour)}`}>${`${p.name} ${n}${a.goal ? '/' + a.goal : ''}`}</span>` : null;
        })}</div>
      </div>`;
    })}</div>
  </section>`;
}

/**
 * Turn is whose turn it is and what they may still do this turn.
 * @param {{view: any}} props
 */
export function Turn({ view }) {
  const t = view.turn || {};
  const used = t.used || [];
  const mover = player(view, t.seat);
  return html`<section class="turn" id="turn">
    <div class="big-turn" style=${`--c:${pcol(view, t.seat)}`}>${`${pname(view, t.seat)} to play`}</div>
    <ul class="cando">
      <li class=${t.sailsSet ? 'done' : ''}>${t.sailsSet ? 'Sails are set' : 'Sails not set yet (once per turn, p. 9)'}</li>
      <li>${`Sails left: ${mover && mover.ship ? mover.ship.sails : 0}`}</li>
      <li class=${t.bought >= 2 ? 'done' : ''}>${`Advances bought: ${t.bought || 0} of 2 (p. 10)`}</li>
      <li class=${t.explored ? 'done' : ''}>${t.explored ? 'Already explored this turn (p. 9)' : 'May still explore one board (p. 9)'}</li>
      ${used.length ? html`<li>${`Abilities used: ${used.length}`}</li>` : null}
      ${t.cannonsUsed && Object.keys(t.cannonsUsed).length ? html`<li>${'Cannons used: ' + Object.entries(t.cannonsUsed).map(([k, n]) => {
        const [seat, src] = k.includes('/') ? k.split('/') : [null, k];
        return seat !== null && /^\d+$/.test(seat) ? `${pname(view, Number(seat))}’s ${src} ${n}` : `${k} ${n}`;
      }).join(', ') + ' (once per turn, p. 17)'}</li>` : null}
      ${t.fought && t.fought.length ? html`<li>${'Already fought: ' + t.fought.map((f) => {
        const [kind, x] = String(f).split(':');
        return kind === 'ship' ? pname(view, Number(x)) + '’s ship' : kind === 'building' ? `the buildings at ${x}` : 'a merchant ship';
      }).join(', ') + ' (not twice in a turn, p. 17)'}</li>` : null}
      ${t.blockaded && t.blockaded.length ? html`<li class="warn">${`Blockaded at ${t.blockaded.map((x) => placeName(view, x)).join(', ')}: no dealings with the island (p. 18)`}</li>` : null}
      ${t.pendingExplore ? html`<li class="warn">${`Board ${posKey(t.pendingExplore)} must be turned over: enter what it shows`}</li>` : null}
      ${view.endTriggeredBy >= 0 ? html`<li class="warn">${`${pname(view, view.endTriggeredBy)} has four achievements: final turns`}</li>` : null}
    </ul>
  </section>`;
}

/**
 * SetupGuide says how to lay out the table (version 0 only).
 * @param {{view: any}} props
 */
export function SetupGuide({ view }) {
  const start = view.start ?? 0;
  const n = view.players.length;
  const order = [];
  for (let i = 0; i < n; i++) order.push(player(view, (start + i) % n));
  const cargo = [1, 2, 3, 2];
  return html`<section class="setup" id="setup">
    <h2>Lay out the table (rulebook pp. 4–6)</h2>
    <ol>
      <li>Harbor board in the middle; 12 ocean boards face down in a 3-wide, 4-deep grid beyond it.</li>
      <li>Turn the three boards next to the Harbor face up and put a Row 1 card on each; enter what they show with the first actions.</li>
      <li>Each player: ship at the Harbor, 15 coins in the treasure chest, 35 cubes, dock tile, 11 achievement markers, the 12 sailor cards shuffled, 4 cards drawn.</li>
      <li>Starting cargo on each dock: ${order.map((p, i) => (p ? html`<span key=${p.seat} class="chip" style=${`--c:${colourOf(p.colour)}`}>${`${p.name}: ${cargo[i] ?? 2}`}</span>` : null))}
        ${n === 4 && order[3] ? ` (${order[3].name} may also level up one card before the first turn)` : ''}</li>
    </ol>
  </section>`;
}
