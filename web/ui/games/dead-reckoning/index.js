// @ts-check
// Dead Reckoning's screen module (the contract is in docs/ui.md): the table
// (board, players, battle), the "Act" panel, the setup guide, the end
// screen, the camera read's summary and correction, and the score page.
//
// Every part is a Preact component whose forms keep what the player typed,
// picked and opened in their own state: an update from another screen, a
// phone connecting or a camera notice renders them again with the new view
// and takes nothing away. The parts, one job each:
//   common.js        the game's facts (served once), reading the view, widgets
//   board.js         the ocean, the turn, the players, the achievements, setup
//   battle.js        the battle (BattlePanel), its steps, by hand, read grids
//   forms-here.js    buy / trade / Merchant, attack a ship or buildings, Master Merchant
//   forms-ability.js use an ability
//   forms-turn.js    sails and move, bonus token, card entry, end turn, host JSON
//   cargo.js         load, unload, throw overboard, rearrange
//   end.js           final score, tie-break, exports
//   score.js         the "just score" calculator (DOM)

import { html, useState, useRef, DomPart } from '../../js/view.js';
import { player, pname, colourOf, slug, posKey, useCatalog, rowOf, placeWords, Refusal } from './common.js';
import { Board, MoveBoard, Turn, Players, Achievements, SetupGuide as Setup, endWords, winnersOf } from './board.js';
import { BattlePanel, BattleSteps, OutcomeForm, involves, readCorrection as correction, readSummary as summary } from './battle.js';
import { CardHere, AttackShip, Buildings, Master } from './forms-here.js';
import { Ability } from './forms-ability.js';
import { Sails, Bonus, CardEntry, EndTurn, HostJSON } from './forms-turn.js';
import { Cargo } from './cargo.js';
import { Hand } from './hand.js';
import { EndScreen as End } from './end.js';
import { scorePage } from './score.js';

// The module's own styles, after the shell's.
const css = document.createElement('link');
css.rel = 'stylesheet';
css.href = new URL('./dr.css', import.meta.url).href;
document.head.append(css);

/** accepts says whether this module can show the view. */
export function accepts(view) {
  return !!(view && Array.isArray(view.boards) && Array.isArray(view.players) && view.turn);
}

/** title is the table page's title: the game, the turn and who plays (who won, once it is over). */
export function title(view) {
  const t = view.turn || {};
  // A finished game's title says who won, not whose turn it was.
  if (view.over) {
    const won = winnersOf(view);
    const p = won.length === 1 ? player(view, won[0]) : null;
    return html`<span>Dead Reckoning · <span class="turnname" style=${'color:' + (p ? colourOf(p.colour) : 'var(--gold)')}>${endWords(view)}</span></span>`;
  }
  const p = player(view, t.seat);
  return html`<span>Dead Reckoning · turn ${t.number || 1} · <span class="turnname" style=${'color:' + (p ? colourOf(p.colour) : '#777')}>${p ? p.name : 'nobody'}</span></span>`;
}

/**
 * fightsHere says whether this screen is the phone of a player fighting the
 * pending battle: the battle then comes to the top of the page, in the Act
 * panel (a phone's first part), with the forms of its step.
 */
function fightsHere(view, ctx) {
  return ctx.seat >= 0 && !ctx.readOnly && involves(view, ctx.seat);
}

/**
 * stepsInMain says whether the battle's step forms go under the battle in
 * the main column: on the host's tablet, whose side column is 380 px. The
 * board to tap where the cubes lie was 331 px wide there, its narrowest
 * zones' words 10 px, too small to read across the table.
 */
function stepsInMain(ctx) {
  return ctx.seat < 0 && ctx.host && !ctx.readOnly;
}

/**
 * Table is the battle, the board and the players. A phone shows its
 * player's own things first.
 */
export function Table({ view, ctx }) {
  const phone = ctx.seat >= 0;
  const board = html`<div class="boardwrap" key="board"><${Board} view=${view} ctx=${ctx} /><${Turn} view=${view} /></div>`;
  return html`<div class="dr">
    ${fightsHere(view, ctx) ? null : html`<${BattlePanel} view=${view} ctx=${ctx} steps=${stepsInMain(ctx)} />`}
    ${phone ? [html`<${Players} key="players" view=${view} ctx=${ctx} />`, board, html`<${Achievements} key="ach" view=${view} />`]
      : [board, html`<${Achievements} key="ach" view=${view} />`, html`<${Players} key="players" view=${view} ctx=${ctx} />`]}
  </div>`;
}

