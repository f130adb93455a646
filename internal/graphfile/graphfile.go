// Package graphfile loads a graph's JSON file for the commands.
//
// TODO(graph-core): a stand-in for graph.LoadFile until it lands: replace
// Load's body by `return graph.LoadFile(path)` (or its callers by
// graph.LoadFile) and delete this package.
package graphfile

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/noiselab/noise/graph"
)

// Load reads and validates the graph in the JSON file at path; its errors
// are one line naming the file.
func Load(path string) (*graph.Graph, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var g graph.Graph
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if g.Version != graph.Version {
		return nil, fmt.Errorf("%s: version %d; this reader takes %d", path, g.Version, graph.Version)
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &g, nil
}
