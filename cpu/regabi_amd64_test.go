//go:build amd64 && !purego

package cpu

import "testing"

// TestRegABIOK checks that the register kernels run on this build (their
// self-test passes: if Go's register ABI moved an argument, this fails
// while ValueAt falls back to the ABI0 paths), and that the self-test's
// points tell a kernel from one that reads an argument from the wrong
// register: each misreading stand-in below must fail regKernelsAgree.
func TestRegABIOK(t *testing.T) {
	if !hasAVX2() {
		t.Skip("no AVX2")
	}
	pairs := regABIPairs()
	if len(pairs) < 8 {
		t.Fatalf("%d register kernels checked, want at least 8", len(pairs))
	}
	if !regABIOK() || !regKernelsAgree(pairs) {
		t.Fatal("a register kernel disagrees with its reference: Go's register ABI may have changed (asmgen/pointlean.go, pointlean2s.go)")
	}
	misreads := map[string]func(valueFunc) valueFunc{
		"x for y": func(f valueFunc) valueFunc {
			return func(vp *variantParams, h SmallXXHash, p point, fr float32) float32 { p.y = p.x; return f(vp, h, p, fr) }
		},
		"z for x": func(f valueFunc) valueFunc {
			return func(vp *variantParams, h SmallXXHash, p point, fr float32) float32 { p.x = p.z; return f(vp, h, p, fr) }
		},
		"y for z": func(f valueFunc) valueFunc {
			return func(vp *variantParams, h SmallXXHash, p point, fr float32) float32 { p.z = p.y; return f(vp, h, p, fr) }
		},
		"w for f": func(f valueFunc) valueFunc {
			return func(vp *variantParams, h SmallXXHash, p point, fr float32) float32 { return f(vp, h, p, p.w) }
		},
		"hash high half": func(f valueFunc) valueFunc {
			return func(vp *variantParams, h SmallXXHash, p point, fr float32) float32 { return f(vp, h>>16, p, fr) }
		},
	}
	for _, pr := range pairs {
		for name, m := range misreads {
			if pr.name[len(pr.name)-2:] == "2D" || len(pr.name) > 7 && pr.name[len(pr.name)-7:] == "2D wide" {
				if name == "x for y" {
					continue // 2D noise does not read y
				}
			}
			bad := pr
			bad.reg = m(pr.ref)
			if regKernelsAgree([]regPair{bad}) {
				t.Errorf("%s: the self-test does not notice a kernel that reads %s", pr.name, name)
			}
		}
	}
}
