package graph

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/noiselab/noise"
)

// spec is what a node type takes: its inputs (by the names docs/graphs.md
// gives them) and its JSON fields besides id, type and in.
type spec struct {
	inputs   []string // the input names; displace's last is optional
	optional int      // how many of the last inputs may be left out
	fields   []string // the fields the type may set
	required []string // the fields it must set (terrace: points or steps, checked apart)
}

// specs is docs/graphs.md §2–§4's tables.
var specs = map[Type]spec{
	Noise: {fields: []string{"noise", "dims", "tiling", "settings", "domain"}, required: []string{"noise", "dims", "settings"}},
	Const: {fields: []string{"value"}, required: []string{"value"}},
	Coord: {fields: []string{"axis"}, required: []string{"axis"}},

	Add:     {inputs: []string{"a", "b"}},
	Sub:     {inputs: []string{"a", "b"}},
	Mul:     {inputs: []string{"a", "b"}},
	Div:     {inputs: []string{"a", "b"}},
	Neg:     {inputs: []string{"a"}},
	Abs:     {inputs: []string{"a"}},
	Min:     {inputs: []string{"a", "b"}},
	Max:     {inputs: []string{"a", "b"}},
	Clamp:   {inputs: []string{"a"}, fields: []string{"min", "max"}, required: []string{"min", "max"}},
	Lerp:    {inputs: []string{"a", "b", "t"}},
	Select:  {inputs: []string{"a", "b", "control"}, fields: []string{"threshold", "falloff"}, required: []string{"threshold", "falloff"}},
	SMin:    {inputs: []string{"a", "b"}, fields: []string{"k"}, required: []string{"k"}},
	SMax:    {inputs: []string{"a", "b"}, fields: []string{"k"}, required: []string{"k"}},
	Remap:   {inputs: []string{"a"}, fields: []string{"from", "to"}, required: []string{"from", "to"}},
	Terrace: {inputs: []string{"a"}, fields: []string{"points", "steps"}},
	Curve:   {inputs: []string{"a"}, fields: []string{"curve"}, required: []string{"curve"}},
	Pow:     {inputs: []string{"a"}, fields: []string{"exponent"}, required: []string{"exponent"}},

	Scale:     {inputs: []string{"source"}, fields: []string{"scale"}, required: []string{"scale"}},
	Translate: {inputs: []string{"source"}, fields: []string{"translate"}, required: []string{"translate"}},
	Rotate:    {inputs: []string{"source"}, fields: []string{"rotate"}, required: []string{"rotate"}},
	Displace:  {inputs: []string{"source", "dx", "dy", "dz", "dw"}, optional: 1},
	Warp: {inputs: []string{"source"}, fields: []string{"warpAmplitude", "warpFrequency", "warpOctaves", "warpMode", "seed"},
		required: []string{"warpAmplitude", "seed"}},
}

// Types returns every node type in the order of docs/graphs.md's tables.
func Types() []Type {
	return []Type{Noise, Const, Coord, Add, Sub, Mul, Div, Neg, Abs, Min, Max, Clamp, Lerp, Select, SMin, SMax,
		Remap, Terrace, Curve, Pow, Scale, Translate, Rotate, Displace, Warp}
}

// typeNames is the list of types for messages.
func typeNames() string {
	var s []string
	for _, t := range Types() {
		s = append(s, string(t))
	}
	return strings.Join(s, ", ")
}

// Inputs returns the names docs/graphs.md gives t's inputs ("a", "b",
// "t"; "source", "dx", …) and how many of them are required: displace
// takes 4 or 5, every other type exactly len(names). A source has none.
// An unknown type has none.
func Inputs(t Type) (names []string, required int) {
	s := specs[t]
	return append([]string(nil), s.inputs...), len(s.inputs) - s.optional
}

