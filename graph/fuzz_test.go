package graph

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// FuzzLoad: Load never panics, its errors are one line, and a graph that
// loads marshals and loads back equal, to the same bytes.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(landJSON))
	if js, err := allTypes(f).Marshal(); err == nil {
		f.Add(js)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 8 {
		js, _ := randomGraph(rng, 1+rng.IntN(12)).Marshal()
		f.Add(js)
	}
	f.Add([]byte(`{"version": 1, "output": "a", "nodes": [{"id": "a", "type": "terrace", "in": ["a"], "steps": 3}]}`))
	f.Add([]byte(`{"version": 1, "output": "a", "nodes": [{"id": "a", "type": "const", "value": 1e39}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Load(bytes.NewReader(data))
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("a message of more than one line: %q", err)
			}
			return
		}
		js, err := g.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Load(bytes.NewReader(js))
		if err != nil {
			t.Fatalf("the marshalled graph does not load: %v\n%s", err, js)
		}
		if !reflect.DeepEqual(back, g) {
			t.Fatalf("round trip changed the graph:\n%s", js)
		}
		if again, _ := back.Marshal(); !bytes.Equal(again, js) {
			t.Fatalf("Marshal is not stable:\n%s\n%s", js, again)
		}
		if lo, hi := g.Range(); !(lo <= hi) {
			t.Fatalf("Range %v, %v", lo, hi)
		}
	})
}
