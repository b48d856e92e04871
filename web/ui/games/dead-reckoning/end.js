// @ts-check
// end.js: the end of a game: the final score and its chart, the tie-break
// battle read drop by drop (p. 23), the calculator filled in from the
// table, and the exports.

import { html, useRef, useState, DomPart } from '../../js/view.js';
import { player, norm, colourOf, Refusal } from './common.js';
import { ReadGrid, gridValue } from './battle.js';
import { scoreResult } from './score.js';

/**
 * scoreInput fills in the "just score" calculator from the final table: what
 * the view shows (achievements, ship loads, dock, buildings and islands
 * controlled, upgrades, advancements, island cubes). The treasure chests are
 * secret and the printed values are the owner's: the players type those.
 */
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

/** TieBreak reads the tie-break battle's next drop (tie-break-read, p. 23). */
function TieBreak({ tn, ctx }) {
  const drop = Object.entries(tn.next.drop || {});
  const box = useRef(/** @type {HTMLDivElement|null} */ (null));
  const [err, setErr] = useState(/** @type {any} */ (null));
  const go = () => {
    if (!ctx) return;
    setErr(null);
    ctx.submit({ type: 'tie-break-read', seat: -1, read: gridValue(box.current) }, { shown: true }).catch(setErr);
  };
  return html`<section class="tiebreak" id="tiebreak">
    <h2>Tie-break battle (p. 23)</h2>
    <p>Cannons (ship and every card): ${tn.contenders.map((c) => html`<span key=${c.name} class="chip" style=${`--c:${colourOf(c.colour)}`}>${`${c.name} ${c.cannons}`}</span>`)}</p>
    <p class="big-turn">${tn.next.kind === 'explode' ? 'Exploding shots: drop ' : 'Drop '}${drop.map(([c, n]) => html`<span key=${c} class="chip" style=${`--c:${colourOf(c)}`}>${`${n} ${c}`}</span>`)}</p>
    <p>Then count where the cubes landed (exploding shots count, abilities do not):</p>
    <div ref=${box}><${ReadGrid} colours=${drop.map(([c]) => c)} id="tie-grid" /></div>
    <button class="big primary" id="tie-read" onClick=${go}>Use this read</button>
    <${Refusal} err=${err} />
  </section>`;
}

/**
 * EndScreen is the final score, the tie-break and the exports.
 * @param {{view: any, snap: any, ctx: any}} props
 */
export function EndScreen({ view, snap, ctx }) {
  const sc = view.score;
  const ok = sc && !sc.error && sc.players;
  const tb = ok && sc.tieBreak;
  const tn = ok && sc.tieBreakNeed;
  const table = snap && snap.id ? snap.id : (location.hash.split('/')[2] || '').split('?')[0];
  return html`<section class="end" id="end">
    <h2>The game is over</h2>
    ${ok ? html`<${DomPart} deps=${[sc]} build=${() => scoreResult(sc)} />` : null}
    ${tb && tb.rounds && tb.rounds.length ? html`<div id="tie-rounds">${tb.rounds.map((r) => html`<p key=${r.round}>${`Tie-break round ${r.round}: ` + Object.entries(r.strength || {}).map(([n, v]) => `${n} ${v}`).join(', ')}</p>`)}</div>` : null}
    ${tn && tn.contenders && tn.contenders.length > 1 && tn.next ? html`<${TieBreak} key=${(tb && tb.rounds ? tb.rounds.length : 0) + ':' + tn.next.kind} tn=${tn} ctx=${ctx} />` : null}
    ${!ok ? html`${sc && sc.error ? html`<p class="warn">${'The score cannot be counted from the game alone: ' + sc.error}</p>` : null}
      <p>Count the score with the calculator: it starts from what the table shows; add what is missing.</p>` : null}
    <div class="row">
      <button class=${'big' + (ok ? '' : ' primary')} id="count-score" onClick=${() => {
        sessionStorage.setItem('qm.scorePrefill', JSON.stringify(scoreInput(view)));
        location.hash = '#/score';
      }}>${ok ? 'Open in the calculator' : 'Count the score'}</button>
      <a class="big" href=${`/api/tables/${table}/export?kind=bgstats`} download="">BG Stats file</a>
      <a class="big" href=${`/api/tables/${table}/export?kind=json`} download="">Full log (JSON)</a>
    </div>
  </section>`;
}
