package graph

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// landJSON is docs/graphs.md §6's example.
const landJSON = `{
  "version": 1,
  "output": "land",
  "nodes": [
    {"id": "continent", "type": "noise", "noise": "perlin", "dims": 3,
     "settings": {"seed": 1, "frequency": 1, "octaves": 4, "lacunarity": 2, "persistence": 0.5}},
    {"id": "mountains", "type": "noise", "noise": "perlin", "dims": 3,
     "settings": {"seed": 2, "frequency": 4, "octaves": 5, "lacunarity": 2, "persistence": 0.5, "fractal": "ridged"}},
    {"id": "mask", "type": "remap", "in": ["continent"], "from": [-1, 1], "to": [0, 1]},
    {"id": "land", "type": "lerp", "in": ["continent", "mountains", "mask"]}
  ]
}`

// TestDocExample: docs/graphs.md's example loads as written, node by node.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/graphs.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n")
	if !ok {
		t.Fatal("docs/graphs.md has no JSON example")
	}
	js, _, _ := strings.Cut(rest, "```")
	g, err := Load(strings.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if g.Output != "land" || len(g.Nodes) != 4 {
		t.Fatalf("output %q, %d nodes", g.Output, len(g.Nodes))
	}
	m := g.Node("mask")
	if m == nil || m.Type != Remap || m.In[0] != "continent" || *m.From != [2]float32{-1, 1} || *m.To != [2]float32{0, 1} {
		t.Errorf("mask: %+v", m)
	}
	c, err := g.Node("mountains").Config()
	if err != nil {
		t.Fatal(err)
	}
	want := noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.Settings{Seed: 2, Frequency: 4, Octaves: 5,
		Lacunarity: 2, Persistence: 0.5, Fractal: noise.FractalRidged}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("mountains: %+v, want %+v", c, want)
	}
	if g.Node("nope") != nil {
		t.Error("Node of a missing id is not nil")
	}
}