// setFields lists the JSON names of n's fields that are set (non-zero),
// besides id, type and in.
func setFields(n *Node) []string {
	var f []string
	add := func(set bool, name string) {
		if set {
			f = append(f, name)
		}
	}
	add(n.Noise != "", "noise")
	add(n.Dims != 0, "dims")
	add(n.Tiling, "tiling")
	add(n.Settings != nil, "settings")
	add(n.Domain != nil, "domain")
	add(n.Value != nil, "value")
	add(n.Axis != "", "axis")
	add(n.Min != nil, "min")
	add(n.Max != nil, "max")
	add(n.Threshold != nil, "threshold")
	add(n.Falloff != nil, "falloff")
	add(n.K != nil, "k")
	add(n.From != nil, "from")
	add(n.To != nil, "to")
	add(n.Points != nil, "points")
	add(n.Steps != 0, "steps")
	add(n.CurvePoints != nil, "curve")
	add(n.Exponent != nil, "exponent")
	add(n.ScaleBy != nil, "scale")
	add(n.TranslateBy != nil, "translate")
	add(n.RotateBy != nil, "rotate")
	add(n.Seed != nil, "seed")
	add(n.WarpAmplitude != 0, "warpAmplitude")
	add(n.WarpFrequency != 0, "warpFrequency")
	add(n.WarpOctaves != 0, "warpOctaves")
	add(n.WarpMode != 0, "warpMode")
	return f
}

// nodeFields is every JSON field name a node may have, for Load.
var nodeFields = func() map[string]bool {
	m := map[string]bool{"id": true, "type": true, "in": true}
	for _, s := range specs {
		for _, f := range s.fields {
			m[f] = true
		}
	}
	return m
}()

// validID reports whether id is 1 to MaxIDLen letters, digits, '_' or '-'.
func validID(id string) bool {
	if len(id) < 1 || len(id) > MaxIDLen {
		return false
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }

// minNormal is the smallest normal float32, 2^-126. Parameters that the
// backends invert (select's falloff, smin's k) must be at least this, so
// that the inverse is finite and no GPU flushes them to zero.
const minNormal = 0x1p-126

// Validate reports the first problem of g as one *Error line naming the
// node, its type and the field (docs/graphs.md §6): the version, the
// size limits, ids, unknown types, the inputs' count, fields that are
// missing or do not belong to the type, out-of-range parameters (every
// number finite), references to missing nodes, the output, cycles, nodes
// the output does not reach, and the depth limit. The backends accept
// only graphs that pass it.
func (g *Graph) Validate() error {
	if g.Version != Version {
		return graphErr("", "unsupported graph version %d; this reader knows %d", g.Version, Version)
	}
	if len(g.Nodes) == 0 {
		return graphErr("nodes", "a graph needs at least one node")
	}
	if len(g.Nodes) > MaxNodes {
		return graphErr("nodes", "%d nodes: at most %d", len(g.Nodes), MaxNodes)
	}
	index := make(map[string]int, len(g.Nodes))
	sources := 0
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.ID == "" {
			return nodeErr(n, i, "id", "missing")
		}
		if !validID(n.ID) {
			return nodeErr(n, i, "id", "invalid id %q: 1 to %d letters, digits, '_' or '-'", n.ID, MaxIDLen)
		}
		if j, dup := index[n.ID]; dup {
			return nodeErr(n, i, "id", "the id of nodes[%d] too: ids must be unique", j)
		}
		index[n.ID] = i
		if err := n.validate(i); err != nil {
			return err
		}
		if n.Type == Noise {
			sources++
		}
	}
	if sources > MaxSources {
		return graphErr("nodes", "%d noise nodes: at most %d", sources, MaxSources)
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		names, _ := Inputs(n.Type)
		for k, in := range n.In {
			if _, ok := index[in]; !ok {
				return nodeErr(n, i, "in", "input %s: no node %q", names[k], in)
			}
		}
	}
	if g.Output == "" {
		return graphErr("output", "missing: name the output node")
	}
	out, ok := index[g.Output]
	if !ok {
		return graphErr("output", "no node %q", g.Output)
	}
	// Cycles: a depth-first search from every node, in order.
	const (
		unseen = iota
		open
		done
	)
	state := make([]int, len(g.Nodes))
	depth := make([]int, len(g.Nodes))
	var path []int
	var visit func(i int) *Error
	visit = func(i int) *Error {
		switch state[i] {
		case done:
			return nil
		case open:
			start := 0
			for path[start] != i {
				start++
			}
			var ids []string
			for _, j := range path[start:] {
				ids = append(ids, g.Nodes[j].ID)
			}
			ids = append(ids, g.Nodes[i].ID)
			return nodeErr(&g.Nodes[i], i, "in", "a cycle: %s", strings.Join(ids, " → "))
		}
		state[i] = open
		path = append(path, i)
		d := 0
		for _, in := range g.Nodes[i].In {
			j := index[in]
			if err := visit(j); err != nil {
				return err
			}
			d = max(d, depth[j])
		}
		depth[i] = d + 1
		path = path[:len(path)-1]
		state[i] = done
		return nil
	}
	for i := range g.Nodes {
		if err := visit(i); err != nil {
			return err
		}
	}
	// Reachability from the output.
	reached := make([]bool, len(g.Nodes))
	stack := []int{out}
	reached[out] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, in := range g.Nodes[i].In {
			if j := index[in]; !reached[j] {
				reached[j] = true
				stack = append(stack, j)
			}
		}
	}
	for i := range g.Nodes {
		if !reached[i] {
			return nodeErr(&g.Nodes[i], i, "", "the output %q does not use it: remove it", g.Output)
		}
	}
	if depth[out] > MaxDepth {
		return graphErr("nodes", "depth %d (nodes on the longest path to the output %q): at most %d", depth[out], g.Output, MaxDepth)
	}
	return nil
}

