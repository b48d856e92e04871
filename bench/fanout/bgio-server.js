// A boardgame.io 0.50.2 server (socket.io transport, state in memory) with
// one game whose state is a Dead Reckoning public view, as quartermaster
// serves it, so both servers send messages of the same size.
//   node bgio-server.js PORT VIEW.json   (lobby API on PORT+1)
'use strict';
const fs = require('fs');
const { Server, Origins } = require('boardgame.io/server');

const port = Number(process.argv[2] || 8181);
const view = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));

const Bench = {
  name: 'bench',
  setup: () => ({ view, hold: 'A', moves: 0 }),
  moves: {
    // Like quartermaster's "rearrange": the cargo goes from one hold to the
    // other, so every move changes the state every client receives.
    rearrange: ({ G }) => {
      G.hold = G.hold === 'A' ? 'D' : 'A';
      G.moves++;
    },
  },
  turn: { activePlayers: { all: 'play' }, stages: { play: { moves: {} } } },
};
Bench.turn.stages.play.moves = Bench.moves;

const server = Server({ games: [Bench], origins: [Origins.LOCALHOST, /.*/] });
// The lobby API runs on port+1: with the koa that npm installs today the
// game server's own app was composed before the lobby routes were added.
server.run({ port, lobbyConfig: { apiPort: port + 1 } }, () => console.log(`bgio listening on ${port}`));
