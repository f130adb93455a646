// Command vexcheck fails when a Go assembly file uses a legacy-SSE
// instruction on a vector register (package vexcheck): `go run
// ./internal/cmd/vexcheck FILE.s…` prints each one as FILE:LINE and exits 1.
package main

import (
	"fmt"
	"os"

	"github.com/noiselab/noise/internal/vexcheck"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: vexcheck FILE.s...")
		os.Exit(2)
	}
	bad := 0
	for _, name := range os.Args[1:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "vexcheck: %v\n", err)
			os.Exit(2)
		}
		probs, err := vexcheck.Check(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "vexcheck: %s: %v\n", name, err)
			os.Exit(2)
		}
		for _, p := range probs {
			fmt.Fprintf(os.Stderr, "%s:%s\n", name, p)
		}
		bad += len(probs)
	}
	if bad > 0 {
		fmt.Fprintf(os.Stderr, "vexcheck: %d legacy-SSE instructions on vector registers (Intel pays a state transition on each: use the VEX/EVEX forms)\n", bad)
		os.Exit(1)
	}
	fmt.Println("vexcheck: every vector instruction is VEX or EVEX encoded")
}
