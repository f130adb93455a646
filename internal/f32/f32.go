// Package f32 holds the exact float32 helpers that the noise vocabulary
// (package noise, its domain matrices) and the CPU reference share.
package f32

import "math"

// ToRad is Unity's math.TORADIANS as a float (0x3C8EFA35).
var ToRad = math.Float32frombits(0x3C8EFA35)

// InputLimit bounds input coordinates before the domain transform (2^64).
const InputLimit = 1 << 64

// Sin and Cos are Unity.Mathematics' managed float transcendentals: the
// double-precision result rounded to float.
func Sin(x float32) float32 { return float32(math.Sin(float64(x))) }

// Cos is the cosine like Sin.
func Cos(x float32) float32 { return float32(math.Cos(float64(x))) }

// Abs clears the sign bit.
func Abs(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// Finite reports whether x is neither infinite nor NaN.
func Finite(x float32) bool { return x-x == 0 }