/** Actions is what this screen may do now. */
export function Actions({ view, ctx }) {
  const t = view.turn || {};
  const seat = ctx.seat >= 0 ? ctx.seat : t.seat;
  const me = player(view, seat) || {};
  const myTurn = seat === t.seat;
  // A phone shows what its player may do now: off their turn, only the
  // level-up between turns (the hand) and a battle they fight.
  const offTurn = ctx.seat >= 0 && !myTurn;
  // The catalog is fetched as soon as the Act panel shows, not when a
  // board to enter appears at the start of the player's turn: its form
  // would grow under their finger as the catalog came and push the hand
  // down while they tap a card.
  useCatalog();
  // The one form open among the tiles (opening one closes the others).
  const [open, setOpen] = useState(/** @type {string|null} */ (null));
  // The board entry shows its refusal under its button (onRefused).
  const send = (a, onRefused) => ctx.submit({ seat, ...a }, { shown: true }).catch(onRefused);
  const entry = boardToEnter(view);
  const battling = (view.battles || []).length > 0;
  // On a phone whose player fights, the battle and its step's forms come
  // first (the Act panel is at the top of a phone's page); the tablet has
  // them here; a phone whose player does not fight only watches it.
  const fights = fightsHere(view, ctx);
  const forms = { view, ctx, seat, open, setOpen };
  // A board turned face up is entered before anything else happens on it:
  // its form comes first.
  const entering = entry && (ctx.seat < 0 || myTurn) ? html`<${BoardEntry} key=${entry.type + ':' + entry.at} ...${entry} send=${send} view=${view} />` : null;
  return html`${fights ? html`<${BattlePanel} view=${view} ctx=${ctx} steps=${true} />` : null}
    ${entering}
    <div class="dr-actions">
      <p class="muted">${ctx.seat >= 0 ? `You act as ${me.name}.` : `The tablet acts for ${me.name || 'the player to play'}.`}</p>
      ${stepsInMain(ctx) && battling ? html`<p class="note" id="battle-beside">The battle’s step is under the battle, on the left.</p>`
        : ctx.seat < 0 ? html`<${BattleSteps} view=${view} ctx=${ctx} /><${OutcomeForm} view=${view} ctx=${ctx} />` : null}
      ${offTurn ? html`<p class="note" id="off-turn">It is ${pname(view, t.seat)}’s turn. Between turns you may level up one card in your hand (p. 13).</p>`
        : html`<${Sails} key=${'sails:' + seat} view=${view} ctx=${ctx} seat=${seat} />
          <${MoveBoard} view=${view} ctx=${ctx} />`}
      <${Bonus} view=${view} ctx=${ctx} seat=${seat} />
    </div>
    <${Hand} key=${'card:' + seat} view=${view} ctx=${ctx} seat=${seat} />
    <div class="dr-actions"><div class="forms" id="forms">
      ${myTurn && !battling ? html`
        <${CardHere} key=${'here:' + seat} ...${forms} />
        <${Ability} key=${'ability:' + seat} ...${forms} />
        <${AttackShip} key=${'attack:' + seat} ...${forms} />
        <${Buildings} key=${'building:' + seat} view=${view} ctx=${ctx} seat=${seat} />
        <${Master} key=${'master:' + seat} ...${forms} />` : null}
    </div></div>
    ${offTurn ? null : html`<${Cargo} key=${'cargo:' + seat} view=${view} ctx=${ctx} seat=${seat} open=${open} setOpen=${setOpen} />
    <div class="dr-actions">
      <${CardEntry} view=${view} ctx=${ctx} seat=${seat} />
      <${EndTurn} key=${'end:' + seat + ':' + t.number} view=${view} ctx=${ctx} seat=${seat} />
      <${HostJSON} ctx=${ctx} seat=${seat} />
    </div>`}
`;
}

/** SetupGuide says how to lay out the table (version 0 only). */
export function SetupGuide({ view }) {
  return html`<${Setup} view=${view} />`;
}

/** EndScreen is the final score, the tie-break and the exports. */
export function EndScreen({ view, snap, ctx }) {
  return html`<${End} view=${view} snap=${snap} ctx=${ctx} />`;
}

/** readSummary shows what the camera read (a DOM node, built once per read). */
export const readSummary = summary;

/** readCorrection is the read by hand on the picture of the board (battle.js). */
export const readCorrection = correction;

/** Score is the "just score" calculator. */
export function Score() {
  return html`<${DomPart} deps=${[]} mount=${(el) => { scorePage(el); }} />`;
}

/**
 * boardToEnter is the board turned face up but not entered yet (the three
 * beside the Harbor at the start, or the one being explored), if any: the
 * form's title, where, and the action it sends.
 */
function boardToEnter(view) {
  const t = view.turn || {};
  if (t.pendingExplore) {
    return { title: `Explore the board in ${placeWords(posKey(t.pendingExplore))}: what is on it?`, at: posKey(t.pendingExplore), type: 'explore' };
  }
  const unentered = (view.boards || []).filter((b) => b.explored && !b.kind && posKey(b.at) !== posKey(t.pendingExplore));
  if (!unentered.length) return null;
  const b = unentered[0];
  return { title: `Enter what the board in ${placeWords(posKey(b.at))} shows (${unentered.length} board${unentered.length > 1 ? 's' : ''} to enter)`, at: posKey(b.at), type: 'reveal-board' };
}

/**
 * BoardEntry asks what a board turned face up shows: an island of the
 * owner's catalog picked by its printed name, a new island typed from the
 * board (labelled fields, only those that apply), or open sea; and the card
 * put on it, by name. Its fields are the player's: nothing but the player
 * changes them, whatever the other screens do.
 * @param {{title: string, at: string, type: string, send: (a: any, onRefused: (e: any) => void) => any, view: any}} props
 */
