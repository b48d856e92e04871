package web

// companionErrorKinds maps the companion's error sentinels; empty until the
// companion package is wired in (companion.go).
func companionErrorKinds() []errorKind { return nil }
