package dispatch

import (
	"fmt"
	"os"
	"testing"
)

// testCtx is the headless context every test shares; its own goroutine
// owns the GL thread, so tests may run on any goroutine.
var testCtx *Context

// TestMain opens the default (EGL) context once. Without OpenGL 4.3 the
// package's tests are skipped with the reason, unless NOISE_REQUIRE_GPU is
// set (CI sets it), when they fail.
func TestMain(m *testing.M) {
	c, err := New(Options{})
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			fmt.Fprintf(os.Stderr, "FAIL: NOISE_REQUIRE_GPU is set but no GL context: %v\n", err)
			os.Exit(1)
		}
		fmt.Printf("SKIP: gpu/dispatch tests need an OpenGL 4.3 context: %v (set NOISE_REQUIRE_GPU=1 to fail instead)\n", err)
		os.Exit(0)
	}
	testCtx = c
	fmt.Printf("GL: %s (%s)\n", c.Info(), c.Info().Platform)
	code := m.Run()
	c.Close()
	os.Exit(code)
}