function BoardEntry({ title, at, type, send, view }) {
  const cat = useCatalog();
  // Islands already on the table are not offered again.
  const onTable = new Set((view.boards || []).map((b) => b.island && b.island.id).filter(Boolean));
  const islands = cat.islands.filter((i) => !onTable.has(i.id));
  const cards = cat.advancements.filter((a) => !a.row || a.row === rowOf(at));
  const [mode, setMode] = useState(/** @type {string|null} */ (null));
  const [island, setIsland] = useState('');
  const [card, setCard] = useState('');
  // A sentence of the form's own (a field left empty) or the server's refusal.
  const [err, setErr] = useState(/** @type {any} */ (null));
  const box = useRef(/** @type {HTMLFieldSetElement|null} */ (null));
  // Until the catalog has come, the form cannot know which way to ask:
  // it waits rather than show "a new island" and change a moment later.
  const m = mode || (islands.length ? 'known' : 'new');
  if (!cat.loaded) {
    return html`<fieldset class="explore" id="board-entry"><legend>${title}</legend><p class="muted">Opening your catalog…</p></fieldset>`;
  }
  const go = () => {
    const f = box.current;
    const val = (c) => /** @type {HTMLInputElement} */ (f.querySelector('.' + c)).value;
    /** @type {any} */
    const a = { type, at };
    setErr(null);
    if (m === 'sea') a.openSea = { arrows: [...f.querySelectorAll('.entry-arrows input:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value) };
    else if (m === 'known') {
      if (!island) { setErr('Pick the island the board shows.'); return; }
      a.island = island;
    } else {
      const name = val('entry-name').trim();
      if (!name) { setErr('Type the island’s name as printed.'); return; }
      a.newIsland = {
        id: slug(name), name, slots: Number(val('entry-slots') || 0),
        values: val('entry-values').split(/[,\s]+/).map((x) => x.trim()).filter(Boolean).map(Number),
        cargo: Number(val('entry-cargo') || 0), coins: Number(val('entry-coins') || 0),
        handIcon: /** @type {HTMLInputElement} */ (f.querySelector('.entry-hand')).checked || undefined,
      };
    }
    if (card) a.card = card;
    send(a, setErr);
  };
  return html`<fieldset class="explore" id="board-entry" ref=${box}>
    <legend>${title}</legend>
    <label class="field">What the board shows
      <select class="entry-mode" value=${m} onChange=${(e) => setMode(e.currentTarget.value)}>
        ${islands.length ? html`<option value="known">An island in your catalog</option>` : null}
        <option value="new">A new island</option>
        <option value="sea">Open sea</option>
      </select></label>
    ${m === 'known' ? html`<label class="field">Island
      <select class="entry-island" value=${island} onChange=${(e) => setIsland(e.currentTarget.value)}>
        <option value="">— pick its name —</option>
        ${islands.map((i) => html`<option key=${i.id} value=${i.id}>${i.name}</option>`)}
      </select></label>` : null}
    <div class="grid2" hidden=${m !== 'new'}>
      <label class="field">Island name, as printed <input class="entry-name" autocomplete="off" /></label>
      <label class="field">Cube slots <input class="entry-slots" type="number" min="1" max="9" inputmode="numeric" /></label>
      <label class="field">Coins for 1st, 2nd (3rd) <input class="entry-values" placeholder="e.g. 6, 5, 4" inputmode="numeric" /></label>
      <label class="field">Cargo produced <input class="entry-cargo" type="number" min="0" max="9" inputmode="numeric" /></label>
      <label class="field">Coins produced <input class="entry-coins" type="number" min="0" max="9" inputmode="numeric" /></label>
      <label class="check"><input type="checkbox" class="entry-hand" /> Hand-size icon</label>
    </div>
    <div class="row entry-arrows" hidden=${m !== 'sea'}>Arrows:
      ${[['up', '↑ up'], ['down', '↓ down'], ['left', '← left'], ['right', '→ right']].map(([d, l]) => html`<label key=${d} class="check"><input type="checkbox" value=${d} /> ${l}</label>`)}
    </div>
    ${m !== 'sea' ? html`<label class="field">Card put on it
      <select class="entry-card" value=${card} onChange=${(e) => setCard(e.currentTarget.value)}>
        <option value="">${cards.length ? '— none —' : '— none in your catalog —'}</option>
        ${cards.map((a) => html`<option key=${a.id} value=${a.id}>${a.name}${a.merchant || a.encounter ? ' (Merchant)' : ''}</option>`)}
      </select></label>` : null}
    ${typeof err === 'string' ? html`<p class="fnote warn refusal" role="alert">${err}</p>` : html`<${Refusal} err=${err} />`}
    <button class="btn primary" id=${type === 'explore' ? 'act-explore' : 'act-reveal'} onClick=${go}>Enter the board</button>
  </fieldset>`;
}
