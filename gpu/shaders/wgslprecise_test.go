package shaders

import (
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// preludeWGSL declares what the snippets below use.
const preludeWGSL = `
var<private> noiseOpaque: u32;
fn fence(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) ^ noiseOpaque); }
struct S { v: f32, n: i32, }
`

// TestPreciseWGSLFences checks the rewrite on snippets whose fenced form
// is worked out by hand: every f32 and vecNf +, −, ×, / and inexact
// built-in is fenced; integer, boolean and constant arithmetic is not.
func TestPreciseWGSLFences(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fn f(a: f32, b: f32, c: f32) -> f32 { return a * b + c; }", "return fence(fence(a * b) + c);"},
		{"fn f(a: f32) -> f32 { let x = 6.0 * a; return x; }", "let x = fence(6.0 * a);"},
		{"fn f(i: i32, u: u32) -> i32 { let k = i * 3 + 1; return k + i32(u >> 2u); }", "let k = i * 3 + 1; return k + i32(u >> 2u);"},
		{"fn f(i: i32) -> f32 { return f32(i) - 0.5; }", "return fence(f32(i) - 0.5);"},
		{"fn f(s: S) -> f32 { return s.v * f32(s.n * 2); }", "return fence(s.v * f32(s.n * 2));"},
		{"fn f(a: f32) -> f32 { const k = 2.0 * 0.25; return a * k; }", "const k = 2.0 * 0.25; return fence(a * k);"},
		{"fn f(a: f32, b: f32) -> f32 { return fence(a - b) * (a + b); }", "return fence(fence(a - b) * (fence(a + b)));"},
		{"fn f(a: f32) -> f32 { return sqrt(a) / exp(-a); }", "return fence(fence(sqrt(a)) / fence(exp(-a)));"},
		{"fn f(v: vec3f, a: f32) -> vec3f { return v * a + v; }", "return fence3(fence3(v * a) + v);"},
		{"fn f(v: vec4f) -> f32 { return v.x * v.y + v.zw.x; }", "return fence(fence(v.x * v.y) + v.zw.x);"},
		{"fn f(a: f32, b: f32) -> bool { return a * b < a; }", "return fence(a * b) < a;"},
		{"fn f(p: ptr<function, f32>, a: f32) { *p = *p * a; }", "*p = fence(*p * a);"},
		{"fn f(a: f32) -> f32 { var s = 0.0; for (var i = 0; i < 3; i++) { s = s + a; } return s; }", "s = fence(s + a);"},
	} {
		got, err := preciseWGSL(preludeWGSL+c.in, 0)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s\n got %s\nwant it to contain %s", c.in, strings.TrimPrefix(got, preludeWGSL), c.want)
		}
	}
}

// TestPreciseWGSLWorst: with the worst rewrite every f32 division becomes
// worstDiv with a site of its own and each inexact built-in its twin,
// before worstEnd only; integer division stays.
func TestPreciseWGSLWorst(t *testing.T) {
	src := preludeWGSL + "fn f(a: f32, b: f32, i: i32) -> f32 { return a / b + sqrt(a) / inverseSqrt(b) + f32(i / 2); }\n"
	tail := "fn g(a: f32) -> f32 { return sqrt(a) / a; }\n"
	got, err := preciseWGSL(src+tail, len(src))
	if err != nil {
		t.Fatal(err)
	}
	want := "return fence(fence(worstDiv(a , b, 0x5A17E000u) + worstDiv(worstSqrt(a) , worstInversesqrt(b), 0x5A17E001u)) + f32(i / 2));"
	if !strings.Contains(got, want) {
		t.Errorf("got %s\nwant it to contain %s", got, want)
	}
	if !strings.Contains(got, "return fence(fence(sqrt(a)) / a);") {
		t.Errorf("the worst-case twins' own operations were rewritten: %s", got)
	}
}

// TestPreciseWGSLRefuses: what the rewrite cannot fence is an error, not
// a silent gap.
func TestPreciseWGSLRefuses(t *testing.T) {
	for _, in := range []string{
		"fn f(a: f32) -> f32 { var s = a; s += a; return s; }",
		"fn f(a: f32) -> f32 { return unknown(a); }",
		"fn f(a: f32) -> f32 { return b; }",
	} {
		if _, err := preciseWGSL(preludeWGSL+in, 0); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
	v := "fn f(a: vec2f, b: vec2f) -> vec2f { return a / b; }\n"
	if _, err := preciseWGSL(preludeWGSL+v, len(preludeWGSL)+len(v)); err == nil {
		t.Errorf("%s under worst: no error", v)
	}
}

// TestWGSLEveryVariantFenced: every variant's kernel, native and worst,
// goes through the rewrite (which fails on what it cannot type), with the
// vector fences and, under worst, the emulated division.
func TestWGSLEveryVariantFenced(t *testing.T) {
	for _, cfg := range allVariantConfigs() {
		for _, prec := range []Precision{PrecisionNative, PrecisionWorst} {
			src, err := ComputeSourceWGSL(cfg, true, 64, &Options{Precision: prec})
			if err != nil {
				t.Fatalf("%s, %s: %v", cfg.Variant(), prec, err)
			}
			if !strings.Contains(src, "noise_fence3(") && cfg.Dims >= 2 {
				// warpApply's vector arithmetic is in every kernel
				t.Errorf("%s: no vector fence", cfg.Variant())
			}
			if prec == PrecisionWorst && !strings.Contains(src, "noise_worstDiv(") {
				t.Errorf("%s: worst has no worstDiv", cfg.Variant())
			}
		}
	}
}

// allVariantConfigs is every variant with the default settings.
func allVariantConfigs() []noise.Config {
	var out []noise.Config
	for _, n := range noise.Noises() {
		for d := 1; d <= n.MaxDims(); d++ {
			for _, tiling := range []bool{false, true} {
				if tiling && !n.Tiling() {
					continue
				}
				out = append(out, noise.Config{Noise: n, Dims: d, Tiling: tiling, Settings: noise.DefaultSettings()})
			}
		}
	}
	return out
}
