// Package data holds Dead Reckoning's catalogs as embedded JSON: the sailor
// cards at all four levels (printed in the rulebook), and the islands,
// advancements and achievement values an owner enters from their own copy.
// Values the rulebook does not print are never invented here.
package data
