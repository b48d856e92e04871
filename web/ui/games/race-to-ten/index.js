// @ts-check
// Race to Ten's screen module (engine/racetoten, a made-up game for tests):
// the counter, the players, and the buttons to add 1, 2 or 3. The start
// roll is the shell's: it shows every dice roll a game waits for.

import { html } from '../../js/view.js';

/** @typedef {import('./types.gen.js').RaceToTenView} View */

/**
 * title is the table page's title.
 * @param {View} view
 */
export function title(view) {
  return view.over ? 'Race to Ten · over' : `Race to Ten · ${view.counter} of ${view.target}`;
}

/**
 * Table shows the counter and who plays.
 * @param {{view: View, ctx: any}} props
 */
export function Table({ view, ctx }) {
  return html`<section class="race" id="race">
    <p class="big-turn" id="counter">The counter is at <strong>${view.counter}</strong> of ${view.target}.</p>
    <ul class="race-players">
      ${view.players.map((p, seat) => html`<li key=${seat} class=${seat === view.turn && !view.over ? 'turn' : ''}>
        <span class="chip" style=${'--c:' + ctx.colour(p.colour)}>${p.name}</span>
        ${view.winner === seat ? ' wins' : seat === view.turn && !view.over ? ' to play' : ''}
      </li>`)}
    </ul>
  </section>`;
}

/**
 * Actions: the player to play adds 1, 2 or 3.
 * @param {{view: View, ctx: any}} props
 */
export function Actions({ view, ctx }) {
  if ((view.rolls && view.rolls.open && view.rolls.open.length) || view.turn < 0) {
    return html`<p class="muted">Roll the white die first: it says who starts.</p>`;
  }
  const seat = ctx.seat >= 0 ? ctx.seat : view.turn;
  const p = view.players[seat];
  if (seat !== view.turn) return html`<p class="muted">${view.players[view.turn].name} plays now.</p>`;
  return html`<p>${ctx.seat >= 0 ? 'Your turn' : `${p.name} plays`}: add to the counter.</p>
    <div class="row">${[1, 2, 3].map((n) => html`<button key=${n} class="big" id=${'add-' + n} onClick=${() => ctx.submit({ type: 'add', seat, n }).catch(() => {})}>+${n}</button>`)}</div>`;
}
