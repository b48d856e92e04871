// @ts-check
// registry.js: the game modules in this folder, by rules name. Only needed
// while the server has no GET /api/rules (which names each game's module);
// the shell itself names no game.
export const installed = ['dead-reckoning'];
