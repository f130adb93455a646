package glfwctx

import (
	"flag"
	"os"
	"testing"
)

// TestMain skips the package's example without a display (the tests say
// why themselves: TestGLFWContext checks the ErrNoDisplay path then).
func TestMain(m *testing.M) {
	if !haveDisplay() {
		flag.Parse()
		flag.Set("test.skip", "^Example")
	}
	os.Exit(m.Run())
}
