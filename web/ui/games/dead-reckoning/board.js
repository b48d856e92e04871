// @ts-check
// board.js: Dead Reckoning's table as the view shows it: the Harbor and the
// 3x4 ocean with ships, islands and card spaces (tapping a board adds it to
// a move being plotted), the turn, the players and the achievements, and
// the setup guide of a new game.

import { html } from '../../js/view.js';
import {
  facts, colourOf, norm, player, pname, pcol, posKey, placeName, placeWords, moveOf, useMove, cardName, plural,
} from './common.js';

/** Ships are the ships at one place: each a hull and sail in its
 * player's colour (a skull flag in pirate mode) with the player's name and
 * damage in words. */
function Ships({ list }) {
  if (!list || !list.length) return null;
  return html`<div class="ships">${list.map((p) => {
    const sh = p.ship || {};
    const col = colourOf(p.colour);
    return html`<span key=${p.seat} class=${'ship' + (sh.pirate ? ' pirate' : '')} data-seat=${p.seat} style=${`--c:${col}`}
      title=${`${p.name}’s ship${sh.pirate ? ' (pirate mode)' : ''}, ${sh.damage || 0} damage`}>
      <svg viewBox="0 0 40 34" class="shipicon" aria-hidden="true">
        <path d="M2 20 L38 20 L32 32 L8 32 Z" style=${`fill:${col}`} />
        <path d="M20 1 L20 20 M20 3 L34 11 L20 15" class="mast" style=${`stroke:${col}`} />
      </svg><span class="sname">${sh.pirate ? '☠ ' : ''}${p.name}${sh.damage ? html` <span class="dmg">${`${sh.damage} damage`}</span>` : null}</span>
    </span>`;
  })}</div>`;
}

const ARROWS = { up: '↑ up', down: '↓ down', left: '← left', right: '→ right' };
const cap = (x) => String(x).charAt(0).toUpperCase() + String(x).slice(1);

/** Cell is one ocean board: face down, to enter, an island or open sea. */
function Cell({ view, b, r, c, step, pick, ships }) {
  const key = `R${r}C${c}`;
  const isl = b.island;
  const ctrl = isl && isl.controller >= 0 ? pcol(view, isl.controller) : null;
  let body = null;
  if (!b.explored) body = html`<span class="rowlabel">${`Row ${r}`}</span><span class="unknown" aria-label="face down">?</span>`;
  else if (!b.kind) body = html`<span class="rowlabel">${`Row ${r}`}</span><span class="cname">Face up</span><span class="note2">enter what it shows</span>`;
  else if (isl) {
    const bits = [];
    if (isl.cargo) bits.push(`${isl.cargo} cargo`);
    if (isl.coins) bits.push(plural(isl.coins, 'coin'));
    (isl.buildings || []).forEach((bd) => bits.push(cap(bd)));
    const perm = (isl.permanent || []).map((n, seat) => (n ? html`<span key=${seat} class="permcube"><span class="perm" style=${`background:${pcol(view, seat)}`}></span>${`×${n}`}</span>` : null));
    body = html`<span class="cname">${b.name || 'Island'}</span>
      <span class="slots">${(isl.slots || []).map((seat, i) => html`<span key=${i} class=${'slot' + (seat >= 0 ? ' full' : '')} style=${seat >= 0 ? `background:${pcol(view, seat)}` : null}
        title=${seat >= 0 ? pname(view, seat) + '’s cube' : 'empty slot'}></span>`)}${perm}</span>
      ${ctrl ? html`<span class="ctrl" style=${`color:${ctrl}`}>${'⚑ ' + pname(view, isl.controller)}</span>` : null}
      ${bits.length ? html`<span class="goods">${bits.join(' · ')}</span>` : null}`;
  } else {
    body = html`<span class="cname">Open sea</span>
      ${b.arrows && b.arrows.length ? html`<span class="arrows">${b.arrows.map((a) => ARROWS[a] || a).join(' ')}</span>` : null}`;
  }
  let card = null;
  if (b.card) {
    const label = b.card.adv && b.card.adv.merchant ? 'Merchant ship' : (b.cardDef && b.cardDef.name) || (view.over ? 'a card' : 'a card to enter');
    card = html`<span class="cardspace">${label}</span>`;
  }
  return html`<div class=${'cell ' + (b.explored ? 'explored ' + (b.kind || '') : 'hidden') + (step ? ' onpath' : '')} data-pos=${key}
    style=${ctrl ? `--ctrl:${ctrl}` : null} onClick=${() => pick(key)}>
    ${step ? html`<span class="step" aria-label=${`stop ${step} of the move`}>${step}</span>` : null}
    ${body}${card}
    <${Ships} list=${ships} />
  </div>`;
}

