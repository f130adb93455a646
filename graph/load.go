package graph

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// MaxFileSize bounds the JSON Load reads: a graph at its limits is far
// smaller.
const MaxFileSize = 16 << 20

// Load reads a graph in the JSON format of docs/graphs.md §6 and validates
// it. Every error is one *Error line: a syntax or type error names its
// line and column; a field that is unknown, or known but not one of the
// node's type (k on an add), or spelled in another case (ID for id) names
// the node and field; then Validate's rules.
func Load(r io.Reader) (*Graph, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, &Error{Index: -1, Msg: err.Error()}
	}
	if len(data) > MaxFileSize {
		return nil, &Error{Index: -1, Msg: fmt.Sprintf("larger than %d bytes", MaxFileSize)}
	}
	g, err := decode(data)
	if err != nil {
		return nil, err
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// LoadFile is Load of the named file; its errors name the file.
func LoadFile(path string) (*Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{Index: -1, Msg: err.Error()}
	}
	defer f.Close()
	g, err := Load(f)
	var e *Error
	if errors.As(err, &e) {
		e.File = path
	}
	return g, err
}

// Marshal returns g's canonical JSON: indented by two spaces, the fields
// in the order of Graph and Node, the nodes in g's order, zero optional
// fields left out, ending in a newline. Load reads it back to an equal
// Graph. It does not validate g.
func (g *Graph) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("graph: %v", err)
	}
	return append(b, '\n'), nil
}

// Node returns the node with the given id, or nil.
func (g *Graph) Node(id string) *Node {
	for i := range g.Nodes {
		if g.Nodes[i].ID == id {
			return &g.Nodes[i]
		}
	}
	return nil
}

// decoder reads the JSON of one graph, keeping offsets for its errors.
type decoder struct {
	data []byte
	dec  *json.Decoder
}

// at returns an Error at byte offset off of the data.
func (d *decoder) at(off int64, field, msg string) *Error {
	if off > int64(len(d.data)) {
		off = int64(len(d.data))
	}
	line := 1 + bytes.Count(d.data[:off], []byte{'\n'})
	col := int(off) - bytes.LastIndexByte(d.data[:off], '\n')
	return &Error{Line: line, Column: col, Index: -1, Field: field, Msg: msg}
}

// jsonErr turns a json error into an Error; base is the offset of the
// buffer the error's decoder read: a type error's offset counts from it to
// just past the offending value, whose last byte the Error names.
func (d *decoder) jsonErr(err error, base int64, field string) *Error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se): // json.Unmarshal's: Offset is just past the offending byte
		return d.at(max(se.Offset-1, 0), "", strings.TrimPrefix(se.Error(), "json: "))
	case errors.As(err, &te):
		f := field
		if te.Field != "" {
			if f != "" {
				f += "."
			}
			f += te.Field
		}
		return d.at(base+te.Offset-1, f, fmt.Sprintf("cannot read %s as %s", te.Value, te.Type))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return d.at(int64(len(d.data)), "", "unexpected end of JSON input")
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return &Error{Index: -1, Field: field, Msg: msg}
}

// valueStart returns the offset of the next value after off, past
// whitespace, ':' and ','.
func (d *decoder) valueStart() int64 {
	off := d.dec.InputOffset()
	for off < int64(len(d.data)) && strings.IndexByte(" \t\r\n:,", d.data[off]) >= 0 {
		off++
	}
	return off
}

// value decodes the next value into v.
func (d *decoder) value(v any, field string) (int64, error) {
	base, start := d.dec.InputOffset(), d.valueStart()
	// Decode reads from just past the ':' or ',' before the value.
	for i := base; i < start; i++ {
		if c := d.data[i]; c == ':' || c == ',' {
			base = i + 1
			break
		}
	}
	if err := d.dec.Decode(v); err != nil {
		return start, d.jsonErr(err, base, field)
	}
	return start, nil
}

// delim reads the delimiter want (or null, when null is allowed).
func (d *decoder) delim(want json.Delim, what string) (null bool, err error) {
	start := d.valueStart()
	tok, err := d.dec.Token()
	if err != nil {
		return false, d.jsonErr(err, start, "")
	}
	if tok == nil {
		return true, nil
	}
	if tok != want {
		return false, d.at(start, "", fmt.Sprintf("%s: expected %q", what, string(want)))
	}
	return false, nil
}

// rawNode is one node's JSON and where it starts.
type rawNode struct {
	off int64
	raw json.RawMessage
}

