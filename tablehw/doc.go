// Package tablehw wires the table's hardware to the companion: the devices
// (tower, buttons, card readers, lights, display) as the session's Devices,
// the simulators as the dashboard's developer panel and the terminal's
// keys, the battle board calibrated in the data directory, the parts that
// need repair, and which table the hardware serves across restarts.
//
// It knows no game: what a table waits for comes from its view's expects,
// and a game played on the battle board says so through its kit.
package tablehw
