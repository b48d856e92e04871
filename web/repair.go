package web

// needsRepair is Options.NeedsRepair's list, never nil (an empty list in
// the JSON).
func (s *Server) needsRepair() []string {
	if s.opts.NeedsRepair == nil {
		return []string{}
	}
	if l := s.opts.NeedsRepair(); l != nil {
		return l
	}
	return []string{}
}