// allTypes is a graph with a node of every type and every optional form.
func allTypes(t testing.TB) *Graph {
	b := NewBuilder()
	d := noise.IdentityDomain()
	d.Rotation = [3]float32{10, 20, 30}
	n := b.Named("perlin", b.Noise(noise.Config{Noise: noise.Perlin, Dims: 3, Settings: noise.DefaultSettings(), Domain: &d}))
	w := b.Noise(noise.Config{Noise: noise.Value, Dims: 2, Tiling: true, Settings: noise.Settings{Seed: -3, Frequency: 2, Octaves: 3, Lacunarity: 2, Persistence: 0.25, Fractal: noise.FractalPingPong, PingPong: 3}})
	c := b.Const(-0.5)
	x := b.Coord("x")
	v := b.Add(n, w)
	v = b.Sub(v, c)
	v = b.Mul(v, b.Div(x, w))
	v = b.Neg(b.Abs(v))
	v = b.Min(v, b.Max(n, c))
	v = b.Clamp(v, -2, 2)
	v = b.Lerp(v, n, b.Remap(w, -1, 1, 0, 1))
	v = b.Select(v, w, n, 0.1, 0.2)
	v = b.Select(v, n, w, 0, 0)
	v = b.SMax(b.SMin(v, n, 0.5), w, 0.25)
	v = b.Terrace(v, -1, -0.25, 0.5, 1)
	v = b.Add(v, b.TerraceSteps(n, 5))
	v = b.Curve(v, [2]float32{-1, 0}, [2]float32{0, 1}, [2]float32{2, -1})
	v = b.Pow(v, 3)
	v = b.Add(v, b.Pow(n, 0))
	v = b.Scale(v, [4]float32{2, 2, 2, 1})
	v = b.Translate(v, [4]float32{1, 2, 3, 4})
	v = b.Rotate(v, [3]float32{0, 45, 0})
	v = b.Displace(v, n, w, c)
	v = b.Displace4(v, n, w, c, x)
	v = b.Named("out", b.Warp(v, noise.Settings{Seed: 7, WarpAmplitude: 0.5, WarpFrequency: 2, WarpOctaves: 3, WarpMode: noise.WarpProgressive}))
	g, err := b.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRoundTrip: Marshal's JSON loads back to an equal graph, for the
// docs' example and a graph with every type; marshalling is stable.
func TestRoundTrip(t *testing.T) {
	land, err := Load(strings.NewReader(landJSON))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Graph{land, allTypes(t)} {
		js, err := g.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Load(bytes.NewReader(js))
		if err != nil {
			t.Fatalf("%v\n%s", err, js)
		}
		if !reflect.DeepEqual(back, g) {
			t.Errorf("round trip changed the graph:\n%s", js)
		}
		again, _ := back.Marshal()
		if !bytes.Equal(again, js) {
			t.Errorf("Marshal is not stable:\n%s\n%s", js, again)
		}
	}
}

// TestMarshalCanonical: the canonical form is indented, nodes in order,
// unset fields left out.
func TestMarshalCanonical(t *testing.T) {
	b := NewBuilder()
	g, err := b.Build(b.Named("a", b.Neg(b.Named("k", b.Const(2)))))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := g.Marshal()
	want := `{
  "version": 1,
  "output": "a",
  "nodes": [
    {
      "id": "k",
      "type": "const",
      "value": 2
    },
    {
      "id": "a",
      "type": "neg",
      "in": [
        "k"
      ]
    }
  ]
}
`
	if string(js) != want {
		t.Errorf("Marshal:\n%s\nwant\n%s", js, want)
	}
}

// TestBuilderIDs: generated ids count the nodes; Named names the next
// node only; a repeated name fails Build.
func TestBuilderIDs(t *testing.T) {
	b := NewBuilder()
	a := b.Const(1)
	c := b.Const(2)
	s := b.Add(a, c)
	if a != "n0" || c != "n1" || s != "n2" {
		t.Errorf("ids %q %q %q, want n0 n1 n2", a, c, s)
	}
	c = b.Named("c", c) // after its use: the add's input follows
	g, err := b.Build(s)
	if err != nil {
		t.Fatal(err)
	}
	if g.Nodes[1].ID != "c" || g.Nodes[2].In[1] != "c" {
		t.Errorf("Named: %+v", g.Nodes)
	}
	if lo, hi := g.Range(); lo != 3 || hi != 3 {
		t.Errorf("Range %v %v, want 3 3", lo, hi)
	}
	b.Named("c", b.Const(3))
	if _, err := b.Build(s); err == nil || err.Error() != `graph: node "c" (const): id: the id of nodes[1] too: ids must be unique` {
		t.Errorf("a repeated name: %v", err)
	}
	b = NewBuilder()
	b.Named("x", "nope")
	if _, err := b.Build(b.Const(1)); err == nil || err.Error() != `graph: Builder.Named("x", "nope"): no node "nope"` {
		t.Errorf("Named of no node: %v", err)
	}
}

// TestLoadFile names the file in its errors.
func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "land.json")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(good, []byte(landJSON), 0o666)
	os.WriteFile(bad, []byte("{\n  \"version\": 1,\n  \"output\": \"x\"\n  \"nodes\": []\n}"), 0o666)
	if _, err := LoadFile(good); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(bad)
	if want := "graph: " + bad + ":4:3: invalid character '\"' after object key:value pair"; err == nil || err.Error() != want {
		t.Errorf("LoadFile: %v, want %s", err, want)
	}
	_, err = LoadFile(filepath.Join(dir, "missing.json"))
	if err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing file: %v", err)
	}
}

