// Package graph is the vocabulary of noise graphs: nodes that compose noise
// sources and operators into one function of position (docs/graphs.md), the
// versioned JSON format that saves them, their validation and their output
// ranges. The backends run them: package cpu (cpu.NewGraph) and, as one
// GLSL function, gpu/shaders and gpu/dispatch.
package graph

import "github.com/noiselab/noise"

// Version is the JSON format version this package reads and writes.
const Version = 1

// Limits on a graph's size (docs/graphs.md §6).
const (
	MaxNodes   = 256 // nodes in a graph
	MaxSources = 64  // noise nodes in a graph
	MaxDepth   = 64  // nodes on the longest path from a source to the output
	MaxPoints  = 64  // terrace and curve points; terrace steps
	MaxIDLen   = 64  // characters in a node id
	MaxPow     = 16  // pow's largest exponent
)

// Graph is a DAG of nodes with one output node. Nodes may be listed in any
// order; inputs refer to nodes by ID.
type Graph struct {
	Version int    `json:"version"`
	Output  string `json:"output"`
	Nodes   []Node `json:"nodes"`
}

// Type is a node's type: what it computes (docs/graphs.md §2–§4).
type Type string

// The node types.
const (
	// Sources.
	Noise Type = "noise" // a noise.Config's sampler
	Const Type = "const" // Value
	Coord Type = "coord" // one coordinate of the position (Axis)

	// Operators.
	Add     Type = "add"     // a + b
	Sub     Type = "sub"     // a − b
	Mul     Type = "mul"     // a · b
	Div     Type = "div"     // a / b; 0 where b = 0
	Neg     Type = "neg"     // −a
	Abs     Type = "abs"     // |a|
	Min     Type = "min"     // the smaller of a and b
	Max     Type = "max"     // the larger of a and b
	Clamp   Type = "clamp"   // a clamped to [Min, Max]
	Lerp    Type = "lerp"    // a + t·(b − a)
	Select  Type = "select"  // a or b by control against Threshold, blended over Falloff
	SMin    Type = "smin"    // polynomial smooth minimum with width K
	SMax    Type = "smax"    // polynomial smooth maximum with width K
	Remap   Type = "remap"   // From's interval mapped onto To's
	Terrace Type = "terrace" // terraces through Points (or Steps even ones)
	Curve   Type = "curve"   // piecewise linear through CurvePoints
	Pow     Type = "pow"     // a to the integer Exponent

	// Domain nodes: the source (In[0]) at a transformed position.
	Scale     Type = "scale"     // (x·sx, y·sy, z·sz, w·sw)
	Translate Type = "translate" // (x + tx, …)
	Rotate    Type = "rotate"    // the Surfaces rotation matrix of Rotate (degrees)
	Displace  Type = "displace"  // (x + dx, y + dy, z + dz[, w + dw]), In = source, dx, dy, dz[, dw]
	Warp      Type = "warp"      // the domain warp of docs/algorithms.md §8.7
)

// Node is one node of a graph. Which fields it uses depends on Type
// (docs/graphs.md); the others must be left zero. Pointer fields are
// pointers so that a missing required field can be told from a zero one.
type Node struct {
	ID   string   `json:"id"`
	Type Type     `json:"type"`
	In   []string `json:"in,omitempty"` // input node IDs, in the order docs/graphs.md gives

	// Noise: the variant, as noise.Config.
	Noise    string          `json:"noise,omitempty"` // a name of noise.Names
	Dims     int             `json:"dims,omitempty"`
	Tiling   bool            `json:"tiling,omitempty"`
	Settings *noise.Settings `json:"settings,omitempty"`
	Domain   *noise.Domain   `json:"domain,omitempty"`

	Value *float32 `json:"value,omitempty"` // Const
	Axis  string   `json:"axis,omitempty"`  // Coord: "x", "y", "z" or "w"

	Min *float32 `json:"min,omitempty"` // Clamp
	Max *float32 `json:"max,omitempty"` // Clamp

	Threshold *float32 `json:"threshold,omitempty"` // Select
	Falloff   *float32 `json:"falloff,omitempty"`   // Select: 0 is a hard switch
	K         *float32 `json:"k,omitempty"`         // SMin, SMax: the blend width, > 0

	From *[2]float32 `json:"from,omitempty"` // Remap
	To   *[2]float32 `json:"to,omitempty"`   // Remap

	Points      []float32    `json:"points,omitempty"` // Terrace
	Steps       int          `json:"steps,omitempty"`  // Terrace, instead of Points
	CurvePoints [][2]float32 `json:"curve,omitempty"`  // Curve: (x, y) with x increasing

	Exponent *int `json:"exponent,omitempty"` // Pow: 0 to MaxPow

	ScaleBy     *[4]float32 `json:"scale,omitempty"`     // Scale: non-zero
	TranslateBy *[4]float32 `json:"translate,omitempty"` // Translate
	RotateBy    *[3]float32 `json:"rotate,omitempty"`    // Rotate: Euler angles in degrees, as noise.Domain.Rotation

	// Warp: noise.Settings' warp fields and the hash seed.
	Seed          *int32         `json:"seed,omitempty"`
	WarpAmplitude float32        `json:"warpAmplitude,omitempty"`
	WarpFrequency int32          `json:"warpFrequency,omitempty"`
	WarpOctaves   int            `json:"warpOctaves,omitempty"`
	WarpMode      noise.WarpMode `json:"warpMode,omitempty"`
}
