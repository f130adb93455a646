// Package dimcheck words the one refusal that the CPU and GPU samplers
// share: a call whose positions have a number of components that the
// variant does not take (a 4D position for 3D noise, a 3-component one for
// 4D noise, a point of the 2D plane for 3D noise).
package dimcheck

import (
	"fmt"
	"strings"

	"github.com/noiselab/noise"
)

// Fits reports whether a call that takes n-component positions suits
// noise of dims dimensions: n 2 (At2's plane) for 1D and 2D noise, n 3
// for 1D to 3D noise (1D noise reads x, 2D x and z), n 4 for 4D noise.
func Fits(n, dims int) bool {
	switch n {
	case 2:
		return dims <= 2
	case 3:
		return dims <= 3
	}
	return dims == 4
}

// Err returns nil when call, which takes n-component positions, fits
// cfg's variant, and otherwise the refusal: one line, prefixed by pkg
// ("cpu", "dispatch"), naming the call, the variant and the call to use.
func Err(pkg, call string, n int, cfg noise.Config) error {
	if Fits(n, cfg.Dims) {
		return nil
	}
	base := strings.TrimSuffix(strings.TrimSuffix(call, "4"), "2")
	switch n {
	case 4:
		return fmt.Errorf("%s: %s takes 4D positions, and %s noise reads %s: use %s (only 4D noise reads w)",
			pkg, call, cfg.Variant(), reads(cfg.Dims), base)
	case 3:
		return fmt.Errorf("%s: %s takes 3-component positions, and %s noise reads x, y, z and w: use %s4",
			pkg, call, cfg.Variant(), base)
	}
	use := base
	if cfg.Dims == 4 {
		use += "4"
	}
	return fmt.Errorf("%s: %s takes a point (x, y) of 2D noise's XZ plane, and %s noise reads %s: use %s",
		pkg, call, cfg.Variant(), reads(cfg.Dims), use)
}

// reads names the coordinates noise of dims dimensions reads.
func reads(dims int) string {
	return [...]string{1: "x", 2: "x and z", 3: "x, y and z", 4: "x, y, z and w"}[dims]
}
