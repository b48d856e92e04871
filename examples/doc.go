// Package examples holds files a newcomer can try the program with; its
// only code is the test that keeps them loadable.
//
// catalogs/<rules>.json are practice catalogs: made-up printed values, every
// name saying it is practice data ("Practice Isle 1"), never the game's. They
// are the values the engines' own tests play with, renamed, so that
// `make run` (serve --sim --practice-catalogs examples/catalogs) lets a
// newcomer start every game without an owner's catalog.
package examples
