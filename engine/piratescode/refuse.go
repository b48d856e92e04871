package piratescode

import "github.com/quartermaster-table/quartermaster/engine"

// ref is where a rule is printed: the page when the OCR shows it (0 when the
// page is only inferred from the order of the text) and the section heading.
type ref struct {
	page    int
	section string
}

// The rulebook's sections. The OCR prints pages 8, 10, 11, 12, 15 and 16;
// the others are left 0 and cited by section only.
var (
	refTurn     = ref{0, "Turn Overview"}
	refWheel    = ref{0, "1A. Choose Your Captain's Order"}
	refAssign   = ref{0, "1B. Assign Deckhands"}
	refSail     = ref{8, "2. Sail Your Pirate Ship"}
	refJostle   = ref{8, "Getting Jostled"}
	refPlunder  = ref{0, "Plunder"}
	refTrade    = ref{0, "Trade"}
	refCrew     = ref{10, "Crew Up"}
	refMutiny   = ref{10, "Mutiny"}
	refSearch   = ref{10, "Search"}
	refAttack   = ref{11, "Attack"}
	refMerchant = ref{12, "Attacking a Merchant Ship"}
	refPirate   = ref{12, "Attacking a Pirate Ship"}
	refHide     = ref{12, "Hide Out"}
	refBonus    = ref{0, "4. Bonus Actions"}
	refBury     = ref{0, "Bury Treasure"}
	refShipLine = ref{15, "5. Cross the Ship Line"}
	refLegend   = ref{16, "Gain Legend"}
	refEnd      = ref{16, "End of Game"}
)

// refuse builds the refusal citing r.
func refuse(code string, r ref, format string, args ...any) *engine.RuleError {
	e := engine.RefuseIn(code, r.section, format, args...)
	e.Page = r.page
	return e
}