// TestLoadErrors: one line per problem, naming line and column, or node
// and field.
func TestLoadErrors(t *testing.T) {
	const head = `{"version": 1, "output": "a", "nodes": [`
	for _, c := range []struct{ name, js, want string }{
		{"syntax", "{\n  \"version\": 1,,\n}", "graph: line 2, column 16: invalid character ',' looking for beginning of object key string"},
		{"truncated", `{"version": 1, "nodes": [`, "graph: line 1, column 25: unexpected end of JSON input"},
		{"not an object", `[1]`, `graph: line 1, column 1: a graph: expected "{"`},
		{"trailing", `{"version": 1, "output": "a", "nodes": [{"id": "a", "type": "const", "value": 1}]} {}`, "graph: line 1, column 84: invalid character '{' after top-level value"},
		{"unknown top field", `{"version": 1, "colour": 2}`, `graph: line 1, column 16: unknown field "colour"; a graph has version, output and nodes`},
		{"twice", `{"version": 1, "version": 1}`, "graph: line 1, column 16: version: given twice"},
		{"version type", `{"version": "1"}`, "graph: line 1, column 15: version: cannot read string as int"},
		{"unknown node field", head + `{"id": "a", "type": "const", "value": 1, "colour": 2}]}`, `graph: line 1, column 41: node "a" (const): colour: unknown field`},
		{"field of another type", head + `{"id": "a", "type": "add", "in": ["b", "b"], "k": 1}]}`, `graph: line 1, column 41: node "a" (add): k: not a field of add`},
		{"zero field of another type", head + `{"id": "a", "type": "const", "value": 1, "tiling": false}]}`, `graph: line 1, column 41: node "a" (const): tiling: not a field of const`},
		{"in on a source", head + `{"id": "a", "type": "const", "value": 1, "in": []}]}`, `graph: line 1, column 41: node "a" (const): in: not a field of const`},
		{"case", head + `{"ID": "a", "type": "const", "value": 1}]}`, `graph: line 1, column 41: nodes[0] (const): ID: unknown field`},
		{"empty", ``, "graph: line 1, column 1: unexpected end of JSON input"},
		{"null", `null`, `graph: line 1, column 1: a graph is a JSON object, not null`},
		{"nested type", head + `{"id": "a", "type": "noise", "noise": "perlin", "dims": 3, "settings": {"octaves": "x"}}]}`, `graph: line 1, column 126: node "a" (noise): settings.octaves: cannot read string as int`},
		{"no type", head + `{"id": "a"}]}`, `graph: line 1, column 41: node "a": type: missing`},
		{"overflow", head + "\n" + `{"id": "a", "type": "const", "value": 1e39}]}`, `graph: line 2, column 42: node "a" (const): value: cannot read number 1e39 as float32`},
		{"settings field", head + `{"id": "a", "type": "noise", "noise": "perlin", "dims": 3, "settings": {"octaves": 1, "colour": 1}}]}`, `graph: line 1, column 41: node "a" (noise): settings: unknown field "colour"`},
		{"points and steps", head + `{"id": "a", "type": "terrace", "in": ["a"], "points": null, "steps": 3}]}`, `graph: line 1, column 41: node "a" (terrace): steps: give points or steps, not both`},
		{"node not an object", head + `3]}`, `graph: line 1, column 41: nodes[0]: a node is a JSON object`},
		{"invalid", head + `{"id": "a", "type": "const", "value": 1}], "output": "b"}`, `graph: line 1, column 84: output: given twice`},
		{"validates", `{"version": 1, "output": "b", "nodes": [{"id": "a", "type": "const", "value": 1}]}`, `graph: output: no node "b"`},
		{"version", `{"version": 2, "output": "a", "nodes": [{"id": "a", "type": "const", "value": 1}]}`, `graph: unsupported graph version 2; this reader knows 1`},
	} {
		_, err := Load(strings.NewReader(c.js))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, err, c.want)
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %T is not *Error", c.name, err)
		}
	}
}

// TestErrorOneLine: a message stays one line whatever the id or type holds.
func TestErrorOneLine(t *testing.T) {
	g := &Graph{Version: 1, Output: "a", Nodes: []Node{{ID: "a", Type: "x\ny"}}}
	err := g.Validate()
	if err == nil || strings.ContainsAny(err.Error(), "\n\r") {
		t.Errorf("%q", err)
	}
}

func f(v float32) *float32 { return &v }