/**
 * Board is the Harbor and the ocean: row 4 at the top, the Harbor at the
 * bottom, as the boards lie on the table. It is HTML (a grid of boards),
 * so its words keep their size on a tablet and wrap on a phone. While a
 * move is being plotted (the Move form), tapping a board adds it to the
 * path, and each board on it shows its place in the order.
 * @param {{view: any, ctx: any, id?: string}} props
 */
export function Board({ view, ctx, id = 'board' }) {
  const move = useMove(ctx);
  const boards = new Map((view.boards || []).map((b) => [posKey(b.at), b]));
  const shipsAt = new Map();
  for (const p of view.players) {
    const k = posKey(p.ship && p.ship.at);
    if (!shipsAt.has(k)) shipsAt.set(k, []);
    shipsAt.get(k).push(p);
  }
  const picking = !ctx.readOnly && move.moving;
  const pick = (key) => {
    const m = moveOf(ctx);
    if (ctx.readOnly || !m.moving) return;
    m.set({ path: [...m.path, key] });
  };
  const stepOf = (key) => { const i = move.path.lastIndexOf(key); return i >= 0 ? i + 1 : 0; };
  const cells = [];
  for (let r = 4; r >= 1; r--) {
    for (let c = 1; c <= 3; c++) {
      const key = `R${r}C${c}`;
      cells.push(html`<${Cell} key=${key} view=${view} b=${boards.get(key) || { explored: false }} r=${r} c=${c} step=${stepOf(key)} pick=${pick} ships=${shipsAt.get(key)} />`);
    }
  }
  const hstep = stepOf('harbor');
  return html`<div class=${'board' + (picking ? ' picking' : '')} id=${id} role="group" aria-label="The ocean: row 4 at the top, the Harbor at the bottom">
    ${cells}
    <div class=${'cell harbor' + (hstep ? ' onpath' : '')} data-pos="harbor" onClick=${() => pick('harbor')}>
      ${hstep ? html`<span class="step">${hstep}</span>` : null}
      <span class="cname">Harbor</span>
      <${Ships} list=${shipsAt.get('harbor')} />
    </div>
  </div>`;
}

/**
 * MoveBoard is the board again beside Move and Sail on a phone while a
 * move is being plotted: the table's own board is far down the page there.
 * @param {{view: any, ctx: any}} props
 */
export function MoveBoard({ view, ctx }) {
  const move = useMove(ctx);
  if (ctx.seat < 0 || ctx.readOnly || !move.moving) return null;
  return html`<div class="moveboard"><${Board} view=${view} ctx=${ctx} id="move-board" /></div>`;
}

/**
 * holdText is what the ship's holds carry, named as the rulebook does
 * (the Ship board's hull spaces A to D): "Hold A: 1 cargo, 0 coins (room for 4)".
 * It said "A: 1 cargo, 0 coins / 4", a code a newcomer could not read.
 */
function holdText(sh) {
  return (sh.spaces || []).map((sp, i) => {
    const cap = sh.capacity ? sh.capacity[i] : 0;
    const hold = sp.hold || {};
    if (!cap && !(hold.cargo || hold.coins)) return null;
    return `Hold ${'ABCD'[i]}: ${hold.cargo || 0} cargo, ${plural(hold.coins || 0, 'coin')} (room for ${cap})`;
  }).filter(Boolean).join(' · ');
}

const Stat = ({ label, value, cls = '' }) => html`<div class=${'stat ' + cls}><span class="k">${label}</span><span class="v">${value}</span></div>`;