// validate checks n on its own: type, inputs' count, fields and parameters.
func (n *Node) validate(i int) error {
	sp, ok := specs[n.Type]
	if !ok {
		if n.Type == "" {
			return nodeErr(n, i, "type", "missing")
		}
		return nodeErr(n, i, "type", "unknown type %q; known: %s", string(n.Type), typeNames())
	}
	errf := func(field, format string, args ...any) error { return nodeErr(n, i, field, format, args...) }
	if lo, hi := len(sp.inputs)-sp.optional, len(sp.inputs); len(n.In) < lo || len(n.In) > hi {
		switch {
		case hi == 0:
			return errf("in", "a %s node has no inputs (got %d)", n.Type, len(n.In))
		case lo == hi:
			return errf("in", "%d inputs (%s), got %d", hi, strings.Join(sp.inputs, ", "), len(n.In))
		default:
			return errf("in", "%d to %d inputs (%s), got %d", lo, hi, strings.Join(sp.inputs, ", "), len(n.In))
		}
	}
	allowed := map[string]bool{}
	for _, f := range sp.fields {
		allowed[f] = true
	}
	for _, f := range setFields(n) {
		if !allowed[f] {
			return errf(f, "not a field of %s", n.Type)
		}
	}
	set := map[string]bool{}
	for _, f := range setFields(n) {
		set[f] = true
	}
	for _, f := range sp.required {
		if !set[f] {
			return errf(f, "missing")
		}
	}
	switch n.Type {
	case Noise:
		return n.validateNoise(errf)
	case Const:
		if !finite(*n.Value) {
			return errf("value", "%v: must be finite", *n.Value)
		}
	case Coord:
		if n.Axis != "x" && n.Axis != "y" && n.Axis != "z" && n.Axis != "w" {
			return errf("axis", "%q: must be x, y, z or w", n.Axis)
		}
	case Clamp:
		lo, hi := *n.Min, *n.Max
		if !finite(lo) {
			return errf("min", "%v: must be finite", lo)
		}
		if !finite(hi) {
			return errf("max", "%v: must be finite", hi)
		}
		if lo > hi {
			return errf("min", "%v is above max %v", lo, hi)
		}
	case Select:
		if !finite(*n.Threshold) {
			return errf("threshold", "%v: must be finite", *n.Threshold)
		}
		if f := *n.Falloff; !finite(f) || f < 0 || (f != 0 && f < minNormal) {
			return errf("falloff", "%v: must be 0 (a hard switch) or finite and at least 2^-126", f)
		}
	case SMin, SMax:
		if k := *n.K; !finite(k) || k < minNormal {
			return errf("k", "%v: must be finite and above 0 (at least 2^-126)", k)
		}
	case Remap:
		return n.validateRemap(errf)
	case Terrace:
		return n.validateTerrace(errf)
	case Curve:
		return n.validateCurve(errf)
	case Pow:
		if e := *n.Exponent; e < 0 || e > MaxPow {
			return errf("exponent", "%d: must be 0 to %d", e, MaxPow)
		}
	case Scale:
		for c, s := range n.ScaleBy {
			if !finite(s) || s == 0 {
				return errf("scale", "%c %v: must be finite and non-zero", "xyzw"[c], s)
			}
		}
	case Translate:
		for c, t := range n.TranslateBy {
			if !finite(t) {
				return errf("translate", "%c %v: must be finite", "xyzw"[c], t)
			}
		}
	case Rotate:
		for c, r := range n.RotateBy {
			if !finite(r) {
				return errf("rotate", "%c %v: must be finite", "xyz"[c], r)
			}
		}
	case Warp:
		if n.WarpAmplitude == 0 {
			return errf("warpAmplitude", "must not be 0 (a warp node without amplitude does nothing)")
		}
		s := n.WarpSettings()
		s.Frequency, s.Octaves, s.Lacunarity = 1, 1, 1
		if err := s.Validate(); err != nil {
			return errf(warpField(err.Error()), "%v", err)
		}
	}
	return nil
}

