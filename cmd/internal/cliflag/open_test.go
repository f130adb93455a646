//go:build cgo

package cliflag

import (
	"slices"
	"testing"

	"github.com/noiselab/noise/gpu/dispatch"
)

// TestDrivers: the -driver values are the drivers package dispatch knows.
func TestDrivers(t *testing.T) {
	if !slices.Equal(Drivers, dispatch.Drivers) {
		t.Errorf("cliflag.Drivers %q, dispatch.Drivers %q", Drivers, dispatch.Drivers)
	}
}