/** CardChip is a card as players name it: "Captain, level 2 · 1 sail". */
function CardChip({ c }) {
  const icons = [c.sails ? plural(c.sails, 'sail') : '', c.cannons ? plural(c.cannons, 'cannon') : '', c.wheels ? plural(c.wheels, 'wheel') : ''].filter(Boolean).join(', ');
  return html`<span class="cardchip">${`${cardName(c)}, level ${c.level || 1}`}${icons ? ' · ' + icons : ''}</span>`;
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
    const active = !view.over && view.turn && view.turn.seat === p.seat;
    const mine = ctx.seat === p.seat;
    return html`<div key=${p.seat} class=${'pcard' + (active ? ' active' : '') + (mine ? ' mine' : '')} style=${`--c:${colourOf(p.colour)}`} data-seat=${p.seat}>
      <h3>${p.name}${active ? html`<span class="badge">to play</span>` : null}${sh.pirate ? html`<span class="badge pirate">pirate</span>` : html`<span class="badge">mercantile</span>`}</h3>
      <div class="stats">
        <${Stat} label="Ship at" value=${placeName(view, sh.at)} cls="where" />
        <${Stat} label="Damage" value=${`${sh.damage || 0} / 5`} cls=${(sh.damage || 0) >= 4 ? 'warn' : ''} />
        <${Stat} label="Sails" value=${sh.sails || 0} />
        <${Stat} label="Cannons" value=${sh.cannons ?? '–'} />
        <${Stat} label="Dock" value=${`${p.dock || 0} cargo`} />
        <${Stat} label="Cubes left" value=${p.cubes ?? '–'} />
        <${Stat} label="Hand" value=${p.handCount ?? '–'} />
        ${p.chest !== undefined && p.chest !== null ? html`<${Stat} label=${mine ? 'Your chest' : 'Chest'} value=${plural(p.chest, 'coin')} cls=${mine && !view.over ? 'secret' : ''} />` : html`<${Stat} label="Chest" value="secret" />`}
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

/** winnersOf are the seats that won a finished game (several while a tie is not broken). */
export function winnersOf(view) {
  return (view.score && view.score.winners) || [];
}

/**
 * endWords says how a finished game ended, in players' words: "Ann wins",
 * "Ann and Ben are tied", or "The game is over" until the score is known.
 */
export function endWords(view) {
  const won = winnersOf(view);
  if (won.length === 1) return `${pname(view, won[0])} wins`;
  if (won.length > 1) return `${won.map((s) => pname(view, s)).join(' and ')} are tied`;
  return 'The game is over';
}

/**
 * Turn is whose turn it is and what they may still do this turn.
 * @param {{view: any}} props
 */
export function Turn({ view }) {
  const t = view.turn || {};
  // A finished game has no turn: it says who won, and nothing of whose
  // turn it was. The end panel above the board already says the game is
  // over: it is not said a second time here.
  if (view.over) {
    const won = winnersOf(view);
    return html`<section class="turn over" id="turn">
      <div class="big-turn" style=${`--c:${won.length === 1 ? pcol(view, won[0]) : 'var(--gold)'}`}>${endWords(view)}</div>
    </section>`;
  }
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
        const whose = seat !== null && /^\d+$/.test(seat) ? `${pname(view, Number(seat))}’s ` : 'the ';
        return `${n} from ${whose}${src === 'ship' ? 'ship' : cardName({ id: src })}`;
      }).join(', ') + ' (once per turn, p. 17)'}</li>` : null}
      ${t.fought && t.fought.length ? html`<li>${'Already fought: ' + t.fought.map((f) => {
        const [kind, x] = String(f).split(':');
        return kind === 'ship' ? pname(view, Number(x)) + '’s ship' : kind === 'building' ? `the buildings at ${placeName(view, x)}` : 'a merchant ship';
      }).join(', ') + ' (not twice in a turn, p. 17)'}</li>` : null}
      ${t.blockaded && t.blockaded.length ? html`<li class="warn">${`Blockaded at ${t.blockaded.map((x) => placeName(view, x)).join(', ')}: no dealings with the island (p. 18)`}</li>` : null}
      ${t.pendingExplore ? html`<li class="warn">${`The board in ${placeWords(posKey(t.pendingExplore))} must be turned over: enter what it shows`}</li>` : null}
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
