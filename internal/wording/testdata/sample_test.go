package sample

func g() { NewEvent("test", 0, "a test's own words are not scanned", nil) }