// warpField names the warp field a noise.Settings error is about.
func warpField(msg string) string {
	switch {
	case strings.Contains(msg, "warp amplitude"):
		return "warpAmplitude"
	case strings.Contains(msg, "warp octaves"):
		return "warpOctaves"
	case strings.Contains(msg, "warp mode"):
		return "warpMode"
	}
	return "warpFrequency"
}

// validateNoise checks a noise node's fields, each with noise.Config's own
// rules.
func (n *Node) validateNoise(errf func(string, string, ...any) error) error {
	kind, err := noise.ParseNoise(n.Noise)
	if err != nil {
		return errf("noise", "unknown noise %q; known: %s", n.Noise, strings.Join(noise.Names(), ", "))
	}
	if n.Dims < 1 || n.Dims > kind.MaxDims() {
		return errf("dims", "%d: must be 1 to %d for %s", n.Dims, kind.MaxDims(), kind)
	}
	if n.Tiling && !kind.Tiling() {
		return errf("tiling", "%s has no tiling variant", kind)
	}
	if err := n.Settings.Validate(); err != nil {
		return errf("settings", "%v", err)
	}
	if n.Domain != nil {
		if err := n.Domain.Validate(); err != nil {
			return errf("domain", "%v", err)
		}
	}
	cfg, _ := n.Config()
	if err := cfg.Validate(); err != nil {
		return errf("settings", "%v", err)
	}
	return nil
}

// validateRemap checks from and to and that s = (t1 − t0)/(f1 − f0) is a
// finite float32.
func (n *Node) validateRemap(errf func(string, string, ...any) error) error {
	f, t := *n.From, *n.To
	for k := range 2 {
		if !finite(f[k]) {
			return errf("from", "%v: must be finite", f[k])
		}
	}
	for k := range 2 {
		if !finite(t[k]) {
			return errf("to", "%v: must be finite", t[k])
		}
	}
	if f[0] == f[1] {
		return errf("from", "the two ends must differ")
	}
	if !finite(f[1] - f[0]) {
		return errf("from", "f1 − f0 overflows float32")
	}
	if !finite(t[1] - t[0]) {
		return errf("to", "t1 − t0 overflows float32")
	}
	if s, _ := n.RemapScale(); !finite(s) {
		return errf("to", "the scale (t1 − t0)/(f1 − f0) overflows float32")
	}
	return nil
}

// validateTerrace checks points (or steps): 2 to MaxPoints, strictly
// increasing, finite, every span finite.
func (n *Node) validateTerrace(errf func(string, string, ...any) error) error {
	switch {
	case n.Points != nil && n.Steps != 0:
		return errf("steps", "give points or steps, not both")
	case n.Points == nil && n.Steps == 0:
		return errf("points", "missing: give points (2 to %d) or steps (2 to %d)", MaxPoints, MaxPoints)
	case n.Points == nil:
		if n.Steps < 2 || n.Steps > MaxPoints {
			return errf("steps", "%d: must be 2 to %d", n.Steps, MaxPoints)
		}
		return nil
	}
	p := n.Points
	if len(p) < 2 || len(p) > MaxPoints {
		return errf("points", "%d points: must be 2 to %d", len(p), MaxPoints)
	}
	for k, v := range p {
		if !finite(v) {
			return errf("points", "point %d, %v: must be finite", k, v)
		}
		if k > 0 && !(v > p[k-1]) {
			return errf("points", "point %d, %v: must be above point %d, %v (strictly increasing)", k, v, k-1, p[k-1])
		}
		if k > 0 && !finite(v-p[k-1]) {
			return errf("points", "points %d and %d: their difference overflows float32", k-1, k)
		}
	}
	return nil
}

