package companion

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// MaxSubmissionBytes bounds a submission's JSON body.
const MaxSubmissionBytes = 64 << 10

// DecodeSubmission reads a submission's JSON body:
// {"action":{...},"baseVersion":N,"key":"...","source":"...","corrects":N}.
// Unknown fields, a missing or non-object action, trailing data and oversized
// bodies are errors wrapping engine.ErrMalformed that name the problem. The
// Access is never read from the body: the caller sets it from Authenticate.
func DecodeSubmission(data []byte) (Submission, error) {
	var sub Submission
	if len(data) > MaxSubmissionBytes {
		return sub, engine.Malformed("the submission is %d bytes; at most %d are accepted", len(data), MaxSubmissionBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sub); err != nil {
		return Submission{}, engine.Malformed("the submission is not the expected JSON object: %v", err)
	}
	if dec.More() {
		return Submission{}, engine.Malformed("the submission has data after its JSON object")
	}
	a := bytes.TrimSpace(sub.Action)
	if len(a) == 0 || a[0] != '{' {
		return Submission{}, engine.Malformed(`the submission has no "action" object`)
	}
	if len(sub.Key) > MaxKeyLength || len(sub.Source) > MaxKeyLength {
		return Submission{}, engine.Malformed("key and source are at most %d characters", MaxKeyLength)
	}
	if strings.ContainsFunc(sub.Key+sub.Source, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return Submission{}, engine.Malformed("key and source may not contain control characters")
	}
	sub.Action = a
	sub.Access = Access{Viewer: engine.Public}
	return sub, nil
}
