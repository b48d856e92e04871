package score

import "github.com/quartermaster-table/quartermaster/engine"

// OldKeys are the snake_case keys the score input and output were written
// with before they took the program's one convention, camelCase; Decode
// still reads them (engine.LegacyKeys), and messages name the new keys.
var OldKeys = engine.LegacyKeys{
	"tie_break": "tieBreak", "achievement_values": "achievementValues",
	"bonus_token": "bonusToken", "bonus_token_missing": "bonusTokenMissing", "end_game": "endGame",
}
