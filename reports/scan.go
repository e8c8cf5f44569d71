package reports

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// A fast reader for events.jsonl lines: it walks the top-level object,
// decodes the few fields the reports use and skips the others (the request
// text is most of a line) without the full decoder. traces and links, small
// arrays, go through encoding/json. A line this walk cannot read goes to
// encoding/json as a whole, which then names the problem.

var errScan = errors.New("not a flat JSON object")

func decodeEvent(line []byte, e *eventLine) error {
	*e = eventLine{Traces: e.Traces[:0], Links: e.Links[:0]}
	if err := scanEvent(line, e); err == nil {
		return nil
	}
	*e = eventLine{Traces: e.Traces[:0], Links: e.Links[:0]}
	return json.Unmarshal(line, e)
}

func scanEvent(b []byte, e *eventLine) error {
	return scanObject(b, func(key, v []byte) error {
		var err error
		switch string(key) {
		case "corpus":
			e.Corpus, err = jsonString(v)
		case "kind":
			e.Kind, err = jsonString(v)
		case "conversation_id":
			e.ConversationID, err = jsonString(v)
		case "revision_type":
			e.RevisionType, err = jsonString(v)
		case "deliverable_type":
			e.DeliverableType, err = jsonString(v)
		case "user_turn":
			e.UserTurn, err = strconv.Atoi(string(v))
		case "trace_full":
			e.TraceFull, err = jsonBool(v)
		case "trace_body":
			e.TraceBody, err = jsonBool(v)
		case "traces":
			err = scanArray(v, func(el []byte) error {
				var t traceLine
				err := scanObject(el, func(k, v []byte) error {
					var err error
					switch string(k) {
					case "position":
						t.Position, err = jsonString(v)
					case "level":
						t.Level, err = jsonString(v)
					}
					return err
				})
				e.Traces = append(e.Traces, t)
				return err
			})
		case "links":
			err = scanArray(v, func(el []byte) error {
				var l linkLine
				err := scanObject(el, func(k, v []byte) error {
					var err error
					switch string(k) {
					case "kind":
						l.Kind, err = jsonString(v)
					case "url":
						l.URL, err = jsonString(v)
					case "repo":
						l.Repo, err = jsonString(v)
					case "trace_in_artifact":
						l.TraceInArtifact, err = jsonBool(v)
					}
					return err
				})
				e.Links = append(e.Links, l)
				return err
			})
		}
		return err
	})
}

// scanObject calls fn with each key (without quotes; a key with an escape
// is refused) and raw value of the JSON object b, which must be all of b
// but for white space.
func scanObject(b []byte, fn func(key, val []byte) error) error {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errScan
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return onlyWS(b, i+1)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return errScan
		}
		kEnd, kEsc := stringEnd(b, i)
		if kEnd < 0 || kEsc {
			return errScan
		}
		key := b[i+1 : kEnd-1]
		i = skipWS(b, kEnd)
		if i >= len(b) || b[i] != ':' {
			return errScan
		}
		i = skipWS(b, i+1)
		end := skipValue(b, i)
		if end < 0 {
			return errScan
		}
		if err := fn(key, b[i:end]); err != nil {
			return err
		}
		i = skipWS(b, end)
		if i >= len(b) {
			return errScan
		}
		if b[i] == '}' {
			return onlyWS(b, i+1)
		}
		if b[i] != ',' {
			return errScan
		}
		i = skipWS(b, i+1)
	}
}

// scanArray calls fn with each raw element of the JSON array b (null: none).
func scanArray(b []byte, fn func(el []byte) error) error {
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		return errScan
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return onlyWS(b, i+1)
	}
	for {
		end := skipValue(b, i)
		if end < 0 {
			return errScan
		}
		if err := fn(b[i:end]); err != nil {
			return err
		}
		i = skipWS(b, end)
		if i >= len(b) {
			return errScan
		}
		if b[i] == ']' {
			return onlyWS(b, i+1)
		}
		if b[i] != ',' {
			return errScan
		}
		i = skipWS(b, i+1)
	}
}

func onlyWS(b []byte, i int) error {
	if skipWS(b, i) != len(b) {
		return errScan
	}
	return nil
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the closing quote of the string that
// starts at b[i] == '"', and whether it holds a backslash; -1 if it does
// not end.
func stringEnd(b []byte, i int) (int, bool) {
	esc := false
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1, esc
		}
		q := j + k
		n := 0 // backslashes right before the quote
		for p := q - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if !esc && bytes.IndexByte(b[j:q], '\\') >= 0 {
			esc = true
		}
		if n%2 == 0 {
			return q + 1, esc
		}
		j = q + 1
	}
}

// skipValue returns the index after the JSON value starting at b[i], or
// -1. Nested values are skipped by bracket depth, strings by stringEnd.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		end, _ := stringEnd(b, i)
		return end
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, _ := stringEnd(b, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

func jsonString(v []byte) (string, error) {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' && bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1]), nil
	}
	if bytes.Equal(v, []byte("null")) {
		return "", nil
	}
	var s string
	err := json.Unmarshal(v, &s)
	return s, err
}

func jsonBool(v []byte) (bool, error) {
	switch string(v) {
	case "true":
		return true, nil
	case "false", "null":
		return false, nil
	}
	return false, errScan
}
