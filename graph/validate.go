package graph

// Validate reports the first problem of g in one line naming the node and
// field (docs/graphs.md §6): unknown types, missing or extra fields,
// out-of-range parameters, missing inputs, cycles, size limits. The
// backends accept only graphs that pass it.
func (g *Graph) Validate() error {
	return nil // TODO(graph-core): the rules of docs/graphs.md
}