// validateCurve checks the curve's points: 2 to MaxPoints, x strictly
// increasing, finite, every segment's slope finite.
func (n *Node) validateCurve(errf func(string, string, ...any) error) error {
	c := n.CurvePoints
	if len(c) < 2 || len(c) > MaxPoints {
		return errf("curve", "%d points: must be 2 to %d", len(c), MaxPoints)
	}
	for k, pt := range c {
		if !finite(pt[0]) || !finite(pt[1]) {
			return errf("curve", "point %d, [%v, %v]: must be finite", k, pt[0], pt[1])
		}
		if k == 0 {
			continue
		}
		if !(pt[0] > c[k-1][0]) {
			return errf("curve", "point %d: x %v must be above point %d's x %v (strictly increasing)", k, pt[0], k-1, c[k-1][0])
		}
		dx, dy := pt[0]-c[k-1][0], pt[1]-c[k-1][1]
		if !finite(dx) || !finite(dy) || !finite(dy/dx) {
			return errf("curve", "points %d and %d: the slope overflows float32", k-1, k)
		}
	}
	return nil
}

// Config returns a noise node's noise.Config (Settings and Domain copied).
// The error is for a node that is not a noise node or names no known
// noise; Validate checks the rest.
func (n *Node) Config() (noise.Config, error) {
	if n.Type != Noise {
		return noise.Config{}, fmt.Errorf("graph: node %q is a %s node, not a noise node", n.ID, n.Type)
	}
	kind, err := noise.ParseNoise(n.Noise)
	if err != nil {
		return noise.Config{}, fmt.Errorf("graph: node %q: %v", n.ID, err)
	}
	c := noise.Config{Noise: kind, Dims: n.Dims, Tiling: n.Tiling}
	if n.Settings != nil {
		c.Settings = *n.Settings
	}
	if n.Domain != nil {
		d := *n.Domain
		c.Domain = &d
	}
	return c, nil
}

// WarpSettings returns a warp node's warp as noise.Settings: the seed and
// the warp fields (the others zero).
func (n *Node) WarpSettings() noise.Settings {
	s := noise.Settings{WarpAmplitude: n.WarpAmplitude, WarpFrequency: n.WarpFrequency,
		WarpOctaves: n.WarpOctaves, WarpMode: n.WarpMode}
	if n.Seed != nil {
		s.Seed = *n.Seed
	}
	return s
}

// TerracePoints returns a terrace node's points: Points, or for Steps the
// even points −1 + (2·i)/(Steps − 1), i = 0 … Steps − 1, computed in
// float32 as docs/graphs.md §3 says (the last is 1).
func (n *Node) TerracePoints() []float32 {
	if n.Points != nil || n.Steps < 2 {
		return append([]float32(nil), n.Points...)
	}
	p := make([]float32, n.Steps)
	den := float32(n.Steps - 1)
	for i := range p {
		q := float32(float32(2*i) / den)
		p[i] = float32(-1 + q)
	}
	return p
}

// RemapScale returns a remap node's s = (t1 − t0)/(f1 − f0), each
// operation rounded to float32 (docs/graphs.md §3), and ok false for a
// node without From and To.
func (n *Node) RemapScale() (s float32, ok bool) {
	if n.From == nil || n.To == nil {
		return 0, false
	}
	num := float32(n.To[1] - n.To[0])
	den := float32(n.From[1] - n.From[0])
	return float32(num / den), true
}

// sortedKeys returns m's keys in order, for stable messages.
func sortedKeys(m map[string]bool) []string {
	k := make([]string, 0, len(m))
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return k
}