// decode reads the graph's JSON without validating the graph.
func decode(data []byte) (*Graph, error) {
	d := &decoder{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return nil, d.jsonErr(err, 0, "") // syntax errors, located as json.Unmarshal does
	}
	g := &Graph{}
	if null, err := d.delim('{', "a graph"); err != nil {
		return nil, err
	} else if null {
		return nil, d.at(0, "", "a graph is a JSON object, not null")
	}
	seen := map[string]bool{}
	var nodes []rawNode
	for d.dec.More() {
		start := d.valueStart()
		tok, err := d.dec.Token()
		if err != nil {
			return nil, d.jsonErr(err, start, "")
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, d.at(start, key, "given twice")
		}
		seen[key] = true
		switch key {
		case "version":
			_, err = d.value(&g.Version, key)
		case "output":
			_, err = d.value(&g.Output, key)
		case "nodes":
			var null bool
			if null, err = d.delim('[', "nodes"); err != nil || null {
				break
			}
			for d.dec.More() {
				var raw json.RawMessage
				off, err := d.value(&raw, "nodes")
				if err != nil {
					return nil, err
				}
				nodes = append(nodes, rawNode{off, raw})
			}
			_, err = d.delim(']', "nodes")
		default:
			return nil, d.at(start, "", fmt.Sprintf("unknown field %q; a graph has version, output and nodes", key))
		}
		if err != nil {
			return nil, err
		}
	}
	if _, err := d.delim('}', "a graph"); err != nil {
		return nil, err
	}
	for i, rn := range nodes {
		n, err := d.node(i, rn)
		if err != nil {
			return nil, err
		}
		g.Nodes = append(g.Nodes, n)
	}
	return g, nil
}

// node decodes one node, refusing unknown fields, fields of other types
// and fields spelled in another case.
func (d *decoder) node(i int, rn rawNode) (Node, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(rn.raw, &keys); err != nil || keys == nil {
		return Node{}, d.at(rn.off, fmt.Sprintf("nodes[%d]", i), "a node is a JSON object")
	}
	var head struct { // for the messages; the full decode below reports these fields' errors
		ID   string
		Type Type
	}
	_ = json.Unmarshal(keys["id"], &head.ID)
	_ = json.Unmarshal(keys["type"], &head.Type)
	where := func(e *Error) *Error {
		e.Node, e.Type = head.ID, head.Type
		if !validID(head.ID) {
			e.Node, e.Index = "", i
		}
		if _, ok := specs[head.Type]; !ok {
			e.Type = ""
		}
		return e
	}
	if _, ok := keys["type"]; !ok {
		return Node{}, where(d.at(rn.off, "type", "missing"))
	}
	sp, known := specs[head.Type]
	if known {
		allowed := map[string]bool{"id": true, "type": true}
		if len(sp.inputs) > 0 {
			allowed["in"] = true
		}
		for _, f := range sp.fields {
			allowed[f] = true
		}
		for _, k := range sortedKeys(keySet(keys)) {
			switch {
			case allowed[k]:
			case nodeFields[k]:
				return Node{}, where(d.at(rn.off, k, "not a field of "+string(head.Type)))
			default:
				return Node{}, where(d.at(rn.off, k, "unknown field"))
			}
		}
		_, points := keys["points"]
		if _, steps := keys["steps"]; points && steps {
			return Node{}, where(d.at(rn.off, "steps", "give points or steps, not both"))
		}
	}
	var n Node
	dec := json.NewDecoder(bytes.NewReader(rn.raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&n); err != nil {
		e := d.jsonErr(err, rn.off, "")
		if e.Line == 0 { // an unknown field inside settings or domain
			e.Line, e.Column = d.at(rn.off, "", "").Line, d.at(rn.off, "", "").Column
			for _, f := range []string{"settings", "domain"} {
				if raw, ok := keys[f]; ok {
					sub := json.NewDecoder(bytes.NewReader(raw))
					sub.DisallowUnknownFields()
					var v any = &n.Settings
					if f == "domain" {
						v = &n.Domain
					}
					if sub.Decode(v) != nil {
						e.Field = f
						break
					}
				}
			}
		}
		return Node{}, where(e)
	}
	return n, nil
}

// keySet is the set of m's keys.
func keySet(m map[string]json.RawMessage) map[string]bool {
	s := make(map[string]bool, len(m))
	for k := range m {
		s[k] = true
	}
	return s
}

// Sub returns the graph whose output is the node id: that node and the
// nodes it reads, directly or not, in g's order (a preview of one node;
// Validate refuses nodes the output does not reach). It returns nil when g
// has no node id. The nodes are copied; their slices and pointers are
// shared with g.
func (g *Graph) Sub(id string) *Graph {
	if g.Node(id) == nil {
		return nil
	}
	used := map[string]bool{}
	var visit func(id string)
	visit = func(id string) {
		if used[id] {
			return
		}
		used[id] = true
		if n := g.Node(id); n != nil {
			for _, in := range n.In {
				visit(in)
			}
		}
	}
	visit(id)
	sub := &Graph{Version: g.Version, Output: id}
	for _, n := range g.Nodes {
		if used[n.ID] {
			sub.Nodes = append(sub.Nodes, n)
		}
	}
	return sub
}
