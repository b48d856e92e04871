package deadreckoning

import (
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// abilitiesField describes a card's abilities (data.Ability) for the owner's
// catalog form as nested lists of fields: each ability, its choices (the red
// slash: the player picks one), each choice's effects (together). The form
// offers every effect kind and its amounts by name, so a table owner enters
// an Advancement's abilities with pickers and numbers, not typed JSON.
func abilitiesField() engine.CatalogField {
	return engine.CatalogField{ID: "abilities", Label: "Abilities", Kind: "list",
		Help: "Each ability printed on the card; abilities side by side (the green line) are separate abilities.",
		Fields: []engine.CatalogField{
			{ID: "battle", Label: "Used only in a battle (printed BATTLE:)", Kind: "bool"},
			{ID: "options", Label: "Choices", Kind: "list", Required: true,
				Help: "One choice for most abilities; a red slash between effects means the player picks one choice.",
				Fields: []engine.CatalogField{
					{ID: "effects", Label: "Effects", Kind: "list", Required: true, Help: "What the choice does, all together.", Fields: effectFields()},
				}},
		}}
}

// effectFields are one effect's fields (data.Effect): its kind, then only
// the amounts that kind uses.
func effectFields() []engine.CatalogField {
	when := func(kinds ...string) *engine.FieldCondition {
		return &engine.FieldCondition{Field: "kind", Values: kinds}
	}
	counted := []string{data.KindSails, data.KindCannon, data.KindWheel, data.KindGainCargo, data.KindGainCoins,
		data.KindInfluence, data.KindProduce, data.KindBuild, data.KindRepair, data.KindDraw,
		data.KindBattleDrop, data.KindBattleStrength, data.KindBattleWinCargo, data.KindEndGame}
	paid := []engine.Choice{{Value: "ship", Label: "From the ship"}, {Value: "dock", Label: "From the dock"}, {Value: "either", Label: "From the ship or the dock"}}
	return []engine.CatalogField{
		{ID: "kind", Label: "Effect", Kind: "choice", Required: true, Choices: []engine.Choice{
			{Value: data.KindSails, Label: "Sails icon"},
			{Value: data.KindCannon, Label: "Cannon icon"},
			{Value: data.KindWheel, Label: "Wheel icon"},
			{Value: data.KindAttack, Label: "Attack flag"},
			{Value: data.KindGainCargo, Label: "Gain cargo"},
			{Value: data.KindGainCoins, Label: "Gain coins"},
			{Value: data.KindInfluence, Label: "Place influence cubes"},
			{Value: data.KindProduce, Label: "Produce on islands"},
			{Value: data.KindBuild, Label: "Build buildings"},
			{Value: data.KindUpgrade, Label: "Buy a ship upgrade"},
			{Value: data.KindRepair, Label: "Repair damage"},
			{Value: data.KindDraw, Label: "Draw more cards at cleanup"},
			{Value: data.KindBattleDrop, Label: "Battle: drop more cubes"},
			{Value: data.KindBattleStrength, Label: "Battle: battle strength"},
			{Value: data.KindBattleRemoveCube, Label: "Battle: remove one of your dropped cubes"},
			{Value: data.KindBattleWinCargo, Label: "Battle: cargo on your ship if you win"},
			{Value: data.KindEndGame, Label: "Scored at the end of the game"},
			{Value: data.KindOther, Label: "Something else, done by hand"},
		}},
		{ID: "n", Label: "How many", Kind: "number", When: when(counted...)},
		{ID: "per", Label: "For each of these on the card", Kind: "choice", When: when(counted...),
			Choices: []engine.Choice{{Value: "wheel", Label: "Wheel"}, {Value: "cannon", Label: "Cannon"}}},
		{ID: "to", Label: "Where it goes", Kind: "choice", Required: true, When: when(data.KindGainCargo, data.KindGainCoins),
			Choices: []engine.Choice{{Value: "dock", Label: "Your dock"}, {Value: "ship", Label: "Your ship"}, {Value: "either", Label: "Dock or ship, as the player likes"}, {Value: "island", Label: "The island"}}},
		{ID: "tier", Label: "Upgrade tier", Kind: "choice", Required: true, When: when(data.KindUpgrade),
			Choices: []engine.Choice{{Value: "basic", Label: "Basic"}, {Value: "advanced", Label: "Advanced"}}},
		{ID: "cost", Label: "Cargo paid", Kind: "number", When: when(data.KindUpgrade, data.KindRepair)},
		{ID: "from", Label: "Paid", Kind: "choice", When: when(data.KindUpgrade, data.KindRepair, data.KindBuild), Choices: paid},
		{ID: "where", Label: "Only at", Kind: "choice", When: when(data.KindRepair), Help: "Leave empty when the repair is made anywhere.",
			Choices: []engine.Choice{{Value: "harbor", Label: "Your harbor"}}},
		{ID: "boostCargo", Label: "Extra cargo on each production", Kind: "number", When: when(data.KindProduce)},
		{ID: "boostCoins", Label: "Extra coins on each production", Kind: "number", When: when(data.KindProduce)},
		{ID: "damage", Label: "Damage dealt", Kind: "number", When: when(data.KindBattleRemoveCube)},
		{ID: "cargo", Label: "Cargo on your ship", Kind: "number", When: when(data.KindBattleRemoveCube)},
		{ID: "notVsBuildings", Label: "Not against buildings", Kind: "bool", When: when(data.KindBattleDrop, data.KindBattleStrength, data.KindBattleRemoveCube, data.KindBattleWinCargo)},
		{ID: "overridesForts", Label: "Works on islands protected by a Fort or Garrison", Kind: "bool", When: when(data.KindInfluence, data.KindProduce)},
		{ID: "text", Label: "What it does, in your own words", Kind: "text", Required: true, When: when(data.KindOther, data.KindEndGame)},
	}
}