// TestValidate: one row per rule of docs/graphs.md, each with the exact
// message.
func TestValidate(t *testing.T) {
	settings := noise.DefaultSettings()
	perlin := func() Node {
		s := settings
		return Node{ID: "a", Type: Noise, Noise: "perlin", Dims: 3, Settings: &s}
	}
	one := func(n Node) *Graph { return &Graph{Version: 1, Output: n.ID, Nodes: []Node{n}} }
	c1 := Node{ID: "c", Type: Const, Value: f(1)}
	op := func(n Node) *Graph { // n with inputs "c"
		return &Graph{Version: 1, Output: n.ID, Nodes: []Node{c1, n}}
	}
	in1 := []string{"c"}
	in2 := []string{"c", "c"}
	big := func(n int, t Type) *Graph {
		g := &Graph{Version: 1}
		prev := ""
		for i := range n {
			nd := Node{ID: "n" + itoa(i), Type: t}
			switch {
			case t == Noise:
				nd = perlin()
				nd.ID = "n" + itoa(i)
			case i == 0:
				nd.Type, nd.Value = Const, f(1)
			default:
				nd.In = []string{prev}
			}
			prev = nd.ID
			g.Nodes = append(g.Nodes, nd)
		}
		g.Output = prev
		return g
	}
	sum := func(n int) *Graph { // n noise nodes added up: every one reached
		g := big(n, Noise)
		acc := g.Nodes[0].ID
		for i := 1; i < n; i++ {
			id := "s" + itoa(i)
			g.Nodes = append(g.Nodes, Node{ID: id, Type: Add, In: []string{acc, g.Nodes[i].ID}})
			acc = id
		}
		g.Output = acc
		return g
	}
	for _, c := range []struct {
		name string
		g    *Graph
		want string // "" for valid
	}{
		{"valid", one(perlin()), ""},
		{"version 0", &Graph{Output: "c", Nodes: []Node{c1}}, "graph: unsupported graph version 0; this reader knows 1"},
		{"version 2", &Graph{Version: 2, Output: "c", Nodes: []Node{c1}}, "graph: unsupported graph version 2; this reader knows 1"},
		{"no nodes", &Graph{Version: 1, Output: "c"}, "graph: nodes: a graph needs at least one node"},
		{"too many nodes", big(MaxNodes+1, Neg), "graph: nodes: 257 nodes: at most 256"},
		{"max nodes", sum(MaxSources), ""},
		{"too many sources", sum(MaxSources + 1), "graph: nodes: 65 noise nodes: at most 64"},
		{"max depth", big(MaxDepth, Neg), ""},
		{"too deep", big(MaxDepth+1, Neg), `graph: nodes: depth 65 (nodes on the longest path to the output "n64"): at most 64`},
		{"no id", one(Node{Type: Const, Value: f(1)}), "graph: nodes[0] (const): id: missing"},
		{"bad id", one(Node{ID: "a b", Type: Const, Value: f(1)}), `graph: nodes[0] (const): id: invalid id "a b": 1 to 64 letters, digits, '_' or '-'`},
		{"long id", one(Node{ID: strings.Repeat("x", 65), Type: Const, Value: f(1)}), `graph: nodes[0] (const): id: invalid id "` + strings.Repeat("x", 65) + `": 1 to 64 letters, digits, '_' or '-'`},
		{"id chars", one(Node{ID: "Az09_-" + strings.Repeat("x", 58), Type: Const, Value: f(1)}), ""},
		{"duplicate id", &Graph{Version: 1, Output: "c", Nodes: []Node{c1, c1}}, `graph: node "c" (const): id: the id of nodes[0] too: ids must be unique`},
		{"no type", one(Node{ID: "a"}), `graph: node "a": type: missing`},
		{"unknown type", one(Node{ID: "a", Type: "blur"}), `graph: node "a": type: unknown type "blur"; known: noise, const, coord, add, sub, mul, div, neg, abs, min, max, clamp, lerp, select, smin, smax, remap, terrace, curve, pow, scale, translate, rotate, displace, warp`},
		{"inputs on a source", op(Node{ID: "a", Type: Const, Value: f(1), In: in1}), `graph: node "a" (const): in: a const node has no inputs (got 1)`},
		{"too few inputs", op(Node{ID: "a", Type: Add, In: in1}), `graph: node "a" (add): in: 2 inputs (a, b), got 1`},
		{"too many inputs", op(Node{ID: "a", Type: Lerp, In: []string{"c", "c", "c", "c"}}), `graph: node "a" (lerp): in: 3 inputs (a, b, t), got 4`},
		{"displace inputs", op(Node{ID: "a", Type: Displace, In: []string{"c", "c", "c"}}), `graph: node "a" (displace): in: 4 to 5 inputs (source, dx, dy, dz, dw), got 3`},
		{"missing input", &Graph{Version: 1, Output: "a", Nodes: []Node{{ID: "a", Type: Neg, In: []string{"x"}}}}, `graph: node "a" (neg): in: input a: no node "x"`},
		{"no output", &Graph{Version: 1, Nodes: []Node{c1}}, "graph: output: missing: name the output node"},
		{"missing output", &Graph{Version: 1, Output: "x", Nodes: []Node{c1}}, `graph: output: no node "x"`},
		{"self cycle", one(Node{ID: "a", Type: Neg, In: []string{"a"}}), `graph: node "a" (neg): in: a cycle: a → a`},
		{"cycle", &Graph{Version: 1, Output: "a", Nodes: []Node{{ID: "a", Type: Neg, In: []string{"b"}}, {ID: "b", Type: Add, In: []string{"c", "a"}}, c1}},
			`graph: node "a" (neg): in: a cycle: a → b → a`},
		{"unreachable", &Graph{Version: 1, Output: "c", Nodes: []Node{c1, {ID: "d", Type: Neg, In: in1}}}, `graph: node "d" (neg): the output "c" does not use it: remove it`},
		{"field of another type", op(Node{ID: "a", Type: Add, In: in2, K: f(1)}), `graph: node "a" (add): k: not a field of add`},
		{"noise on a const", one(Node{ID: "a", Type: Const, Value: f(1), Noise: "perlin"}), `graph: node "a" (const): noise: not a field of const`},

		{"noise: missing noise", one(Node{ID: "a", Type: Noise, Dims: 3, Settings: &settings}), `graph: node "a" (noise): noise: missing`},
		{"noise: missing settings", one(Node{ID: "a", Type: Noise, Noise: "perlin", Dims: 3}), `graph: node "a" (noise): settings: missing`},
		{"noise: unknown", one(func() Node { n := perlin(); n.Noise = "pink"; return n }()), `graph: node "a" (noise): noise: unknown noise "pink"; known: ` + strings.Join(noise.Names(), ", ")},
		{"noise: dims", one(func() Node { n := perlin(); n.Dims = 5; return n }()), `graph: node "a" (noise): dims: 5: must be 1 to 4 for perlin`},
		{"noise: tiling", one(func() Node { n := perlin(); n.Noise, n.Tiling = "simplex", true; return n }()), `graph: node "a" (noise): tiling: simplex has no tiling variant`},
		{"noise: settings", one(func() Node { n := perlin(); n.Settings.Octaves = 17; return n }()), `graph: node "a" (noise): settings: invalid octaves 17: must be 1 to 16`},
		{"noise: tiling frequency", one(func() Node { n := perlin(); n.Tiling = true; n.Settings.Frequency = 1.5; return n }()),
			`graph: node "a" (noise): settings: invalid frequency 1.5 for tiling: must be a whole number (a tiling lattice wraps every octave at its frequency)`},
		{"noise: domain", one(func() Node { n := perlin(); n.Domain = &noise.Domain{}; return n }()),
			`graph: node "a" (noise): domain: invalid scale x 0: must not be zero (a Domain without Scale has scale 0; start from noise.IdentityDomain() or noise.Scale(s))`},

		{"const: missing", one(Node{ID: "a", Type: Const}), `graph: node "a" (const): value: missing`},
		{"const: NaN", one(Node{ID: "a", Type: Const, Value: f(float32(math.NaN()))}), `graph: node "a" (const): value: NaN: must be finite`},
		{"const: Inf", one(Node{ID: "a", Type: Const, Value: f(float32(math.Inf(1)))}), `graph: node "a" (const): value: +Inf: must be finite`},
		{"coord: missing", one(Node{ID: "a", Type: Coord}), `graph: node "a" (coord): axis: missing`},
		{"coord: axis", one(Node{ID: "a", Type: Coord, Axis: "v"}), `graph: node "a" (coord): axis: "v": must be x, y, z or w`},

		{"clamp: missing max", op(Node{ID: "a", Type: Clamp, In: in1, Min: f(0)}), `graph: node "a" (clamp): max: missing`},
		{"clamp: min above max", op(Node{ID: "a", Type: Clamp, In: in1, Min: f(1), Max: f(0)}), `graph: node "a" (clamp): min: 1 is above max 0`},
		{"clamp: min = max", op(Node{ID: "a", Type: Clamp, In: in1, Min: f(1), Max: f(1)}), ""},
		{"clamp: NaN", op(Node{ID: "a", Type: Clamp, In: in1, Min: f(float32(math.NaN())), Max: f(0)}), `graph: node "a" (clamp): min: NaN: must be finite`},
		{"select: missing falloff", op(Node{ID: "a", Type: Select, In: []string{"c", "c", "c"}, Threshold: f(0)}), `graph: node "a" (select): falloff: missing`},
		{"select: negative falloff", op(Node{ID: "a", Type: Select, In: []string{"c", "c", "c"}, Threshold: f(0), Falloff: f(-1)}),
			`graph: node "a" (select): falloff: -1: must be 0 (a hard switch) or finite and at least 2^-126`},
		{"select: subnormal falloff", op(Node{ID: "a", Type: Select, In: []string{"c", "c", "c"}, Threshold: f(0), Falloff: f(1e-40)}),
			`graph: node "a" (select): falloff: 1e-40: must be 0 (a hard switch) or finite and at least 2^-126`},
		{"select: threshold", op(Node{ID: "a", Type: Select, In: []string{"c", "c", "c"}, Threshold: f(float32(math.Inf(-1))), Falloff: f(0)}),
			`graph: node "a" (select): threshold: -Inf: must be finite`},
		{"smin: k 0", op(Node{ID: "a", Type: SMin, In: in2, K: f(0)}), `graph: node "a" (smin): k: 0: must be finite and above 0 (at least 2^-126)`},
		{"smax: k missing", op(Node{ID: "a", Type: SMax, In: in2}), `graph: node "a" (smax): k: missing`},
		{"remap: ends", op(Node{ID: "a", Type: Remap, In: in1, From: &[2]float32{1, 1}, To: &[2]float32{0, 1}}), `graph: node "a" (remap): from: the two ends must differ`},
		{"remap: missing to", op(Node{ID: "a", Type: Remap, In: in1, From: &[2]float32{0, 1}}), `graph: node "a" (remap): to: missing`},
		{"remap: overflow", op(Node{ID: "a", Type: Remap, In: in1, From: &[2]float32{-3e38, 3e38}, To: &[2]float32{0, 1}}), `graph: node "a" (remap): from: f1 − f0 overflows float32`},
		{"remap: scale overflow", op(Node{ID: "a", Type: Remap, In: in1, From: &[2]float32{0, 1e-30}, To: &[2]float32{0, 1e30}}),
			`graph: node "a" (remap): to: the scale (t1 − t0)/(f1 − f0) overflows float32`},
		{"remap: decreasing", op(Node{ID: "a", Type: Remap, In: in1, From: &[2]float32{1, -1}, To: &[2]float32{0, 0}}), ""},
		{"terrace: neither", op(Node{ID: "a", Type: Terrace, In: in1}), `graph: node "a" (terrace): points: missing: give points (2 to 64) or steps (2 to 64)`},
		{"terrace: both", op(Node{ID: "a", Type: Terrace, In: in1, Points: []float32{0, 1}, Steps: 3}), `graph: node "a" (terrace): steps: give points or steps, not both`},
		{"terrace: one point", op(Node{ID: "a", Type: Terrace, In: in1, Points: []float32{0}}), `graph: node "a" (terrace): points: 1 points: must be 2 to 64`},
		{"terrace: 65 points", op(Node{ID: "a", Type: Terrace, In: in1, Points: make([]float32, 65)}), `graph: node "a" (terrace): points: 65 points: must be 2 to 64`},
		{"terrace: not increasing", op(Node{ID: "a", Type: Terrace, In: in1, Points: []float32{0, 1, 1}}),
			`graph: node "a" (terrace): points: point 2, 1: must be above point 1, 1 (strictly increasing)`},
		{"terrace: span overflow", op(Node{ID: "a", Type: Terrace, In: in1, Points: []float32{-3e38, 3e38}}),
			`graph: node "a" (terrace): points: points 0 and 1: their difference overflows float32`},
		{"terrace: steps 1", op(Node{ID: "a", Type: Terrace, In: in1, Steps: 1}), `graph: node "a" (terrace): steps: 1: must be 2 to 64`},
		{"terrace: steps 65", op(Node{ID: "a", Type: Terrace, In: in1, Steps: 65}), `graph: node "a" (terrace): steps: 65: must be 2 to 64`},
		{"terrace: steps 64", op(Node{ID: "a", Type: Terrace, In: in1, Steps: 64}), ""},
		{"curve: one point", op(Node{ID: "a", Type: Curve, In: in1, CurvePoints: [][2]float32{{0, 0}}}), `graph: node "a" (curve): curve: 1 points: must be 2 to 64`},
		{"curve: x not increasing", op(Node{ID: "a", Type: Curve, In: in1, CurvePoints: [][2]float32{{0, 0}, {0, 1}}}),
			`graph: node "a" (curve): curve: point 1: x 0 must be above point 0's x 0 (strictly increasing)`},
		{"curve: NaN", op(Node{ID: "a", Type: Curve, In: in1, CurvePoints: [][2]float32{{0, 0}, {1, float32(math.NaN())}}}),
			`graph: node "a" (curve): curve: point 1, [1, NaN]: must be finite`},
		{"curve: slope", op(Node{ID: "a", Type: Curve, In: in1, CurvePoints: [][2]float32{{0, 0}, {1e-30, 1e30}}}),
			`graph: node "a" (curve): curve: points 0 and 1: the slope overflows float32`},
		{"pow: 17", op(Node{ID: "a", Type: Pow, In: in1, Exponent: new(int(17))}), `graph: node "a" (pow): exponent: 17: must be 0 to 16`},
		{"pow: -1", op(Node{ID: "a", Type: Pow, In: in1, Exponent: new(int(-1))}), `graph: node "a" (pow): exponent: -1: must be 0 to 16`},
		{"pow: missing", op(Node{ID: "a", Type: Pow, In: in1}), `graph: node "a" (pow): exponent: missing`},
		{"pow: 0", op(Node{ID: "a", Type: Pow, In: in1, Exponent: new(int(0))}), ""},

		{"scale: zero", op(Node{ID: "a", Type: Scale, In: in1, ScaleBy: &[4]float32{1, 1, 1, 0}}), `graph: node "a" (scale): scale: w 0: must be finite and non-zero`},
		{"scale: missing", op(Node{ID: "a", Type: Scale, In: in1}), `graph: node "a" (scale): scale: missing`},
		{"translate: Inf", op(Node{ID: "a", Type: Translate, In: in1, TranslateBy: &[4]float32{0, float32(math.Inf(1)), 0, 0}}), `graph: node "a" (translate): translate: y +Inf: must be finite`},
		{"rotate: NaN", op(Node{ID: "a", Type: Rotate, In: in1, RotateBy: &[3]float32{0, 0, float32(math.NaN())}}), `graph: node "a" (rotate): rotate: z NaN: must be finite`},
		{"warp: no amplitude", op(Node{ID: "a", Type: Warp, In: in1, Seed: new(int32(1))}), `graph: node "a" (warp): warpAmplitude: missing`},
		{"warp: no seed", op(Node{ID: "a", Type: Warp, In: in1, WarpAmplitude: 1}), `graph: node "a" (warp): seed: missing`},
		{"warp: amplitude", op(Node{ID: "a", Type: Warp, In: in1, Seed: new(int32(1)), WarpAmplitude: 1e6}),
			`graph: node "a" (warp): warpAmplitude: invalid warp amplitude 1e+06: must be finite and at most 65536 in magnitude (0: no warp)`},
		{"warp: octaves", op(Node{ID: "a", Type: Warp, In: in1, Seed: new(int32(1)), WarpAmplitude: 1, WarpOctaves: 17}),
			`graph: node "a" (warp): warpOctaves: invalid warp octaves 17: must be 1 to 16 (0 means 1)`},
		{"warp: frequency", op(Node{ID: "a", Type: Warp, In: in1, Seed: new(int32(1)), WarpAmplitude: 1, WarpFrequency: -2}),
			`graph: node "a" (warp): warpFrequency: invalid warp frequency -2: must be at least 1 (0 means 1)`},
		{"warp: mode", op(Node{ID: "a", Type: Warp, In: in1, Seed: new(int32(1)), WarpAmplitude: 1, WarpMode: 9}),
			`graph: node "a" (warp): warpMode: invalid warp mode 9; valid: [independent progressive]`},
	} {
		err := c.g.Validate()
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestSub: the subgraph of a node holds exactly the nodes it reads, in the
// graph's order, and validates; an unknown id gives nil.
func TestSub(t *testing.T) {
	g, err := Load(strings.NewReader(`{"version": 1, "output": "out", "nodes": [
		{"id": "a", "type": "const", "value": 1},
		{"id": "b", "type": "const", "value": 2},
		{"id": "c", "type": "coord", "axis": "x"},
		{"id": "ab", "type": "add", "in": ["a", "b"]},
		{"id": "out", "type": "mul", "in": ["ab", "c"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sub := g.Sub("ab")
	var ids []string
	for _, n := range sub.Nodes {
		ids = append(ids, n.ID)
	}
	if sub.Output != "ab" || strings.Join(ids, ",") != "a,b,ab" {
		t.Errorf("Sub(ab) = output %q, nodes %v; want ab, [a b ab]", sub.Output, ids)
	}
	if err := sub.Validate(); err != nil {
		t.Errorf("Sub(ab) does not validate: %v", err)
	}
	if g.Sub("nope") != nil {
		t.Error("Sub of an unknown id is not nil")
	}
}
