package graph

import (
	"fmt"
	"strings"
)

// Error is one problem with a graph, located as precisely as the reader
// knows: the file (LoadFile), the line and column of a JSON syntax or type
// error, the node and its type, the field. Its message is one line:
//
//	graph: node "mask" (remap): from: the two ends must differ
//	graph: land.json:12:7: invalid character '}' looking for beginning of value
type Error struct {
	File   string // the file LoadFile read; "" otherwise
	Line   int    // 1-based line of a JSON error; 0 when not a JSON error
	Column int    // 1-based byte column of a JSON error
	Node   string // the node's id; "" when the problem is not one node's
	Index  int    // the node's index in Nodes where its id cannot name it; -1 otherwise
	Type   Type   // the node's type, when known
	Field  string // the JSON field, e.g. "from" or "settings.octaves"; "" when none
	Msg    string // what is wrong
}

// Error returns the one-line message.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("graph: ")
	switch {
	case e.File != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s:%d:%d: ", e.File, e.Line, e.Column)
	case e.File != "":
		fmt.Fprintf(&b, "%s: ", e.File)
	case e.Line > 0:
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Column)
	}
	switch {
	case e.Node != "":
		fmt.Fprintf(&b, "node %q", e.Node)
	case e.Index >= 0:
		fmt.Fprintf(&b, "nodes[%d]", e.Index)
	}
	if e.Node != "" || e.Index >= 0 {
		if e.Type != "" {
			fmt.Fprintf(&b, " (%s)", oneLine(string(e.Type)))
		}
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(oneLine(e.Msg))
	return b.String()
}

// oneLine keeps a message on one line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// nodeErr is an Error about node i of g (named by id when it has a valid one).
func nodeErr(n *Node, i int, field, format string, args ...any) *Error {
	e := &Error{Node: n.ID, Index: -1, Type: n.Type, Field: field, Msg: fmt.Sprintf(format, args...)}
	if !validID(n.ID) {
		e.Node, e.Index = "", i
	}
	if _, ok := specs[n.Type]; !ok {
		e.Type = ""
	}
	return e
}

// graphErr is an Error about the graph as a whole.
func graphErr(field, format string, args ...any) *Error {
	return &Error{Index: -1, Field: field, Msg: fmt.Sprintf(format, args...)}
}
